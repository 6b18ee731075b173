// Surakarta distance-to-conversion tablebases: one table per piece count
// 1..N holding every placement of n pieces (all splits between the sides),
// normalised so that the side to move is "us", indexed by FuChouIndexer, one
// byte per position in the codec of retro/solver/loopy_wdl.h (EncodeWdl:
// win/draw/loss for the side to move and the distance in plies to the next
// capture, winner minimising, loser maximising). Placements where the side to
// move has no pieces are lost at distance 0; those where the opponent has
// none (unreachable in play) are won at distance 0.
//
// Tables built here are read through the same reader as tables in a file
// (DtcTables, dtc_tables.h): Probe and ProbeMoves are that reader's.
//
// Typical use:
//   absl::StatusOr<Tablebase> tb = Tablebase::Build({.max_pieces = 5});
//   absl::StatusOr<WdlOutcome> v = tb->Probe(position);
//   absl::StatusOr<std::vector<MoveValue>> moves = tb->ProbeMoves(position);
#ifndef PLUGINS_SURAKARTA_TABLEBASE_H_
#define PLUGINS_SURAKARTA_TABLEBASE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "games/surakarta/move.h"
#include "games/surakarta/no_move_rule.h"
#include "games/surakarta/position.h"
#include "plugins/surakarta/dtc_tables.h"
#include "plugins/surakarta/rules.h"
#include "plugins/surakarta/table_slice.h"
#include "retro/progress.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/thread_pool.h"

namespace retro::surakarta {

// What to build.
struct TablebaseOptions {
  int max_pieces = 4;  // tables 1..max_pieces
  NoMoveRule no_move_rule = NoMoveRule::kLoss;
  int threads = 0;  // 0: one per hardware thread
};

// Counts of one table's results.
struct TableSummary {
  uint64_t wins = 0, draws = 0, losses = 0;
  int longest_win = 0, longest_loss = 0;
};

// (TableSize(pieces), the positions of a table, is in rules.h.)

// Solves the table of `pieces` pieces given the solved table of pieces - 1
// (`smaller`; unused for one piece) on `pool`. Fails on a bad piece count or
// a `smaller` table of the wrong size.
absl::StatusOr<std::vector<uint8_t>> BuildTable(int pieces, NoMoveRule rule,
                                                const std::vector<uint8_t>* smaller,
                                                ThreadPool& pool, Progress* progress);

// Counts the results of a table.
TableSummary Summarize(const std::vector<uint8_t>& table);

// "win in 3", "loss in 0", "draw" (distances in plies).
std::string FormatOutcome(WdlOutcome outcome);

class Tablebase {
 public:
  // Builds tables 1..options.max_pieces in increasing piece count.
  static absl::StatusOr<Tablebase> Build(const TablebaseOptions& options,
                                         Progress* progress = nullptr);

  // Wraps tables built earlier (e.g. read back from a file): tables[n - 1]
  // is the n-piece table. Checks the sizes.
  static absl::StatusOr<Tablebase> FromTables(NoMoveRule rule,
                                              std::vector<std::vector<uint8_t>> tables);

  int max_pieces() const { return static_cast<int>(tables_->size()); }
  NoMoveRule no_move_rule() const { return rule_; }

  // The table of `pieces` pieces, 1 <= pieces <= max_pieces().
  const std::vector<uint8_t>& table(int pieces) const { return (*tables_)[pieces - 1]; }

  // The value of `p` for its side to move (DtcTables::Probe). Fails when p
  // has no pieces or more than max_pieces().
  absl::StatusOr<WdlOutcome> Probe(const Position& p) const;

  // Every legal move of `p` with its value for the mover, best first
  // (DtcTables::ProbeMoves): a capture is worth one ply and the opposite of
  // the smaller table's result; a step is worth WdlOutcome::AfterMove of the
  // position it leads to.
  absl::StatusOr<std::vector<MoveValue>> ProbeMoves(const Position& p) const;

 private:
  Tablebase() = default;

  NoMoveRule rule_ = NoMoveRule::kLoss;
  // Shared by copies, which keeps the reader's views of the bytes valid.
  std::shared_ptr<const std::vector<std::vector<uint8_t>>> tables_;
  std::shared_ptr<const DtcTables> reader_;
};

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_TABLEBASE_H_
