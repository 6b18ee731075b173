// Predecessors from a forward pass over the moves (retro/solver/
// predecessor_lists.h, retro/kit/forward_predecessors.h): the lists against
// a brute-force reverse graph, in memory and in a scratch file (which leaves
// nothing behind); then KRK (krk_rules.h) and tic-tac-toe (tests/tictactoe/
// rules_with_take_backs.h) solved with their take-backs hidden
// (retro/testing/without_take_backs.h), byte for byte as with them, on one
// and several threads, with the lists on disk, and on two ranks; the
// contract checker skips the take-backs check of such rules; the plan's
// sampled edge count is close to the real one.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "retro/contract/check_contract.h"
#include "retro/kit/forward_predecessors.h"
#include "retro/kit/loopy_wdl_check_view.h"
#include "retro/kit/loopy_wdl_module.h"
#include "retro/solver/predecessor_lists.h"
#include "retro/testing/without_take_backs.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"
#include "tests/distributed/thread_communicator.h"
#include "tests/framework/temp_dir.h"
#include "tests/kit/krk_rules.h"
#include "tests/tictactoe/rules_with_take_backs.h"

namespace retro {
namespace {

using ::retro::solver::PredecessorLists;
using ::retro::solver::PredecessorListsOptions;
using ::retro::testing::TempDir;
using ::retro::testing::WithoutTakeBacks;

// A pseudo-random graph on `size` nodes: 0 to 6 children per node,
// duplicates and self-loops included.
std::vector<uint64_t> ChildrenOf(uint64_t size, uint64_t parent) {
  uint64_t state = parent * 0x9E3779B97F4A7C15ull + 12345;
  const auto next = [&] {
    state ^= state >> 33;
    state *= 0xFF51AFD7ED558CCDull;
    state ^= state >> 29;
    return state;
  };
  std::vector<uint64_t> children(next() % 7);
  for (uint64_t& child : children) child = next() % size;
  if (!children.empty() && parent % 5 == 0) children.push_back(children.front());
  return children;
}

// Each node's parents, one per edge, sorted: the reverse graph built
// directly.
std::vector<std::vector<uint64_t>> BruteForceParents(uint64_t size) {
  std::vector<std::vector<uint64_t>> parents(size);
  for (uint64_t p = 0; p < size; ++p) {
    for (uint64_t c : ChildrenOf(size, p)) parents[c].push_back(p);
  }
  for (auto& list : parents) std::sort(list.begin(), list.end());
  return parents;
}

absl::StatusOr<PredecessorLists> BuildGraph(uint64_t size, int threads,
                                            const PredecessorListsOptions& options = {}) {
  ThreadPool pool(threads);
  return PredecessorLists::Build(
      size, pool,
      [size](int, uint64_t parent, auto&& emit) {
        for (uint64_t child : ChildrenOf(size, parent)) emit(child);
      },
      options);
}

void ExpectListsAre(const PredecessorLists& lists,
                    const std::vector<std::vector<uint64_t>>& expected) {
  uint64_t edges = 0;
  for (uint64_t c = 0; c < expected.size(); ++c) {
    std::vector<uint64_t> got;
    lists.ForEachParent(c, [&](uint64_t p) { got.push_back(p); });
    ASSERT_EQ(got, expected[c]) << "node " << c;
    edges += expected[c].size();
  }
  EXPECT_EQ(lists.edges(), edges);
}

TEST(PredecessorListsTest, MatchBruteForceReverseGraphOnAnyThreadCount) {
  const uint64_t size = 20000;
  const auto expected = BruteForceParents(size);
  for (const int threads : {1, 2, 3}) {
    absl::StatusOr<PredecessorLists> lists = BuildGraph(size, threads);
    ASSERT_TRUE(lists.ok()) << lists.status();
    EXPECT_FALSE(lists->parents_on_disk());
    EXPECT_EQ(lists->parent_bytes(), 4 * lists->edges());
    ExpectListsAre(*lists, expected);
  }
}

TEST(PredecessorListsTest, EmptySliceAndNodesWithoutParents) {
  absl::StatusOr<PredecessorLists> empty = BuildGraph(0, 2);
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_EQ(empty->edges(), 0u);
  ExpectListsAre(*BuildGraph(3, 2), BruteForceParents(3));
}

TEST(PredecessorListsTest, OverBudgetParentsGoToAScratchFileThatLeavesNothingBehind) {
  const uint64_t size = 5000;
  TempDir scratch;
  {
    absl::StatusOr<PredecessorLists> lists =
        BuildGraph(size, 2, {.memory_budget_bytes = 1, .scratch_directory = scratch.path()});
    ASSERT_TRUE(lists.ok()) << lists.status();
    EXPECT_TRUE(lists->parents_on_disk());
    ExpectListsAre(*lists, BruteForceParents(size));
    EXPECT_TRUE(scratch.List().empty()) << "the scratch file has a name";
  }
  EXPECT_TRUE(scratch.List().empty());
  // Within the budget, or without a folder: in memory.
  EXPECT_FALSE(BuildGraph(size, 2, {.memory_budget_bytes = 1 << 30,
                                    .scratch_directory = scratch.path()})
                   ->parents_on_disk());
  EXPECT_FALSE(BuildGraph(size, 2, {.memory_budget_bytes = 1})->parents_on_disk());
}

TEST(PredecessorListsTest, AMissingScratchFolderIsAnErrorNamingIt) {
  absl::StatusOr<PredecessorLists> lists =
      BuildGraph(100, 1, {.memory_budget_bytes = 1, .scratch_directory = "/nonexistent/dir"});
  ASSERT_FALSE(lists.ok());
  EXPECT_NE(lists.status().message().find("/nonexistent/dir"), std::string::npos)
      << lists.status();
}

TEST(PredecessorListsTest, AChildBeyondTheSliceIsAnError) {
  ThreadPool pool(2);
  absl::StatusOr<PredecessorLists> lists = PredecessorLists::Build(
      10, pool, [](int, uint64_t parent, auto&& emit) { emit(parent + 5); });
  ASSERT_FALSE(lists.ok());
  EXPECT_NE(lists.status().message().find("beyond the slice"), std::string::npos)
      << lists.status();
}

// Every slice of `rules` solved through the kit's view, in order.
template <typename R>
std::vector<std::vector<uint8_t>> SolveAll(const R& rules, int threads,
                                           const PredecessorListsOptions& options = {},
                                           distributed::Communicator* communicator = nullptr) {
  ThreadPool pool(threads);
  std::vector<std::vector<uint8_t>> tables;
  for (int s = 0; s < rules.num_slices(); ++s) {
    absl::StatusOr<std::vector<uint8_t>> table = kit::SolveSliceThroughView(
        rules, s, tables, {.pool = &pool, .communicator = communicator}, options);
    EXPECT_TRUE(table.ok()) << table.status();
    if (!table.ok()) return {};
    tables.push_back(*std::move(table));
  }
  return tables;
}

static_assert(kit::HasTakeBacks<krk::Rules>);
static_assert(!kit::HasTakeBacks<WithoutTakeBacks<krk::Rules>>);
static_assert(kit::HasTakeBacks<tictactoe::RulesWithTakeBacks>);
static_assert(!kit::HasTakeBacks<WithoutTakeBacks<tictactoe::RulesWithTakeBacks>>);

TEST(ForwardPredecessorsTest, KrkSolvesByteForByteAsWithTakeBacks) {
  for (const int size : {3, 4, 5}) {
    const krk::Rules rules(size);
    const WithoutTakeBacks<krk::Rules> hidden(rules);
    const auto expected = SolveAll(rules, 2);
    ASSERT_EQ(expected.size(), 2u);
    for (const int threads : {1, 3}) {
      EXPECT_EQ(SolveAll(hidden, threads), expected) << "size " << size << ", " << threads
                                                     << " threads";
    }
  }
}

TEST(ForwardPredecessorsTest, TicTacToeSolvesByteForByteAsWithTakeBacks) {
  const tictactoe::RulesWithTakeBacks rules;
  const WithoutTakeBacks<tictactoe::RulesWithTakeBacks> hidden;
  const auto expected = SolveAll(rules, 2);
  ASSERT_EQ(expected.size(), 1u);
  EXPECT_EQ(SolveAll(hidden, 1), expected);
  EXPECT_EQ(SolveAll(hidden, 3), expected);
}

TEST(ForwardPredecessorsTest, ListsInAScratchFileSolveTheSame) {
  const krk::Rules rules(4);
  TempDir scratch;
  EXPECT_EQ(SolveAll(WithoutTakeBacks<krk::Rules>(rules), 2,
                     {.memory_budget_bytes = 1, .scratch_directory = scratch.path()}),
            SolveAll(rules, 2));
  EXPECT_TRUE(scratch.List().empty());
}

TEST(ForwardPredecessorsTest, TwoRanksSolveTheSameAsOneProcess) {
  const krk::Rules rules(4);
  const WithoutTakeBacks<krk::Rules> hidden(rules);
  const auto expected = SolveAll(rules, 1);
  std::vector<std::vector<std::vector<uint8_t>>> by_rank(2);
  retro::testing::ThreadJob job(2);
  job.Run([&](distributed::Communicator& communicator) {
    by_rank[communicator.rank()] = SolveAll(hidden, 1, {}, &communicator);
  });
  EXPECT_EQ(by_rank[0], expected);
  EXPECT_EQ(by_rank[1], expected);
}

// The names of the checks a contract check ran.
template <typename R>
std::vector<std::string> ChecksRun(const R& rules) {
  ThreadPool pool(2);
  const CheckResult result = CheckContract(kit::LoopyWdlCheckView<R>(rules), {}, &pool, nullptr);
  EXPECT_TRUE(result.ok) << result.first_failure;
  std::vector<std::string> names;
  for (const CheckCount& check : result.checks) names.push_back(check.name);
  return names;
}

TEST(ForwardPredecessorsTest, TheCheckerSkipsTakeBacksOfRulesWithoutThem) {
  const krk::Rules rules(4);
  const std::vector<std::string> with = ChecksRun(rules);
  const std::vector<std::string> without = ChecksRun(WithoutTakeBacks<krk::Rules>(rules));
  EXPECT_NE(std::find(with.begin(), with.end(), "take-backs"), with.end());
  EXPECT_EQ(std::find(without.begin(), without.end(), "take-backs"), without.end());
  EXPECT_EQ(without.size() + 1, with.size());
}

TEST(ForwardPredecessorsTest, ThePlansSampledEdgesAreCloseToTheListed) {
  const WithoutTakeBacks<krk::Rules> rules(krk::Rules(6));
  ThreadPool pool(2);
  for (int s = 0; s < rules.num_slices(); ++s) {
    absl::StatusOr<PredecessorLists> lists =
        kit::BuildForwardPredecessors(rules, s, pool, PredecessorListsOptions{});
    ASSERT_TRUE(lists.ok()) << lists.status();
    const double estimate = static_cast<double>(kit::EstimateInSliceEdges(rules, s, 2000));
    EXPECT_NEAR(estimate, static_cast<double>(lists->edges()), 0.1 * lists->edges() + 10)
        << "slice " << s;
  }
  EXPECT_EQ(kit::EstimateForwardPredecessorBytes(krk::Rules(6)).parents, 0u);
  EXPECT_GT(kit::EstimateForwardPredecessorBytes(rules).parents, 0u);
}

// The whole module (plan and solve) of rules without take-backs: the plan
// counts the lists, and the solve writes the slices of the module with them.
TEST(ForwardPredecessorsTest, TheModuleSolvesRulesWithoutTakeBacks) {
  kit::LoopyWdlModule<tictactoe::RulesWithTakeBacks> with({.name = "tictactoe"});
  kit::LoopyWdlModule<WithoutTakeBacks<tictactoe::RulesWithTakeBacks>> without(
      {.name = "tictactoe"});
  const absl::StatusOr<SolvePlan> with_plan = with.Plan({}, {});
  const absl::StatusOr<SolvePlan> without_plan = without.Plan({}, {});
  ASSERT_TRUE(with_plan.ok() && without_plan.ok());
  EXPECT_EQ(with_plan->estimated_memory_bytes, 4 * 19683u);
  // Plus the sampled lists: 4 bytes an index and 4 an edge (16,167).
  EXPECT_GT(without_plan->estimated_memory_bytes, 4 * 19683u + 4 * 19683u + 4 * 14000u);
  EXPECT_LT(without_plan->estimated_memory_bytes, 4 * 19683u + 4 * 19683u + 4 * 18000u);
  ThreadPool pool(2);
  Progress progress;
  DatabaseBuilder expected, got;
  ASSERT_TRUE(with.Solve({}, {&pool, &progress}, expected).ok());
  const absl::Status solved = without.Solve({}, {&pool, &progress}, got);
  ASSERT_TRUE(solved.ok()) << solved;
  ASSERT_EQ(got.slices().size(), 1u);
  ASSERT_EQ(expected.slices().size(), 1u);
  EXPECT_TRUE(std::ranges::equal(got.slices()[0].bytes(), expected.slices()[0].bytes()));
}

}  // namespace
}  // namespace retro
