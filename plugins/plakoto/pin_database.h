// The pin-distance database of one (P, p): for every position of the 13 free
// checkers on points 1..P (indexed by the bearoff rank of the free checkers,
// see bearoff_indexer.h) the value
//
//   D(s) = expected number of the mover's turns until the turn in which the
//          pin is released, COUNTING THE CURRENT TURN, with the play that
//          maximises it,
//
// so D >= 1 for every position; K = D - 1 (further turns the pin survives)
// is the alternative convention, obtained by subtracting one. Values are
// doubles (8 bytes per record: 67 KB for P = 6, 19 MB for P = 12).
//
// Build() solves with the chance solver (retro/solver/chance.h, in
// pin_build.cc, options in pin_build_options.h); lookups
// give D, and for probing the best play of each of the 21 rolls with its
// value. Errors a user can cause (a position of the wrong size or pin) are
// statuses.
#ifndef PLUGINS_PLAKOTO_PIN_DATABASE_H_
#define PLUGINS_PLAKOTO_PIN_DATABASE_H_

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/move_generator.h"
#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"

namespace retro::plakoto {

// The options of Build (pin_build_options.h), declared here so that a reader
// of databases (pin_file.h) need not include the solver's types.
struct PinBuildOptions;

// The outcome of one roll from a position.
struct RollAnalysis {
  Roll roll;
  // False when the roll has no legal move (the position stays as it is).
  bool has_move = false;
  // The number of distinct afterstates the roll allows.
  int num_plays = 0;
  // The best play (the first in generation order among equal values) and
  // its value g: 0 if it releases the pin, else D of the afterstate.
  Play best_play;
  double best_value = 0;
};

// The database of one (points, pin).
class PinDatabase {
 public:
  // Solves (points, pin): the solver's side, not the reader's. Defined in
  // pin_build.cc with the chance solver; the options are in
  // pin_build_options.h (without them: one thread, no progress).
  //   Returns: the database; under several ranks (options.communicator)
  //     only rank 0's holds the values, the others' are empty.
  //   Errors: InvalidArgument for points not 6 or 12 or a pin outside 2..6.
  //   Thread safety: any thread. Cost: root only (a whole solve).
  static absl::StatusOr<PinDatabase> Build(int points, int pin);
  static absl::StatusOr<PinDatabase> Build(int points, int pin,
                                           const PinBuildOptions& options);

  // Wraps values read from elsewhere (a file).
  //   Parameters: points, 6 or 12; pin, 2..6; values, D by record.
  //   Returns: the database, owning the values.
  //   Errors: InvalidArgument for another P or pin, or a wrong count.
  //   Thread safety: any thread. Cost: root only (moves the values).
  static absl::StatusOr<PinDatabase> FromValues(int points, int pin,
                                                std::vector<double> values);

  // The board size P, the pin point p, the number of records
  // (C(13 + P - 1, P - 1)) and D by index (bearoff rank of the free
  // checkers).
  //   Returns: values of the database, valid while it lives; no errors.
  //   Thread safety: any number of threads at once. Cost: fit for every node.
  int points() const { return points_; }
  int pin() const { return pin_; }
  uint64_t size() const { return values_.size(); }
  const std::vector<double>& values() const { return values_; }
  // Moves D out, leaving this database empty.
  //   Returns: the values; no errors.
  //   Thread safety: not with any other call on this database.
  //   Cost: root only (moves the vector; the database is then unusable).
  std::vector<double> TakeValues() && { return std::move(values_); }

  // The index of a position of this database's (P, p).
  //   Parameters: position, valid and of this (P, p) (unchecked:
  //     CheckPosition checks).
  //   Returns: its record, below size(); no errors.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (one rank).
  uint64_t IndexOf(const Position& position) const {
    return indexer_.Rank(position.FreeBoard());
  }
  // The position of a record.
  //   Parameters: index, below size() (unchecked).
  //   Returns: the position; no errors.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (one unrank).
  Position PositionAt(uint64_t index) const {
    return PositionFromFree(points_, pin_, indexer_.Unrank(index));
  }
  // D of a position.
  //   Parameters: position, any position.
  //   Returns: D >= 1, the current turn counted.
  //   Errors: InvalidArgument when it is invalid or of another (P, p).
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a check, a rank and a read).
  absl::StatusOr<double> Value(const Position& position) const;
  // g of an afterstate of this database's (P, p): 0 when the pin is released,
  // else D.
  //   Parameters: after, 14 checkers on points 1..P (unchecked).
  //   Returns: g; no errors.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a rank and a read).
  double AfterstateValue(const Position& after) const {
    return after.PinHolds() ? values_[IndexOf(after)] : 0.0;
  }
  // For each of the 21 rolls (in kRolls order) its best play and value.
  //   Parameters: position, any position.
  //   Returns: the 21 analyses.
  //   Errors: InvalidArgument as Value.
  //   Thread safety: any number of threads at once.
  //   Cost: root only (generates every play of every roll).
  absl::StatusOr<std::array<RollAnalysis, kNumRolls>> AnalyzeRolls(
      const Position& position) const;
  // The recurrence recomputed for record `index` < size() from the stored
  // values of its afterstates (every play of every roll, generated afresh),
  // minus the stored value: about 1e-15 for a sound database. A consistency
  // check for verifiers, independent of the partial-move tables.
  //   Parameters: index, below size() (unchecked).
  //   Returns: the difference; no errors.
  //   Thread safety: any number of threads at once.
  //   Cost: root only (generates every play of every roll, and allocates).
  double Residual(uint64_t index) const;
  // OK when `position` is valid and belongs to this database.
  //   Parameters: position, any position.
  //   Errors: InvalidArgument naming what is wrong (an invalid position,
  //     or another P or p).
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a few comparisons).
  absl::Status CheckPosition(const Position& position) const;

 private:
  PinDatabase(int points, int pin, std::vector<double> values)
      : points_(points),
        pin_(pin),
        indexer_(points, kFreeCheckers),
        values_(std::move(values)) {}

  int points_;
  int pin_;
  BearoffIndexer indexer_;
  std::vector<double> values_;
};

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_PIN_DATABASE_H_
