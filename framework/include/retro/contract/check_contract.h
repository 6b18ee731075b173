// retro::CheckContract: checks that a game adapter (the CheckableGame
// concept, retro/contract/checkable_game.h) keeps the contract the solvers
// rely on, over every slice (every index when the slice is small, a seeded
// random sample otherwise):
//   bijection   Rank(Unrank(s, i)) == (s, i)
//   notation    Parse(Format(p)) is p again (same rank, same text)
//   moves       every child is a position, in a slice the order allows,
//               ranked in range
//   take-backs  (with ForEachParent) children and parents agree both ways,
//               with multiplicity, within a slice
//   consistency (with Inconsistency) the game's own hook: terminal status,
//               the solver adapter's report against the rules
// Threaded over context.pool; the result does not depend on the thread
// count: slices are checked in order and the first failure reported is the
// one with the smallest (slice, index).
#ifndef RETRO_CONTRACT_CHECK_CONTRACT_H_
#define RETRO_CONTRACT_CHECK_CONTRACT_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "retro/contract/check_result.h"
#include "retro/contract/checkable_game.h"
#include "retro/progress.h"
#include "retro/split_mix64.h"
#include "retro/thread_pool.h"

namespace retro {

namespace internal {

enum CheckId { kBijection, kNotation, kMoves, kTakeBacks, kTerminal, kCheckCount };

inline constexpr const char* kCheckNames[kCheckCount] = {"bijection", "notation", "moves",
                                                         "take-backs", "consistency"};

// The indices of a slice of `size` to check: all, or a sorted sample that
// includes the first and the last index.
std::vector<uint64_t> SampleIndices(uint64_t size, int slice, const CheckOptions& options);

// A failed check at one index.
struct Failure {
  CheckId check;
  std::string message;
};

template <typename G>
std::string Describe(const G& game, SliceIndex at) {
  if (at.slice < 0 || at.slice >= game.num_slices()) {
    return absl::StrCat("slice ", at.slice, " (out of range) index ", at.index);
  }
  return absl::StrCat("slice ", at.slice, " (", game.slice_name(at.slice), ") index ", at.index);
}

// "position \"...\" (slice 2 (2 seeds) index 17)".
template <typename G>
std::string Name(const G& game, const typename G::Position& p) {
  return absl::StrCat("\"", game.Format(p), "\" (", Describe(game, game.Rank(p)), ")");
}

// Whether `at` is a valid number of some index.
template <typename G>
bool InRange(const G& game, SliceIndex at) {
  return at.slice >= 0 && at.slice < game.num_slices() &&
         at.index < static_cast<uint64_t>(game.slice_size(at.slice));
}

// Checks one index; adds 1 to passed[check] for each check it passes.
template <typename G>
std::optional<Failure> CheckIndex(const G& game, int slice, uint64_t index, uint64_t* positions,
                                  uint64_t (&passed)[kCheckCount]) {
  using Position = typename G::Position;
  const SliceIndex here{slice, index};
  const Position p = game.Unrank(slice, index);
  const SliceIndex rank = game.Rank(p);
  if (rank != here) {
    return Failure{kBijection,
                   absl::StrCat("Unrank gives a position that ranks as ", Describe(game, rank))};
  }
  ++passed[kBijection];
  if (!game.IsPosition(p)) return std::nullopt;
  ++*positions;

  const std::string text = game.Format(p);
  absl::StatusOr<Position> parsed = game.Parse(text);
  if (!parsed.ok()) {
    return Failure{kNotation, absl::StrCat("its notation \"", text,
                                           "\" does not parse: ", parsed.status().message())};
  }
  if (game.Rank(*parsed) != here || game.Format(*parsed) != text) {
    return Failure{kNotation,
                   absl::StrCat("its notation \"", text, "\" parses as ", Name(game, *parsed))};
  }
  ++passed[kNotation];

  std::optional<Failure> failure;
  std::vector<Position> same_slice;
  std::vector<SliceIndex> child_ranks;
  game.ForEachChild(p, [&](const Position& c) {
    if (failure.has_value()) return;
    const SliceIndex at = game.Rank(c);
    child_ranks.push_back(at);
    if (!InRange(game, at)) {
      failure = Failure{kMoves, absl::StrCat("a move leads to \"", game.Format(c),
                                             "\", numbered out of range: ", Describe(game, at))};
    } else if (!game.ChildSliceAllowed(slice, at.slice)) {
      failure =
          Failure{kMoves, absl::StrCat("a move leads to ", Name(game, c),
                                       " in a slice a move from slice ", slice, " may not reach")};
    } else if (!game.IsPosition(c)) {
      failure = Failure{
          kMoves, absl::StrCat("a move leads to ", Name(game, c), ", which is not a position")};
    } else if (game.Rank(game.Unrank(at.slice, at.index)) != at) {
      failure = Failure{kMoves, absl::StrCat("a move leads to ", Name(game, c),
                                             ", whose index does not unrank to it")};
    } else if (at.slice == slice) {
      same_slice.push_back(c);
    }
  });
  if (failure.has_value()) return failure;
  ++passed[kMoves];

  if constexpr (HasCheckTakeBacks<G>) {
    // Each in-slice child lists p as a parent as often as p lists it.
    for (const Position& c : same_slice) {
      const SliceIndex at = game.Rank(c);
      const int moves = static_cast<int>(std::count(child_ranks.begin(), child_ranks.end(), at));
      int take_backs = 0;
      game.ForEachParent(c, [&](const Position& q) { take_backs += game.Rank(q) == here; });
      if (moves != take_backs) {
        return Failure{kTakeBacks,
                       absl::StrCat(moves, " move(s) lead to ", Name(game, c), ", but it lists ",
                                    take_backs, " take-back(s) to the position")};
      }
    }
    // Each parent is a position of this slice with p among its children as
    // often as p lists it.
    std::vector<Position> parents;
    std::vector<SliceIndex> parent_ranks;
    game.ForEachParent(p, [&](const Position& q) {
      parents.push_back(q);
      parent_ranks.push_back(game.Rank(q));
    });
    for (size_t k = 0; k < parents.size(); ++k) {
      const Position& q = parents[k];
      const SliceIndex at = parent_ranks[k];
      if (!InRange(game, at) || at.slice != slice) {
        return Failure{kTakeBacks, absl::StrCat("a take-back leads to \"", game.Format(q),
                                                "\", outside the slice: ", Describe(game, at))};
      }
      if (!game.IsPosition(q)) {
        return Failure{kTakeBacks, absl::StrCat("a take-back leads to ", Name(game, q),
                                                ", which is not a position")};
      }
      const int take_backs =
          static_cast<int>(std::count(parent_ranks.begin(), parent_ranks.end(), at));
      int moves = 0;
      game.ForEachChild(q, [&](const Position& c) { moves += game.Rank(c) == here; });
      if (moves != take_backs) {
        return Failure{kTakeBacks,
                       absl::StrCat(take_backs, " take-back(s) lead to ", Name(game, q),
                                    ", but it has ", moves, " move(s) to the position")};
      }
    }
    ++passed[kTakeBacks];
  }

  if constexpr (HasCheckConsistency<G>) {
    std::string problem = game.Inconsistency(p);
    if (!problem.empty()) return Failure{kTerminal, std::move(problem)};
    ++passed[kTerminal];
  }
  return std::nullopt;
}

}  // namespace internal

// Checks `game` as described at the top of this file. `pool` may be null
// (the calling thread does everything), and so may `progress`.
template <typename G>
CheckResult CheckContract(const G& game, const CheckOptions& options, ThreadPool* pool,
                          Progress* progress) {
  static_assert(HasCheckSlices<G>,
                "CheckContract: the game needs a Position type, num_slices(), "
                "slice_size(slice) and slice_name(slice)");
  static_assert(HasCheckIndexer<G>,
                "CheckContract: the game needs Unrank(slice, index) -> Position, "
                "Rank(position) -> retro::SliceIndex and IsPosition(position)");
  static_assert(HasCheckNotation<G>,
                "CheckContract: the game needs Format(position) -> std::string and "
                "Parse(const std::string&) -> absl::StatusOr<Position>");
  static_assert(HasCheckMoves<G>,
                "CheckContract: the game needs ForEachChild(position, visit) and "
                "ChildSliceAllowed(from_slice, to_slice)");
  using namespace internal;
  CheckResult result;
  uint64_t passed[kCheckCount] = {};
  for (int slice = 0; slice < game.num_slices() && result.ok; ++slice) {
    const std::vector<uint64_t> indices =
        SampleIndices(static_cast<uint64_t>(game.slice_size(slice)), slice, options);
    if (progress != nullptr) {
      progress->StartPhase(absl::StrCat("check ", game.slice_name(slice)), indices.size());
    }
    std::mutex mutex;
    uint64_t first_bad = std::numeric_limits<uint64_t>::max();
    std::optional<Failure> failure;
    auto body = [&](int, uint64_t begin, uint64_t end) {
      uint64_t local_positions = 0;
      uint64_t local_passed[kCheckCount] = {};
      for (uint64_t k = begin; k < end; ++k) {
        std::optional<Failure> bad =
            CheckIndex(game, slice, indices[k], &local_positions, local_passed);
        if (bad.has_value()) {
          std::lock_guard<std::mutex> lock(mutex);
          if (k < first_bad) {
            first_bad = k;
            failure = std::move(bad);
          }
        }
      }
      std::lock_guard<std::mutex> lock(mutex);
      result.positions += local_positions;
      for (int c = 0; c < kCheckCount; ++c) passed[c] += local_passed[c];
      if (progress != nullptr) progress->Advance(end - begin);
    };
    if (pool != nullptr) {
      pool->ParallelFor(0, indices.size(), 64, body);
    } else {
      body(0, 0, indices.size());
    }
    result.indices += indices.size();
    if (failure.has_value()) {
      const uint64_t index = indices[first_bad];
      const typename G::Position p = game.Unrank(slice, index);
      std::string where = Describe(game, SliceIndex{slice, index});
      if (failure->check != kBijection) {
        absl::StrAppend(&where, " (position \"", game.Format(p), "\")");
      }
      result.ok = false;
      result.failed_check = kCheckNames[failure->check];
      result.first_failure = absl::StrCat(result.failed_check, ": ", where, ": ", failure->message);
    }
  }
  for (int c = 0; c < kCheckCount; ++c) {
    if (c == kTakeBacks && !HasCheckTakeBacks<G>) continue;
    if (c == kTerminal && !HasCheckConsistency<G>) continue;
    result.checks.push_back(CheckCount{kCheckNames[c], passed[c]});
  }
  return result;
}

}  // namespace retro

#endif  // RETRO_CONTRACT_CHECK_CONTRACT_H_
