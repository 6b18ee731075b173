// The game contract of the chance-expectation kit (retro/kit/
// chance_module.h), as the C++20 concept ChanceRules: what a plugin writes
// for a game with dice whose database holds, per position, an expectation
// (expected turns to finish, an expected score, a chance of winning):
//
//   V(s) = (R + sum over outcomes o with a move of w_o * best_a g(a)) / (1 - q(s))
//
// with R the reward of a turn, w_o the probability of outcome o (a roll),
// best the max or min (the objective) over the choices the outcome allows,
// g(a) the value of afterstate a to the player choosing it, and q(s) the
// probability of the outcomes with no move. Who moves next is declared
// (kTurnOrder):
//   - one player (the default): the same player moves after a choice;
//     g(a) is a's stored value, or its value when the game is over there;
//     a roll with no move leaves the position as it is.
//   - two players (kTurnOrder = retro::chance::TwoPlayers(sum)): the
//     opponent moves after a choice, every value (stored, or Terminal's)
//     is for the side to move, and g(a) = sum - V(a): 1 - V for chances of
//     winning, -V for equities. Every outcome must have a move (q = 0):
//     a roll that cannot be played would pass the turn, which the kit's
//     one pass cannot solve; solve and `retro check` refuse such a
//     position.
// Values are stored as one little-endian double per record. From the rules the kit derives the whole
// plugin: plan, solve, open (every record checked), probe, stats, verify
// (the recurrence recomputed from the stored values with the rules' own
// moves) and check.
//
// Required members of `const R& rules` (all const, safe to call from several
// threads at once; Position and Move are copyable value types):
//
//   using Position = ...;  using Move = ...;
//   static constexpr int kNumOutcomes    the chance outcomes of a turn
//   static constexpr retro::chance::Objective kObjective
//                                        kMaximize or kMinimize over choices
//   int num_slices()                     the slices, solved in order 0, 1, ...
//   uint64_t slice_size(int slice)       its records are 0 .. size - 1
//   std::string slice_name(int slice)    the slice's name in the file
//   Position Unrank(int slice, uint64_t index)
//   retro::SliceIndex Rank(const Position&)   of a position that is a record
//   std::optional<double> Terminal(const Position&)
//                                        the value (to the side to move
//                                        there) when the game is over at
//                                        this position (an afterstate that
//                                        ends it), else nullopt: then it is
//                                        a record of some slice
//   double OutcomeWeight(int outcome)    w_o, summing to 1
//   std::string FormatOutcome(int outcome)   "6-5"
//   double TurnReward()                  R, added once per turn (1 counts turns)
//   void ForEachChoice(const Position&, int outcome, visit)
//                                        visit(const Move&, const Position&
//                                        after) once per choice of the
//                                        outcome (none: no move); an
//                                        afterstate is over (Terminal), or a
//                                        record of the same slice solved
//                                        before this one (see below), or of
//                                        an earlier slice. Choices may repeat
//                                        an afterstate (two plays reaching
//                                        the same position): the values do
//                                        not change (the best of a multiset
//                                        is the best of its set), and probe
//                                        counts and lists each afterstate
//                                        once, the first choice reaching it
//                                        (by rank, or by Format when the
//                                        game is over there;
//                                        chance_distinct_choices.h), unless
//                                        the rules declare kDistinctChoices
//   std::string Format(const Position&)  the notation
//   absl::StatusOr<Position> Parse(const std::string&)
//                                        InvalidArgument naming the problem,
//                                        also for a position that is no
//                                        record of these rules' slices
//   std::string FormatMove(const Position&, const Move&)
//
// and one way to solve a slice:
//
//   the kit's solver view (afterstate style, retro/solver/chance.h), for
//   which the rules order each slice:
//     int num_layers(int slice)
//     int Layer(const Position&)         0 .. num_layers - 1; every in-slice
//                                        afterstate lies in a lower layer
//   or the game's own solver (a faster adapter, a larger state space):
//     absl::StatusOr<std::vector<double>> SolveSlice(int slice,
//         const ChanceSliceContext& context)
//                                        slice_size(slice) values by index;
//                                        the kit keeps no earlier slice's
//                                        values for it (context.solved
//                                        holds empty vectors), and under
//                                        mpirun ranks other than 0 may
//                                        return an empty vector (rank 0
//                                        writes)
//
// Optional members, each used when present: kTurnOrder (above; default
// retro::chance::kOnePlayer), and these, documented where their concepts
// are declared:
//   below        labels(), kDistinctChoices, MakeBestChoices, the companion
//                slices (num_companions and six more)
//   rules_hooks.h   EstimateSizes, Inconsistency, GameOverNote (a choice
//                that ends the game: "releases the pin"), PositionNote,
//                StatsTitle, RenderSvg with StartPosition, kPositionCells
//                with FromCells
//   rules_parameters.h   Parameters with Create, canonical_parameters with
//                OptionalHeaderParameters, default_file_name
// Without EstimateSizes the plan estimates the values of every slice,
// twice, and ChanceFileBytes, every rank holding all of the memory.
#ifndef RETRO_KIT_CHANCE_RULES_H_
#define RETRO_KIT_CHANCE_RULES_H_

#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/contract/checkable_game.h"
#include "retro/database_layout.h"
#include "retro/format/chance/objective.h"
#include "retro/kit/rules_hooks.h"
#include "retro/kit/sliced_rules.h"

namespace retro {
// What a game's hooks are given for parallel work (retro/game_module.h).
struct WorkContext;
}  // namespace retro

namespace retro::kit {

// What the game's own solver (SolveSlice) is given
// (retro/kit/chance_slice_context.h), declared here so that the concept
// names it without the solver's types.
struct ChanceSliceContext;
// The stored values the kit reads (retro/kit/chance_reader.h).
template <typename R>
class ChanceTables;

// Names shown by probe and stats, and the values a record can hold; the
// defaults suit any game.
struct ChanceLabels {
  std::string value_name = "value";  // "D": the text's "D = 3.27"
  std::string value_key = "value";   // the JSON key of the position's value
  std::string value_meaning;         // "expected turns the pin holds"
  std::string outcome = "outcome";   // "roll": a table column, JSON key and
                                     // probe parameter (--roll 6-5)
  std::string choice = "move";       // "play"
  // The finite values a record can hold (D counts this turn: at least 1).
  // A stored value outside is refused when a file is opened or verified,
  // and a solve that makes one fails: the rules' mistake.
  double least_value = -std::numeric_limits<double>::max();
  double greatest_value = std::numeric_limits<double>::max();
  // The value read another way, value + shift: probe shows
  // "(<shifted_name> = <value + shift>)" after it ("K = D - 1" with shift
  // -1); "" for none.
  std::string shifted_name = "";
  double shift = 0;

  // "" when `value` is one a record can hold, else what one is ("D is a
  // finite number >= 1").
  std::string ValueProblem(double value) const {
    if (std::isfinite(value) && value >= least_value && value <= greatest_value) return "";
    const bool least = least_value > -std::numeric_limits<double>::max();
    const bool greatest = greatest_value < std::numeric_limits<double>::max();
    return absl::StrCat(
        value_name, " is a finite number",
        least && greatest ? absl::StrCat(" from ", least_value, " to ", greatest_value)
        : least           ? absl::StrCat(" >= ", least_value)
        : greatest        ? absl::StrCat(" <= ", greatest_value)
                          : "");
  }
};

namespace internal {

// The visitor shape the kit passes to ForEachChoice.
template <typename R>
struct ChoiceVisitor {
  void operator()(const typename R::Move&, const typename R::Position&) const {}
};

}  // namespace internal

// Each required member beyond the shared ones (sliced_rules.h) its own
// concept, so that AssertChanceRules names exactly what a game lacks.
template <typename R>
concept ChanceHasNumOutcomes = requires {
  { R::kNumOutcomes } -> std::convertible_to<int>;
};
template <typename R>
concept ChanceHasObjective = requires {
  { R::kObjective } -> std::convertible_to<chance::Objective>;
};
template <typename R>
concept ChanceHasTerminal = requires(const R& r, const typename R::Position& p) {
  { r.Terminal(p) } -> std::same_as<std::optional<double>>;
};
template <typename R>
concept ChanceHasOutcomeWeight = requires(const R& r, int outcome) {
  { r.OutcomeWeight(outcome) } -> std::convertible_to<double>;
};
template <typename R>
concept ChanceHasFormatOutcome = requires(const R& r, int outcome) {
  { r.FormatOutcome(outcome) } -> std::convertible_to<std::string>;
};
template <typename R>
concept ChanceHasTurnReward = requires(const R& r) {
  { r.TurnReward() } -> std::convertible_to<double>;
};
template <typename R>
concept ChanceHasForEachChoice = requires(const R& r, const typename R::Position& p, int outcome,
                                          internal::ChoiceVisitor<R> visit) {
  r.ForEachChoice(p, outcome, visit);
};

// The two ways to solve a slice.
template <typename R>
concept ChanceHasLayers = requires(const R& r, int slice, const typename R::Position& p) {
  { r.num_layers(slice) } -> std::convertible_to<int>;
  { r.Layer(p) } -> std::convertible_to<int>;
};
template <typename R>
concept ChanceHasSliceSolver = requires(const R& r, int slice, const ChanceSliceContext& c) {
  { r.SolveSlice(slice, c) } -> std::same_as<absl::StatusOr<std::vector<double>>>;
};

// Whether the kit keeps each finished slice's values for the later ones:
// for its own solver view, not for a game's SolveSlice (keeping them costs
// memory and time that a game's own solver, such as Plakoto's, never uses).
template <typename R>
constexpr bool KeepsSolvedSlices() {
  return !ChanceHasSliceSolver<R>;
}

// A game the chance-expectation kit accepts.
template <typename R>
concept ChanceRules = SlicedRules<R> && ChanceHasNumOutcomes<R> && ChanceHasObjective<R> &&
    ChanceHasTerminal<R> && ChanceHasOutcomeWeight<R> && ChanceHasFormatOutcome<R> &&
    ChanceHasTurnReward<R> && ChanceHasForEachChoice<R> &&
    (ChanceHasLayers<R> || ChanceHasSliceSolver<R>);

// Fails to compile when R is not ChanceRules, with one error per missing
// member, naming it.
template <typename R>
constexpr bool AssertChanceRules() {
  static_cast<void>(AssertSlicedRules<R>());
  static_assert(ChanceHasNumOutcomes<R>,
                "chance kit: the rules lack `static constexpr int kNumOutcomes`");
  static_assert(ChanceHasObjective<R>,
                "chance kit: the rules lack "
                "`static constexpr retro::chance::Objective kObjective`");
  static_assert(ChanceHasOutcomeWeight<R>,
                "chance kit: the rules lack `double OutcomeWeight(int outcome)`");
  static_assert(ChanceHasFormatOutcome<R>,
                "chance kit: the rules lack `std::string FormatOutcome(int outcome)`");
  static_assert(ChanceHasTurnReward<R>, "chance kit: the rules lack `double TurnReward()`");
  if constexpr (HasPositionAndMoveTypes<R>()) {
    static_assert(ChanceHasTerminal<R>,
                  "chance kit: the rules lack "
                  "`std::optional<double> Terminal(const Position&)`");
    static_assert(ChanceHasForEachChoice<R>,
                  "chance kit: the rules lack "
                  "`ForEachChoice(position, outcome, visit(move, after))`");
    static_assert(ChanceHasLayers<R> || ChanceHasSliceSolver<R>,
                  "chance kit: the rules lack a way to solve: `int num_layers(int slice)` and "
                  "`int Layer(const Position&)`, or "
                  "`SolveSlice(int slice, const ChanceSliceContext&)`");
  }
  return ChanceRules<R>;
}

// The optional members (see the top of the file; the parameter hooks are in
// rules_parameters.h), each used when present.

// static ChanceLabels labels(): optional; the names probe and stats show
// (the outcome's is also the probe parameter listing every choice of one
// outcome: `--roll 6-5`; default "best"), the values a record can hold
// (D >= 1) and the value read another way ("K = D - 1") (absent:
// ChanceLabels{}'s defaults).
template <typename R>
concept HasChanceLabels = requires {
  { R::labels() } -> std::convertible_to<ChanceLabels>;
};
// Whether best choices of type B give each record's recomputed value
// (RecomputedValues) rather than each outcome's best (Bests).
template <typename B>
concept RecomputesValues = requires(const B& shared) {
  { shared.RecomputedValues() } -> std::convertible_to<std::span<const double>>;
};
// BestChoices MakeBestChoices(const ChanceTables<R>&, const WorkContext&):
// optional; for a full verify, an object with `void Prepare(int slice,
// const WorkContext&)`, called for each slice in turn, and either const
// `void Bests(uint64_t index, const Position& p, std::optional<double>*
// best)` (any thread), which fills best[o], each outcome's best afterstate
// value of record `index` (position p) of the prepared slice from the
// stored values (nullopt: no move), as ForEachChoice would but sharing
// partial choices across records, or const `std::span<const double>
// RecomputedValues()`: by record of the prepared slice, the value
// recomputed from the stored values of its afterstates (ValueFromBests of
// each outcome's best, or the terminal value; NaN when no outcome moves),
// which the kit compares with the stored ones. Absent: verify enumerates
// every choice of every record (a sampled verify and probe always do).
template <typename R>
concept HasBestChoices = requires(const R& r, const ChanceTables<R>& tables, int slice,
                                  const WorkContext& context, uint64_t index,
                                  const typename R::Position& p, std::optional<double>* best) {
  requires requires(decltype(r.MakeBestChoices(tables, context)) shared) {
    shared.Prepare(slice, context);
    requires(requires { std::as_const(shared).Bests(index, p, best); } ||
             RecomputesValues<decltype(shared)>);
  };
};
// The rules' best choices of a full verify, when they have them (an empty
// optional of an empty type otherwise).
struct NoBestChoices {};
template <typename R>
struct BestChoicesType {
  using type = NoBestChoices;
};
template <typename R>
  requires HasBestChoices<R>
struct BestChoicesType<R> {
  using type = decltype(std::declval<const R&>().MakeBestChoices(
      std::declval<const ChanceTables<R>&>(), std::declval<const WorkContext&>()));
};
template <typename R>
using BestChoicesOf = std::optional<typename BestChoicesType<R>::type>;
// static constexpr bool kDistinctChoices: optional; true when ForEachChoice
// never repeats an afterstate within one outcome, so that probe need not
// filter repeats (their cost shows on a batch probe of Plakoto); `retro
// check` tests it (absent or false: probe shows each afterstate once,
// chance_distinct_choices.h).
template <typename R>
constexpr bool DeclaresDistinctChoices() {
  if constexpr (requires { R::kDistinctChoices; }) {
    return R::kDistinctChoices;
  } else {
    return false;
  }
}
// The companion slices: optional, all or none (absent: no companions);
// each value slice's companions (e.g. a turn distribution) are written
// right after it.
//   int num_companions()
//   std::string companion_name(int slice, int k)
//   uint64_t companion_record_bytes(int k)   bytes per record
//   absl::StatusOr<std::vector<uint8_t>> BuildCompanion(int slice, int k,
//       std::span<const double> values, const WorkContext&)
//   std::string CompanionRecordProblem(int k, std::span<const uint8_t>)
//                                   at open: "" or what is wrong
//   std::string VerifyCompanion(const ChanceTables<R>&, int slice, int k,
//                               uint64_t index)   "" or the mismatch
//   void ProbeCompanion(const ChanceTables<R>&, int slice, int k,
//                       uint64_t index, std::string* text, JsonWriter&)
//                                   appends lines and JSON keys
template <typename R>
concept HasCompanions = requires(const R& r, int slice, int k) {
  { r.num_companions() } -> std::convertible_to<int>;
  { r.companion_name(slice, k) } -> std::convertible_to<std::string>;
  { r.companion_record_bytes(k) } -> std::convertible_to<uint64_t>;
};

// The bytes of a file of `rules`: a double per record, and each
// companion's records (the plan's default estimate of the file).
template <typename R>
uint64_t ChanceFileBytes(const R& rules) {
  uint64_t bytes = 0;
  for (int s = 0; s < rules.num_slices(); ++s) {
    bytes += rules.slice_size(s) * sizeof(double);
    if constexpr (HasCompanions<R>) {
      for (int k = 0; k < rules.num_companions(); ++k) {
        bytes += rules.slice_size(s) * rules.companion_record_bytes(k);
      }
    }
  }
  return bytes;
}

// The probe and stats labels of R.
template <typename R>
ChanceLabels LabelsOf() {
  if constexpr (HasChanceLabels<R>) {
    return R::labels();
  } else {
    return ChanceLabels{};
  }
}

}  // namespace retro::kit

#endif  // RETRO_KIT_CHANCE_RULES_H_
