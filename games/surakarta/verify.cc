// Implementation of VerifyTable (see verify.h).
#include "games/surakarta/verify.h"

#include <atomic>
#include <mutex>
#include <string>

#include "absl/strings/str_cat.h"
#include "games/surakarta/combination.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/notation.h"
#include "games/surakarta/table_slice.h"
#include "games/surakarta/tablebase.h"
#include "retro/solver/loopy_wdl.h"

namespace retro::surakarta {
namespace {

// The value of a position from the values of its moves and the rules.
WdlOutcome ExpectedValue(Bitboard us, Bitboard them, NoMoveRule rule,
                         const FuChouIndexer& same,
                         const std::vector<uint8_t>& table,
                         const FuChouIndexer& smaller_indexer,
                         const std::vector<uint8_t>* smaller) {
  if (us == 0) return WdlOutcome::Loss(0);
  if (them == 0) return WdlOutcome::Win(0);
  MoveList moves;
  GenerateMoves(us, them, moves);
  if (moves.empty()) {
    if (rule == NoMoveRule::kLoss) return WdlOutcome::Loss(0);
    const int mine = PopCount(us), theirs = PopCount(them);
    return mine > theirs   ? WdlOutcome::Win(0)
           : mine < theirs ? WdlOutcome::Loss(0)
                           : WdlOutcome::Draw();
  }
  WdlOutcome best = WdlOutcome::Loss(0);
  bool first = true;
  for (const Move& m : moves) {
    const Bitboard child_us = m.capture ? them & ~SquareBit(m.to) : them;
    const Bitboard child_them = us ^ SquareBit(m.from) ^ SquareBit(m.to);
    WdlOutcome value;
    if (m.capture) {
      const WdlOutcome child =
          DecodeWdl((*smaller)[smaller_indexer.Rank(child_us, child_them)]);
      // A capture converts: one ply, the opposite result.
      value = child.result == Wdl::kLoss  ? WdlOutcome::Win(1)
              : child.result == Wdl::kWin ? WdlOutcome::Loss(1)
                                          : WdlOutcome::Draw();
    } else {
      value = WdlOutcome::AfterMove(
          DecodeWdl(table[same.Rank(child_us, child_them)]));
    }
    if (first || BetterForMover(value, best)) best = value;
    first = false;
  }
  return best;
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
