// The contract a game fulfils to be solved by retro::solver::SolveChance
// (see retro/solver/chance.h), as the C++20 concept ChanceGame, and the
// small value types exchanged with it.
//
// Game contract. Every game provides:
//
//   static constexpr int kNumOutcomes;        // chance outcomes per turn
//   using Scratch = ...;                      // per-thread scratch space,
//                                             // default-constructible
//   uint64_t Size() const;                    // positions are 0..Size()-1
//   double OutcomeWeight(int outcome) const;  // probabilities, summing to 1
//   double TurnReward() const;                // R, added once per turn
//
// a schedule, either per-position layers:
//
//   int NumLayers() const;                    // layers are 0..NumLayers()-1
//   int Layer(uint64_t index) const;          // every afterstate of a
//                                             // position is in a lower layer
//
// or, instead of per-position layers, a schedule of blocks, which keeps the
// memory locality of an ascending pass while still running in parallel:
//
//   std::vector<Block> Blocks() const;
//       // Blocks partition 0..Size()-1 into index ranges. A block is solved
//       // by one thread in increasing index order, so a position may depend
//       // on lower indices of its own block; otherwise only on blocks of
//       // lower layers. Blocks of one layer are solved concurrently.
//
//   and optionally, with Blocks():
//
//   std::vector<std::vector<uint32_t>> BlockDependencies(
//       const std::vector<Block>& blocks) const;
//       // For each block (same order as `blocks`, the result of Blocks()),
//       // the blocks holding positions it reads, all in lower layers. The
//       // solver then starts a block as soon as those are done instead of
//       // waiting for whole layers: no barrier per layer, which matters
//       // when the machine is shared.
//
// and then one of two ways to say what each outcome allows.
//
// Afterstate style (the plain way): the solver takes the best choice.
//
//   static constexpr Objective kObjective;    // max or min over choices
//   bool IsTerminal(uint64_t index, double* value) const;
//   template <typename Visit>
//   void ForEachAfterstate(uint64_t index, int outcome, Scratch& scratch,
//                          Visit&& visit) const;
//       // calls visit(Afterstate) once per legal choice (duplicates are
//       // harmless); no call means the outcome has no move.
//   static constexpr TurnOrder kTurnOrder;    // optional (default:
//       // kOnePlayer): with TwoPlayers(sum), the opponent moves after a
//       // choice, a position afterstate's stored value is the opponent's
//       // and the chooser's is sum - value (a terminal afterstate's value
//       // is already the chooser's), and every outcome must have a move
//       // (one with none would pass the turn: a position of the other
//       // side, which this one-pass solver does not have).
//
// Table style (for games that compute the best choice faster themselves, for
// example through partial-move tables): the game keeps an auxiliary record
// per position, which the solver stores and hands back.
//
//   using Aux = ...;                          // trivially copyable record
//   void EvaluateTurn(uint64_t index, const double* values, Aux* aux,
//                     Scratch& scratch, Turn<kNumOutcomes>* turn) const;
//       // Reads values[] and aux[] of positions in lower layers only,
//       // writes aux[index] (and nothing else), and fills `turn` (zeroed by
//       // the caller): terminal with its value, or per outcome whether it
//       // has a move and the value of the best choice. Called concurrently
//       // for the positions of one layer.
//       // A game that combines the outcomes itself (TurnValue below, the
//       // solver's own arithmetic), for example to keep the value in its
//       // record, may report the result as terminal: the solver then only
//       // stores it.
#ifndef RETRO_SOLVER_CHANCE_GAME_H_
#define RETRO_SOLVER_CHANCE_GAME_H_

#include <array>
#include <concepts>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "retro/format/chance/objective.h"

namespace retro::chance {

// One choice after a chance outcome: a position of the game, whose value the
// solver reads from its table (the opponent's, in a two-player game), or a
// terminal afterstate with a known value to the player choosing it.
struct Afterstate {
  uint64_t index = 0;
  double value = 0;
  bool terminal = false;

  // The afterstate that is position `index` of the game.
  static Afterstate Position(uint64_t index) { return {index, 0.0, false}; }
  // A terminal afterstate worth `value` to the player choosing it.
  static Afterstate Terminal(double value) { return {0, value, true}; }
};

// A range of indices [begin, end) solved in increasing order by one thread,
// after every block of a lower layer (see Blocks() in the contract).
struct Block {
  uint64_t begin = 0;
  uint64_t end = 0;
  int32_t layer = 0;
};

// What one turn from a position offers, as a table-style game reports it.
template <int kOutcomes>
struct Turn {
  // A terminal position has value terminal_value and no turn.
  bool terminal = false;
  double terminal_value = 0;
  // Per outcome: whether it has a legal move, and the value of the best one.
  std::array<bool, kOutcomes> has_move{};
  std::array<double, kOutcomes> best{};
};

// A game that schedules its positions by blocks.
template <typename G>
concept BlockScheduledGame = requires(const G& g) {
  { g.Blocks() } -> std::convertible_to<std::vector<Block>>;
};

// A game that schedules its positions by per-position layers.
template <typename G>
concept LayeredGame = requires(const G& g, uint64_t i) {
  { g.NumLayers() } -> std::convertible_to<int>;
  { g.Layer(i) } -> std::convertible_to<int>;
};

// A game with either schedule.
template <typename G>
concept ScheduledGame = BlockScheduledGame<G> || LayeredGame<G>;

// The members every chance game has besides its schedule.
template <typename G>
concept ChanceGameMembers = requires(const G& g, int o) {
  { G::kNumOutcomes } -> std::convertible_to<int>;
  typename G::Scratch;
  { g.Size() } -> std::convertible_to<uint64_t>;
  { g.OutcomeWeight(o) } -> std::convertible_to<double>;
  { g.TurnReward() } -> std::convertible_to<double>;
};

// The members every chance game has, its schedule included.
template <typename G>
concept ChanceGameBase = ChanceGameMembers<G> && ScheduledGame<G>;

// A game in table style (see the contract above).
template <typename G>
concept TableStyleGame = ChanceGameBase<G> &&
    requires(const G& g, uint64_t i, const double* values, typename G::Aux* aux,
             typename G::Scratch& scratch, Turn<G::kNumOutcomes>* turn) {
  requires std::is_trivially_copyable_v<typename G::Aux>;
  g.EvaluateTurn(i, values, aux, scratch, turn);
};

// A game in afterstate style (see the contract above).
template <typename G>
concept AfterstateStyleGame = ChanceGameBase<G> &&
    requires(const G& g, uint64_t i, int o, double* v, typename G::Scratch& scratch) {
  { G::kObjective } -> std::convertible_to<Objective>;
  { g.IsTerminal(i, v) } -> std::convertible_to<bool>;
  g.ForEachAfterstate(i, o, scratch, [](const Afterstate&) {});
};

// Any game Solve accepts.
template <typename G>
concept ChanceGame = TableStyleGame<G> || AfterstateStyleGame<G>;

// Fails to compile, naming what is missing, when G is not a ChanceGame; the
// solver's entry point calls it first.
template <typename G>
constexpr bool AssertChanceGame() {
  static_assert(ChanceGameMembers<G>,
                "chance solver: the game lacks one of `static constexpr int "
                "kNumOutcomes`, `struct Scratch`, `uint64_t Size() const`, `double "
                "OutcomeWeight(int) const`, `double TurnReward() const`");
  static_assert(ScheduledGame<G>,
                "chance solver: the game lacks a schedule: `int NumLayers() "
                "const` and `int Layer(uint64_t) const`, or "
                "`std::vector<Block> Blocks() const`");
  static_assert(TableStyleGame<G> || AfterstateStyleGame<G>,
                "chance solver: the game is neither table style (`using Aux`, "
                "`EvaluateTurn(index, values, aux, scratch, turn) const`) nor "
                "afterstate style (`kObjective`, `bool IsTerminal(index, "
                "double*) const`, `ForEachAfterstate(index, outcome, scratch, "
                "visit) const`)");
  return ChanceGame<G>;
}

// The auxiliary record of a table-style game; an empty type otherwise.
template <typename G>
struct AuxOf {
  struct None {};
  using type = None;
};
template <TableStyleGame G>
struct AuxOf<G> {
  using type = typename G::Aux;
};

}  // namespace retro::chance

#endif  // RETRO_SOLVER_CHANCE_GAME_H_
