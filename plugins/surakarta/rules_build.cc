// The build side of SurakartaRules (rules.h): the solver adapters that
// solve each slice and that `retro check` compares, and the plan's
// estimates. Not part of the tablebase reader (dtc_tables.h), which links
// rules.cc alone.
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "plugins/surakarta/contract.h"
#include "plugins/surakarta/rules.h"
#include "plugins/surakarta/scheme_table_slice.h"
#include "plugins/surakarta/table_slice.h"
#include "retro/combinatorics.h"
#include "retro/kit/size_estimates.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/solver/solve_context.h"
#include "retro/system_memory.h"

namespace retro::surakarta {

absl::StatusOr<std::vector<uint8_t>> SurakartaRules::SolveSlice(
    int slice, std::span<const std::vector<uint8_t>> solved,
    const solver::SolveContext& context) const {
  const int n = slice + 1;
  const std::vector<uint8_t>* smaller = n > 1 ? &solved[slice - 1] : nullptr;
  if (indexing_ == TableIndexing::kFuChou) {
    return solver::SolveLoopyWdl(TableSlice(n, rule_, smaller), context);
  }
  // The rules' indexers, built once for solving, checking and probing.
  return solver::SolveLoopyWdl(
      SchemeTableSlice<SymmetricIndexer>(Symmetric(n), Symmetric(n - 1), rule_, smaller), context);
}

// The adapter game of the rules' indexing.
struct SurakartaRules::Adapters
    : std::variant<ContractGame<FuChouIndexer>, ContractGame<SymmetricIndexer>> {
  using variant::variant;
};

const SurakartaRules::Adapters& SurakartaRules::AdaptersOnce() const {
  std::call_once(shared_->adapters_once, [&] {
    shared_->adapters =
        indexing_ == TableIndexing::kFuChou
            ? std::make_shared<const Adapters>(std::in_place_type<ContractGame<FuChouIndexer>>,
                                               pieces_, rule_)
            : std::make_shared<const Adapters>(
                  std::in_place_type<ContractGame<SymmetricIndexer>>, pieces_, rule_,
                  [this](int n) -> const SymmetricIndexer& { return Symmetric(n); });
  });
  return *shared_->adapters;
}

std::string SurakartaRules::Inconsistency(const Position& p) const {
  return std::visit([&](const auto& game) { return game.Inconsistency(p); }, AdaptersOnce());
}

void SurakartaRules::ForEachSolverParent(const Position& p,
                                         absl::FunctionRef<void(const Position&)> visit) const {
  std::visit([&](const auto& game) { game.ForEachParent(p, visit); }, AdaptersOnce());
}

namespace {

// Memory model of a build of tables 1..N (bytes), per record: a position,
// or a symmetry class with --indexer symmetric. Every finished table is
// kept (one byte per position) until the file is written; while table n is
// solved, the solver holds its value and open-move bytes, the frontier lists
// of a level (8 bytes per entry, at worst about a third of the table) and
// the result, and the table builder keeps a copy of table n - 1 in huge
// pages. The measured peaks (docs/games/surakarta.md) fit 5 bytes per
// position of the largest table: 0.80 GB for 1..6 pieces, 6.73 GB for 1..7;
// the estimate allows 6 (0.93 GB and 7.78 GB).
constexpr double kSolverBytesPerPosition = 6.0;
constexpr uint64_t kBaseBytes = uint64_t{32} << 20;
// A symmetric table has one record per class: slightly more than 1/8 of the
// positions (symmetric placements form smaller classes); 0.1252 to 0.1270
// of them from 3 to 7 pieces. Small tables are negligible anyway.
constexpr double kClassesPerPosition = 0.127;

// Records of the n-piece table (estimated for symmetric tables).
uint64_t Records(int pieces, TableIndexing indexing) {
  return indexing == TableIndexing::kFuChou
             ? TableSize(pieces)
             : static_cast<uint64_t>(kClassesPerPosition * static_cast<double>(TableSize(pieces))) +
                   1;
}

// The indexers of n and n - 1 pieces of the symmetric layout: 8 bytes per
// n-subset of the 36 points and 16 per canonical one (about 1/8 of them);
// the 9-piece one measured 0.95 GB (tests/surakarta/indexer_test.cc).
uint64_t IndexerBytes(int pieces, TableIndexing indexing) {
  if (indexing != TableIndexing::kSymmetric) return 0;
  return 10 * (Binomial(kSquares, pieces) + Binomial(kSquares, pieces - 1));
}

// Records of the tables of 1..pieces pieces (FuChou's: their positions).
uint64_t AllRecords(int pieces, TableIndexing indexing) {
  uint64_t records = 0;
  for (int n = 1; n <= pieces; ++n) records += Records(n, indexing);
  return records;
}

uint64_t EstimateMemory(int pieces, TableIndexing indexing) {
  return kBaseBytes + AllRecords(pieces, indexing) +
         static_cast<uint64_t>(kSolverBytesPerPosition *
                               static_cast<double>(Records(pieces, indexing))) +
         (pieces > 1 ? Records(pieces - 1, indexing) : 0) + IndexerBytes(pieces, indexing);
}

}  // namespace

kit::SizeEstimates SurakartaRules::EstimateSizes(uint64_t available_bytes) const {
  const uint64_t file = AllRecords(pieces_, indexing_);  // one byte a record
  const int largest = LargestThatFits(MaxTablePiecesOf(indexing_), available_bytes,
                                      [&](int n) { return EstimateMemory(n, indexing_); });
  return {.positions = AllRecords(pieces_, TableIndexing::kFuChou),
          .memory_bytes = EstimateMemory(pieces_, indexing_),
          .file_bytes = file,
          .replicated_memory_bytes = kBaseBytes + 2 * file + IndexerBytes(pieces_, indexing_),
          .what_fits = largest == 0 ? std::string("not even the 1-piece table fits")
                                    : absl::StrCat("the largest that fits is --pieces ", largest)};
}

}  // namespace retro::surakarta
