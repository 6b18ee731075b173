// Implementation of VerifyTable (see verify.h): the loopy kit's verifier
// (retro::kit::LoopyWdlTables::CheckRecordByChildIndices, the one `retro
// verify` runs on FuChou files) on the records of one table.
#include "plugins/surakarta/verify.h"

#include <atomic>
#include <mutex>
#include <span>
#include <string>

#include "absl/strings/str_cat.h"
#include "plugins/surakarta/rules.h"
#include "plugins/surakarta/table_slice.h"
#include "retro/kit/loopy_wdl_database.h"

namespace retro::surakarta {

absl::Status VerifyTable(int pieces, NoMoveRule rule, const std::vector<uint8_t>& table,
                         const std::vector<uint8_t>* smaller, ThreadPool& pool,
                         Progress* progress) {
  if (pieces < 1 || pieces > kMaxTablePieces) {
    return absl::InvalidArgumentError(absl::StrCat("bad piece count ", pieces,
                                                   ": tables have 1 to ", kMaxTablePieces,
                                                   " pieces"));
  }
  if (table.size() != TableSize(pieces)) {
    return absl::InvalidArgumentError(absl::StrCat("the ", pieces, "-piece table has ",
                                                   table.size(), " bytes; expected ",
                                                   TableSize(pieces)));
  }
  if (pieces > 1 && (smaller == nullptr || smaller->size() != TableSize(pieces - 1))) {
    return absl::InvalidArgumentError(absl::StrCat(
        "checking the ", pieces, "-piece table needs the ", pieces - 1, "-piece table of ",
        TableSize(pieces - 1), " bytes"));
  }
  // Steps stay in the table and captures read the one below: the others
  // are never looked at.
  std::vector<std::span<const uint8_t>> tables(pieces);
  tables[pieces - 1] = table;
  if (pieces > 1) tables[pieces - 2] = *smaller;
  const kit::LoopyWdlTables<SurakartaRules> reader(
      SurakartaRules(pieces, rule, TableIndexing::kFuChou), std::move(tables));
  std::atomic<bool> failed{false};
  std::mutex mutex;
  uint64_t first_bad = UINT64_MAX;
  std::string message;
  if (progress != nullptr) progress->StartPhase("verify", table.size());
  pool.ParallelFor(0, table.size(), uint64_t{1} << 14, [&](int, uint64_t b, uint64_t e) {
    if (failed.load(std::memory_order_relaxed)) return;
    SurakartaRules::ChildScratch scratch;
    for (uint64_t i = b; i < e; ++i) {
      std::string problem = reader.CheckRecordByChildIndices(pieces - 1, i, scratch);
      if (problem.empty()) continue;
      std::lock_guard<std::mutex> lock(mutex);
      if (i < first_bad) {
        first_bad = i;
        message = absl::StrCat("the ", pieces, "-piece table is inconsistent at index ", i,
                               ": ", problem);
      }
      failed.store(true, std::memory_order_relaxed);
      return;
    }
    if (progress != nullptr) progress->Advance(e - b);
  });
  if (failed.load()) return absl::DataLossError(message);
  return absl::OkStatus();
}

}  // namespace retro::surakarta
