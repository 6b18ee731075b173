// Implementation of VerifyTable (see verify.h).
#include "plugins/surakarta/verify.h"

#include <atomic>
#include <mutex>
#include <string>

#include "absl/strings/str_cat.h"
#include "games/surakarta/combination.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/notation.h"
#include "plugins/surakarta/table_slice.h"
#include "plugins/surakarta/tablebase.h"
#include "plugins/surakarta/value_rules.h"
#include "retro/solver/loopy_wdl.h"

namespace retro::surakarta {
namespace {

// The value of a position from the values of its moves and the rules.
WdlOutcome ExpectedValue(Bitboard us, Bitboard them, NoMoveRule rule,
                         const FuChouIndexer& same,
                         const std::vector<uint8_t>& table,
                         const FuChouIndexer& smaller_indexer,
                         const std::vector<uint8_t>* smaller) {
  return ExpectedOutcome(
      us, them, rule, [&](const Move& m, Bitboard child_us, Bitboard child_them) {
        return m.capture
                   ? DecodeWdl((*smaller)[smaller_indexer.Rank(child_us, child_them)])
                   : DecodeWdl(table[same.Rank(child_us, child_them)]);
      });
}

}  // namespace

absl::Status VerifyTable(int pieces, NoMoveRule rule,
                         const std::vector<uint8_t>& table,
                         const std::vector<uint8_t>* smaller, ThreadPool& pool,
                         Progress* progress) {
  if (pieces < 1 || pieces > kMaxTablePieces) {
    return absl::InvalidArgumentError(absl::StrCat("bad piece count ", pieces,
                                                   ": tables have 1 to ",
                                                   kMaxTablePieces, " pieces"));
  }
  if (table.size() != TableSize(pieces)) {
    return absl::InvalidArgumentError(
        absl::StrCat("the ", pieces, "-piece table has ", table.size(),
                     " bytes; expected ", TableSize(pieces)));
  }
  if (pieces > 1 &&
      (smaller == nullptr || smaller->size() != TableSize(pieces - 1))) {
    return absl::InvalidArgumentError(absl::StrCat(
        "checking the ", pieces, "-piece table needs the ", pieces - 1,
        "-piece table of ", TableSize(pieces - 1), " bytes"));
  }
  const FuChouIndexer indexer = *FuChouIndexer::Create(pieces);
  const FuChouIndexer smaller_indexer = *FuChouIndexer::Create(pieces - 1);
  std::atomic<bool> failed{false};
  std::mutex mutex;
  uint64_t first_bad = UINT64_MAX;
  std::string message;
  if (progress != nullptr) progress->StartPhase("verify", table.size());
  const uint64_t colours = uint64_t{1} << pieces;
  pool.ParallelFor(
      0, table.size(), uint64_t{1} << 14, [&](int, uint64_t b, uint64_t e) {
        if (failed.load(std::memory_order_relaxed)) return;
        Bitboard occupied = 0;
        uint64_t set_rank = UINT64_MAX;
        for (uint64_t i = b; i < e; ++i) {
          if (i / colours != set_rank) {
            set_rank = i / colours;
            occupied = CombinationUnrank(set_rank, pieces);
          }
          const Bitboard us = DepositBits(i % colours, occupied);
          const Bitboard them = occupied & ~us;
          const uint8_t stored = table[i];
          const WdlOutcome expected = ExpectedValue(
              us, them, rule, indexer, table, smaller_indexer, smaller);
          if (stored == kWdlUnknownByte || DecodeWdl(stored) != expected) {
            std::lock_guard<std::mutex> lock(mutex);
            if (i < first_bad) {
              first_bad = i;
              Position p;
              p.us = us;
              p.them = them;
              message = absl::StrCat(
                  "the ", pieces, "-piece table is inconsistent at index ", i,
                  " (", FormatPosition(p), "): stored byte ",
                  static_cast<int>(stored), " (",
                  FormatOutcome(DecodeWdl(stored)), "), expected ",
                  FormatOutcome(expected));
            }
            failed.store(true, std::memory_order_relaxed);
            return;
          }
        }
        if (progress != nullptr) progress->Advance(e - b);
      });
  if (failed.load()) return absl::DataLossError(message);
  return absl::OkStatus();
}

}  // namespace retro::surakarta
