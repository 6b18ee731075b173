// Tests of retro::solver::SolveChance on "two piles", a tiny dice game invented
// for the purpose, against brute-force value iteration, in one process and on
// several ranks (threads of this process standing for MPI ranks).
//
// Two piles hold a and b chips (0..N each). A turn rolls a four-sided die
// (faces 1..4 with probabilities .1 .2 .3 .4); with face f the player removes
// exactly f or exactly f - 1 chips (at least one) from one pile that has
// enough. With no such pile the turn passes. Emptying both piles ends the
// game (value 0); a move that leaves two equal non-empty piles ends it at
// once with a jackpot worth kJackpot. Every turn counts 1; the player
// maximises or minimises the expected total.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "retro/distributed/communicator.h"
#include "retro/solver/chance.h"
#include "tests/distributed/thread_communicator.h"

namespace retro::chance {
namespace {

constexpr int kN = 12;
constexpr double kJackpot = 0.75;
constexpr std::array<double, 4> kWeights = {0.1, 0.2, 0.3, 0.4};

struct Piles {
  int a;
  int b;
};
Piles FromIndex(uint64_t i) {
  return {static_cast<int>(i / (kN + 1)), static_cast<int>(i % (kN + 1))};
}
uint64_t ToIndex(int a, int b) { return a * (kN + 1) + b; }

// Calls f(afterstate) for every choice of `face` from (a, b).
template <typename F>
void Choices(int a, int b, int face, F&& f) {
  for (int take = face; take >= std::max(1, face - 1); --take) {
    for (int pile = 0; pile < 2; ++pile) {
      int na = a, nb = b;
      int& from = pile == 0 ? na : nb;
      if (from < take) continue;
      from -= take;
      if (na == nb && na > 0) {
        f(Afterstate::Terminal(kJackpot));
      } else {
        f(Afterstate::Position(ToIndex(na, nb)));
      }
    }
  }
}

// The game in afterstate style.
template <Objective kObj>
struct PilesGame {
  static constexpr int kNumOutcomes = 4;
  static constexpr Objective kObjective = kObj;
  struct Scratch {};
  uint64_t Size() const { return (kN + 1) * (kN + 1); }
  int NumLayers() const { return 2 * kN + 1; }
  int Layer(uint64_t i) const { return FromIndex(i).a + FromIndex(i).b; }
  double OutcomeWeight(int o) const { return kWeights[o]; }
  double TurnReward() const { return 1.0; }
  bool IsTerminal(uint64_t i, double* value) const {
    *value = 0;
    return i == 0;
  }
  template <typename Visit>
  void ForEachAfterstate(uint64_t i, int o, Scratch&, Visit&& visit) const {
    const Piles p = FromIndex(i);
    Choices(p.a, p.b, o + 1, visit);
  }
};

// The same game in table style: the auxiliary record keeps, per number of
// chips removed, the best value of removing exactly that many.
struct PilesTableGame {
  static constexpr int kNumOutcomes = 4;
  struct Scratch {};
  struct Aux {
    std::array<double, 5> best_removing{};
  };
  uint64_t Size() const { return (kN + 1) * (kN + 1); }
  int NumLayers() const { return 2 * kN + 1; }
  int Layer(uint64_t i) const { return FromIndex(i).a + FromIndex(i).b; }
  double OutcomeWeight(int o) const { return kWeights[o]; }
  double TurnReward() const { return 1.0; }
  void EvaluateTurn(uint64_t i, const double* values, Aux* aux, Scratch&,
                    Turn<4>* turn) const {
    if (i == 0) {
      turn->terminal = true;
      return;
    }
    const Piles p = FromIndex(i);
    Aux& mine = aux[i];
    mine.best_removing.fill(-std::numeric_limits<double>::infinity());
    for (int take = 1; take <= 4; ++take) {
      for (int pile = 0; pile < 2; ++pile) {
        int na = p.a, nb = p.b;
        int& from = pile == 0 ? na : nb;
        if (from < take) continue;
        from -= take;
        const double v =
            na == nb && na > 0 ? kJackpot : values[ToIndex(na, nb)];
        mine.best_removing[take] = std::max(mine.best_removing[take], v);
      }
    }
    for (int o = 0; o < 4; ++o) {
      const int face = o + 1;
      double best = mine.best_removing[face];
      if (face >= 2) best = std::max(best, mine.best_removing[face - 1]);
      turn->has_move[o] = best > -std::numeric_limits<double>::infinity();
      turn->best[o] = best;
    }
  }
};

// Brute force: value iteration from zero until nothing changes.
std::vector<double> ValueIteration(bool maximize) {
  const uint64_t size = (kN + 1) * (kN + 1);
  std::vector<double> v(size, 0.0);
  for (int iteration = 0; iteration < 2000; ++iteration) {
    std::vector<double> next(size, 0.0);
    for (uint64_t i = 1; i < size; ++i) {
      const Piles p = FromIndex(i);
      double total = 1.0;
      for (int o = 0; o < 4; ++o) {
        bool any = false;
        double best = 0;
        Choices(p.a, p.b, o + 1, [&](const Afterstate& a) {
          const double g = a.terminal ? a.value : v[a.index];
          if (!any || (maximize ? g > best : g < best)) best = g;
          any = true;
        });
        total += kWeights[o] * (any ? best : v[i]);
      }
      next[i] = total;
    }
    v.swap(next);
  }
  return v;
}

void ExpectNear(const std::vector<double>& got,
                const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_NEAR(got[i], want[i], 1e-12) << "position " << i;
  }
}

// N outcome weights as doubles (OutcomeWeights reads them as a game's).
template <int N>
struct Weights {
  static constexpr int kNumOutcomes = N;
  std::vector<double> weights;
  double OutcomeWeight(int o) const { return weights[o]; }
};
Weights<6> Die() { return {std::vector<double>(6, 1.0 / 6)}; }
Weights<21> TwoDice() {
  Weights<21> w;
  for (int roll = 0; roll < 21; ++roll) w.weights.push_back(roll < 6 ? 1.0 / 36 : 2.0 / 36);
  return w;
}

// The weights of dice are read as n/D, so exact values come out exact:
// added one by one, six 1/6 make 1 - 2^-53 and the 21 rolls of two dice
// 1 + 2^-52, which divided into 1 would give 1.0000000000000002 and
// 0.9999999999999998 turns.
TEST(ChanceSolverTest, TurnValueIsExactForTheWeightsOfDice) {
  const OutcomeWeights die_weights(Die()), dice_weights(TwoDice());
  EXPECT_EQ(die_weights.denominator(), 6);
  EXPECT_EQ(dice_weights.denominator(), 36);
  EXPECT_EQ(dice_weights.numerator(0), 1);
  EXPECT_EQ(dice_weights.numerator(20), 2);
  // 1 turn, then k more whatever the roll: k + 1 turns, for every k.
  for (int k = 0; k < 200; ++k) {
    TurnValue one_die(1.0, die_weights), two_dice(1.0, dice_weights);
    for (int face = 0; face < 6; ++face) one_die.Add(face, k);
    for (int roll = 0; roll < 21; ++roll) two_dice.Add(roll, k);
    EXPECT_EQ(one_die.value(), k + 1.0) << k;
    EXPECT_EQ(two_dice.value(), k + 1.0) << k;
  }
  // Only 1-1 and the five other rolls with a 1 move: 36/11 turns, the
  // double nearest.
  TurnValue eleven(1.0, dice_weights);
  for (const int roll : {0, 6, 7, 8, 9, 10}) eleven.Add(roll, 0.0);
  EXPECT_EQ(eleven.value(), 36.0 / 11);
}

// Weights that are no fractions of a small denominator are used as they
// are: the recurrence of doubles.
TEST(ChanceSolverTest, OtherWeightsAreUsedAsTheyAre) {
  Weights<21> odd = TwoDice();
  // n / (36 * 2^20): past the largest denominator read.
  odd.weights[0] = (1.0 + std::ldexp(1.0, -20)) / 36;
  odd.weights[1] = (1.0 - std::ldexp(1.0, -20)) / 36;
  const OutcomeWeights weights(odd);
  EXPECT_EQ(weights.denominator(), 1);
  EXPECT_EQ(weights.numerator(0), odd.weights[0]);
  TurnValue value(1.0, weights);
  double sum = 1.0, moving = 0;
  for (int roll = 0; roll < 21; ++roll) {
    value.Add(roll, roll);
    sum += odd.weights[roll] * roll;
    moving += odd.weights[roll];
  }
  EXPECT_EQ(value.value(), sum / moving);
}

TEST(ChanceSolverTest, MaximiseMatchesValueIteration) {
  absl::StatusOr<std::vector<double>> values =
      solver::SolveChance(PilesGame<Objective::kMaximize>(), {});
  ASSERT_TRUE(values.ok()) << values.status();
  ExpectNear(*values, ValueIteration(true));
  // (1, 0): only face 1 or 2 moves, to the end: 1 / 0.3.
  EXPECT_NEAR((*values)[ToIndex(1, 0)], 1.0 / 0.3, 1e-12);
}

TEST(ChanceSolverTest, MinimiseMatchesValueIteration) {
  absl::StatusOr<std::vector<double>> values =
      solver::SolveChance(PilesGame<Objective::kMinimize>(), {});
  ASSERT_TRUE(values.ok()) << values.status();
  ExpectNear(*values, ValueIteration(false));
}

TEST(ChanceSolverTest, ParallelAndTableStyleAgree) {
  const std::vector<double> want = ValueIteration(true);
  for (int threads : {1, 2, 3}) {
    ThreadPool pool(threads);
    Progress progress;
    solver::ChanceOptions options;
    options.grain = 1;
    const solver::SolveContext context{.pool = &pool, .progress = &progress};
    absl::StatusOr<std::vector<double>> afterstate =
        solver::SolveChance(PilesGame<Objective::kMaximize>(), options, context);
    ASSERT_TRUE(afterstate.ok()) << afterstate.status();
    ExpectNear(*afterstate, want);
    EXPECT_EQ(progress.Read().done, progress.Read().total);
    absl::StatusOr<std::vector<double>> table =
        solver::SolveChance(PilesTableGame(), options, context);
    ASSERT_TRUE(table.ok()) << table.status();
    ExpectNear(*table, want);
  }
}

// The afterstate-style game scheduled by blocks: one block per size of the
// first pile (moves from the second pile stay in the block at a lower index).
struct PilesBlockGame : PilesGame<Objective::kMaximize> {
  std::vector<Block> Blocks() const {
    std::vector<Block> blocks;
    for (int a = kN; a >= 0; --a) {  // any order: Solve sorts them
      blocks.push_back(Block{ToIndex(a, 0), ToIndex(a, 0) + kN + 1, a});
    }
    return blocks;
  }
};

// The block game with its dependency graph: block a reads blocks a - 1 ..
// a - 4 (in Blocks() order, block i holds a = kN - i).
struct PilesGraphGame : PilesBlockGame {
  std::vector<std::vector<uint32_t>> BlockDependencies(
      const std::vector<Block>& blocks) const {
    std::vector<std::vector<uint32_t>> deps(blocks.size());
    for (int a = 0; a <= kN; ++a) {
      for (int take = 1; take <= 4 && take <= a; ++take) {
        deps[kN - a].push_back(kN - (a - take));
      }
    }
    return deps;
  }
};

// A dependency on a block that is not in a lower layer.
struct BadGraphGame : PilesGraphGame {
  std::vector<std::vector<uint32_t>> BlockDependencies(
      const std::vector<Block>& blocks) const {
    std::vector<std::vector<uint32_t>> deps =
        PilesGraphGame::BlockDependencies(blocks);
    deps[kN - 2].push_back(kN - 3);  // a = 2 waiting for a = 3
    return deps;
  }
};

// Blocks that overlap.
struct OverlappingBlocksGame : PilesBlockGame {
  std::vector<Block> Blocks() const {
    std::vector<Block> blocks = PilesBlockGame::Blocks();
    blocks[0].begin -= 1;
    return blocks;
  }
};

// Blocks in the wrong layer order: (a, b) is solved before (a - 1, b).
struct ReversedBlocksGame : PilesBlockGame {
  std::vector<Block> Blocks() const {
    std::vector<Block> blocks = PilesBlockGame::Blocks();
    for (Block& block : blocks) block.layer = -block.layer;
    return blocks;
  }
};

TEST(ChanceSolverTest, BlockScheduleMatchesValueIteration) {
  const std::vector<double> want = ValueIteration(true);
  for (int threads : {1, 2}) {
    ThreadPool pool(threads);
    solver::ChanceOptions options;
    options.grain = 1;
    const solver::SolveContext context{.pool = &pool};
    absl::StatusOr<std::vector<double>> values =
        solver::SolveChance(PilesBlockGame(), options, context);
    ASSERT_TRUE(values.ok()) << values.status();
    ExpectNear(*values, want);
  }
  for (int threads : {1, 2, 3}) {
    ThreadPool pool(threads);
    Progress progress;
    const solver::SolveContext context{.pool = &pool, .progress = &progress};
    absl::StatusOr<std::vector<double>> values =
        solver::SolveChance(PilesGraphGame(), context);
    ASSERT_TRUE(values.ok()) << values.status();
    ExpectNear(*values, want);
    EXPECT_EQ(progress.Read().done, progress.Read().total);
  }
  EXPECT_EQ(solver::SolveChance(BadGraphGame(), {}).status().code(),
            absl::StatusCode::kInternal);
  EXPECT_EQ(solver::SolveChance(OverlappingBlocksGame(), {}).status().code(),
            absl::StatusCode::kInternal);
  EXPECT_EQ(solver::SolveChance(ReversedBlocksGame(), {}).status().code(),
            absl::StatusCode::kInternal);
}

// A game whose afterstate is not in a lower layer.
struct UnorderedGame : PilesGame<Objective::kMaximize> {
  int Layer(uint64_t i) const { return i == ToIndex(0, 1) ? 5 : 0; }
};

// A game with a non-terminal position that never moves.
struct StuckGame : PilesGame<Objective::kMaximize> {
  bool IsTerminal(uint64_t, double* value) const {
    *value = 0;
    return false;
  }
};

// A game with a layer out of range.
struct BadLayerGame : PilesGame<Objective::kMaximize> {
  int Layer(uint64_t i) const { return i == 7 ? 99 : 0; }
};

TEST(ChanceSolverTest, ReportsGameBugs) {
  EXPECT_EQ(solver::SolveChance(UnorderedGame(), {}).status().code(),
            absl::StatusCode::kInternal);
  EXPECT_EQ(solver::SolveChance(StuckGame(), {}).status().code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(solver::SolveChance(BadLayerGame(), {}).status().code(),
            absl::StatusCode::kInternal);
}

TEST(ChanceSolverTest, RespectsTheMemoryBudget) {
  // Nine bytes per position (a value and a solved flag).
  const uint64_t need = PilesGame<Objective::kMaximize>().Size() * 9;
  EXPECT_EQ(solver::SolveChance(PilesGame<Objective::kMaximize>(),
                                {.memory_budget_bytes = need - 1})
                .status()
                .code(),
            absl::StatusCode::kResourceExhausted);
  EXPECT_TRUE(solver::SolveChance(PilesGame<Objective::kMaximize>(),
                                  {.memory_budget_bytes = need})
                  .ok());
}

// The table-style game scheduled by blocks of two consecutive b (layer a +
// the block's place in its row, so that a layer has several blocks), with
// its dependencies found by enumerating the moves: what the distributed
// solver splits across ranks (retro/solver/chance_distributed.h).
struct PilesTableGraphGame : PilesTableGame {
  static constexpr int kWidth = 2;
  std::vector<Block> Blocks() const {
    std::vector<Block> blocks;
    for (int a = 0; a <= kN; ++a) {
      for (int b = 0; b <= kN; b += kWidth) {
        blocks.push_back(Block{ToIndex(a, b),
                               ToIndex(a, std::min(kN, b + kWidth - 1)) + 1,
                               a + b / kWidth});
      }
    }
    return blocks;
  }
  std::vector<std::vector<uint32_t>> BlockDependencies(
      const std::vector<Block>& blocks) const {
    auto block_of = [&](uint64_t i) {
      for (uint32_t k = 0; k < blocks.size(); ++k) {
        if (i >= blocks[k].begin && i < blocks[k].end) return k;
      }
      return ~uint32_t{0};
    };
    std::vector<std::vector<uint32_t>> deps(blocks.size());
    for (uint32_t k = 0; k < blocks.size(); ++k) {
      for (uint64_t i = blocks[k].begin; i < blocks[k].end; ++i) {
        const Piles p = FromIndex(i);
        for (int take = 1; take <= 4; ++take) {
          if (p.a >= take) {
            deps[k].push_back(block_of(ToIndex(p.a - take, p.b)));
          }
          if (p.b >= take) {
            deps[k].push_back(block_of(ToIndex(p.a, p.b - take)));
          }
        }
      }
      std::erase(deps[k], k);  // within the block: lower indices
    }
    return deps;
  }
};

// Solves `game` on `ranks` ranks (threads of this process), each with a
// pool of two threads; returns each rank's result.
template <typename Game>
std::vector<absl::StatusOr<std::vector<double>>> SolveOnRanks(
    const Game& game, int ranks, bool values_on_every_rank) {
  std::vector<absl::StatusOr<std::vector<double>>> results(ranks);
  testing::ThreadJob job(ranks);
  job.Run([&](distributed::Communicator& comm) {
    ThreadPool pool(2);
    solver::ChanceOptions options;
    options.values_on_every_rank = values_on_every_rank;
    results[comm.rank()] = solver::SolveChance(
        game, options, {.pool = &pool, .communicator = &comm});
  });
  return results;
}

// Bit for bit the values of one process on rank 0 (on every rank when
// asked), none on the others: for the table-style game with dependencies
// (each rank keeps what it reads) and for games the ranks gather whole.
template <typename Game>
void ExpectDistributedMatchesOneProcess(const Game& game) {
  absl::StatusOr<std::vector<double>> one = solver::SolveChance(game, {});
  ASSERT_TRUE(one.ok()) << one.status();
  ExpectNear(*one, ValueIteration(true));
  for (int ranks : {2, 3, 5}) {
    for (bool everywhere : {false, true}) {
      SCOPED_TRACE(::testing::Message()
                   << ranks << " ranks, values on every rank: " << everywhere);
      const std::vector<absl::StatusOr<std::vector<double>>> got =
          SolveOnRanks(game, ranks, everywhere);
      for (int r = 0; r < ranks; ++r) {
        ASSERT_TRUE(got[r].ok()) << got[r].status();
        if (r == 0 || everywhere) {
          ASSERT_EQ(got[r]->size(), one->size());
          EXPECT_EQ(std::memcmp(got[r]->data(), one->data(),
                                one->size() * sizeof(double)),
                    0)
              << "rank " << r;
        } else {
          EXPECT_TRUE(got[r]->empty()) << "rank " << r;
        }
      }
    }
  }
}

TEST(ChanceSolverTest, DistributedMatchesOneProcess) {
  ExpectDistributedMatchesOneProcess(PilesTableGraphGame());
  ExpectDistributedMatchesOneProcess(PilesTableGame());  // no blocks: gathered
  ExpectDistributedMatchesOneProcess(PilesGraphGame());  // afterstate: gathered
}

// A position of the table-style graph game where no outcome moves.
struct StuckTableGraphGame : PilesTableGraphGame {
  void EvaluateTurn(uint64_t i, const double* values, Aux* aux,
                    Scratch& scratch, Turn<4>* turn) const {
    PilesTableGraphGame::EvaluateTurn(i, values, aux, scratch, turn);
    if (i == ToIndex(kN - 1, 3)) turn->has_move.fill(false);
  }
};

TEST(ChanceSolverTest, DistributedErrorReachesEveryRank) {
  for (int ranks : {2, 3}) {
    for (const absl::StatusOr<std::vector<double>>& got :
         SolveOnRanks(StuckTableGraphGame(), ranks, false)) {
      EXPECT_EQ(got.status().code(), absl::StatusCode::kFailedPrecondition);
    }
  }
}

// The dependency graph counts a block listed twice as one dependency and
// lists each block's dependents in increasing order, whatever the order
// and repeats of the lists it inverts.
TEST(ChanceSolverTest, BlockGraphIgnoresRepeatedDependencies) {
  const std::vector<Block> blocks = {{0, 1, 0}, {1, 2, 0}, {2, 3, 1}, {3, 4, 2}};
  const std::vector<std::vector<uint32_t>> depends_on = {{}, {}, {1, 0, 1, 1}, {2, 0, 2}};
  absl::StatusOr<internal::BlockGraph> graph = internal::MakeBlockGraph(blocks, depends_on);
  ASSERT_TRUE(graph.ok()) << graph.status();
  EXPECT_EQ(graph->pending, (std::vector<uint32_t>{0, 0, 2, 2}));
  EXPECT_EQ(graph->dependents_begin, (std::vector<uint32_t>{0, 2, 3, 4, 4}));
  EXPECT_EQ(graph->dependents, (std::vector<uint32_t>{2, 3, 2, 3}));
}

// The contract is a concept; a type that is not a game fails it (and
// SolveChance's static_assert names what is missing).
static_assert(ChanceGame<PilesTableGame>);
static_assert(!ChanceGame<int>);

}  // namespace
}  // namespace retro::chance
