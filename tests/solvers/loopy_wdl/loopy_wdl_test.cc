// SolveLoopyWdl on small invented loopy games (explicit random move graphs
// with cycles, self-loops, repeated moves, terminal positions and
// conversions of assorted values) against an independent brute force:
// forward value iteration in order of distance.
#include "retro/solver/loopy_wdl.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/progress.h"
#include "retro/solver/slice_snapshots.h"
#include "retro/thread_pool.h"

namespace retro {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// A game given by explicit move lists.
struct GraphGame {
  struct Node {
    bool terminal = false;
    WdlOutcome terminal_value;
    std::vector<uint64_t> children;       // moves inside the slice
    std::vector<WdlOutcome> conversions;  // values of moves leaving it
  };
  std::vector<Node> nodes;
  std::vector<std::vector<uint64_t>> parents;  // one entry per move

  void Finish() {
    parents.assign(nodes.size(), {});
    for (uint64_t p = 0; p < nodes.size(); ++p) {
      if (nodes[p].terminal) continue;
      for (uint64_t c : nodes[p].children) parents[c].push_back(p);
    }
  }

  // The solver's contract.
  struct Scratch {};
  uint64_t size() const { return nodes.size(); }
  template <typename Sink>
  void Describe(Scratch&, uint64_t index, Sink& sink) const {
    const Node& n = nodes[index];
    if (n.terminal) {
      sink.Terminal(n.terminal_value);
      return;
    }
    sink.InSliceMoves(static_cast<int>(n.children.size()));
    for (const WdlOutcome& v : n.conversions) sink.Conversion(v);
  }
  template <typename Visit>
  void ForEachPredecessor(Scratch&, uint64_t index, int part, int parts,
                          Visit&& visit) const {
    for (uint64_t p : parents[index]) {
      if (static_cast<int>(p % parts) == part) visit(p);
    }
  }
};

// Brute force: at step k, give Win(k) to positions with a move worth Win(k)
// and Loss(k) to positions whose moves are all known losses, the longest
// being Loss(k). Everything of distance < k is known at step k.
std::vector<WdlOutcome> BruteForce(const GraphGame& game) {
  const size_t n = game.nodes.size();
  std::vector<bool> known(n, false);
  std::vector<WdlOutcome> value(n, WdlOutcome::Draw());
  for (int k = 0; k <= kWdlMaxDistance; ++k) {
    std::vector<std::pair<size_t, WdlOutcome>> found;
    for (size_t i = 0; i < n; ++i) {
      if (known[i]) continue;
      const GraphGame::Node& node = game.nodes[i];
      if (node.terminal) {
        if (node.terminal_value.distance == k) {
          found.push_back({i, node.terminal_value});
        }
        continue;
      }
      std::vector<WdlOutcome> moves = node.conversions;
      bool all_known = true;
      for (uint64_t c : node.children) {
        if (known[c]) {
          moves.push_back(WdlOutcome::AfterMove(value[c]));
        } else {
          all_known = false;
        }
      }
      bool win = false, all_lose = all_known;
      int longest = 0;
      for (const WdlOutcome& m : moves) {
        if (m == WdlOutcome::Win(k)) win = true;
        if (m.result != Wdl::kLoss) {
          all_lose = false;
        } else {
          longest = std::max(longest, m.distance);
        }
      }
      if (win) {
        found.push_back({i, WdlOutcome::Win(k)});
      } else if (all_lose && longest == k) {
        found.push_back({i, WdlOutcome::Loss(k)});
      }
    }
    for (const auto& [i, v] : found) {
      known[i] = true;
      value[i] = v;
    }
  }
  return value;
}

GraphGame RandomGame(uint64_t seed, int size, bool long_conversions) {
  std::mt19937_64 rng(seed);
  GraphGame game;
  game.nodes.resize(size);
  for (int i = 0; i < size; ++i) {
    GraphGame::Node& node = game.nodes[i];
    const int roll = static_cast<int>(rng() % 100);
    if (roll < 4) {
      node.terminal = true;
      const int kind = static_cast<int>(rng() % 3);
      node.terminal_value = kind == 0   ? WdlOutcome::Loss(0)
                            : kind == 1 ? WdlOutcome::Win(0)
                                        : WdlOutcome::Draw();
      continue;
    }
    if (roll < 7) continue;  // no moves at all: lost at distance 0
    const int moves = static_cast<int>(rng() % 4);
    for (int m = 0; m < moves; ++m) {
      // Mostly near neighbours, so that long chains and cycles appear.
      const uint64_t child =
          rng() % 8 == 0 ? rng() % size : (i + 1 + rng() % 3) % size;
      node.children.push_back(child);
      if (rng() % 16 == 0) node.children.push_back(child);  // repeated move
    }
    if (rng() % 32 == 0) node.children.push_back(i);  // self-loop
    const int conversions =
        rng() % 5 == 0 ? 1 + static_cast<int>(rng() % 2) : 0;
    for (int c = 0; c < conversions; ++c) {
      const int d = long_conversions ? 1 + static_cast<int>(rng() % 6) : 1;
      const int kind = static_cast<int>(rng() % 5);
      node.conversions.push_back(kind == 0   ? WdlOutcome::Win(d)
                                 : kind == 1 ? WdlOutcome::Draw()
                                             : WdlOutcome::Loss(d));
    }
  }
  game.Finish();
  return game;
}

void ExpectSolvedLike(const GraphGame& game, int threads) {
  ThreadPool pool(threads);
  Progress progress;
  const absl::StatusOr<std::vector<uint8_t>> solved =
      solver::SolveLoopyWdl(game, {.pool = &pool, .progress = &progress});
  ASSERT_TRUE(solved.ok()) << solved.status();
  const std::vector<WdlOutcome> expected = BruteForce(game);
  ASSERT_EQ(solved->size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    const WdlOutcome got = DecodeWdl((*solved)[i]);
    ASSERT_EQ(got.result, expected[i].result) << "position " << i;
    ASSERT_EQ(got.distance, expected[i].distance) << "position " << i;
  }
}

TEST(LoopyWdlCodecTest, RoundTrips) {
  for (int d = 0; d <= kWdlMaxDistance; ++d) {
    EXPECT_EQ(DecodeWdl(EncodeWdl(WdlOutcome::Win(d))), WdlOutcome::Win(d));
    EXPECT_EQ(DecodeWdl(EncodeWdl(WdlOutcome::Loss(d))), WdlOutcome::Loss(d));
  }
  EXPECT_EQ(EncodeWdl(WdlOutcome::Draw()), 0);
  EXPECT_EQ(DecodeWdl(0), WdlOutcome::Draw());
  EXPECT_TRUE(BetterForMover(WdlOutcome::Win(3), WdlOutcome::Win(4)));
  EXPECT_TRUE(BetterForMover(WdlOutcome::Loss(4), WdlOutcome::Loss(3)));
  EXPECT_TRUE(BetterForMover(WdlOutcome::Draw(), WdlOutcome::Loss(9)));
  EXPECT_EQ(WdlOutcome::AfterMove(WdlOutcome::Loss(0)), WdlOutcome::Win(1));
}

TEST(LoopyWdlSolverTest, HandMadeCycleAndChain) {
  // 0 <-> 1 is a cycle (draw); 2 -> 3 -> 4 where 4 has no moves (lost);
  // 5 -> {1, 4}: wins by moving to 4; 6 -> {0} plus a losing conversion:
  // drawn; 7 -> {3} plus a conversion loss in 5: loses in 5, not 2;
  // 8 -> {3} plus a conversion loss in 1: loses in 2.
  GraphGame game;
  game.nodes.resize(9);
  game.nodes[0].children = {1};
  game.nodes[1].children = {0};
  game.nodes[2].children = {3};
  game.nodes[3].children = {4};
  game.nodes[5].children = {1, 4};
  game.nodes[6].children = {0};
  game.nodes[6].conversions = {WdlOutcome::Loss(1)};
  game.nodes[7].children = {3};
  game.nodes[7].conversions = {WdlOutcome::Loss(5)};
  game.nodes[8].children = {3};
  game.nodes[8].conversions = {WdlOutcome::Loss(1)};
  game.Finish();
  ThreadPool pool(2);
  const std::vector<uint8_t> solved = *solver::SolveLoopyWdl(game, {.pool = &pool});
  const WdlOutcome expected[] = {
      WdlOutcome::Draw(), WdlOutcome::Draw(),  WdlOutcome::Loss(2),
      WdlOutcome::Win(1), WdlOutcome::Loss(0), WdlOutcome::Win(1),
      WdlOutcome::Draw(), WdlOutcome::Loss(5), WdlOutcome::Loss(2)};
  for (int i = 0; i < 9; ++i) {
    EXPECT_EQ(DecodeWdl(solved[i]), expected[i]) << i;
  }
}

TEST(LoopyWdlSolverTest, RandomGamesMatchBruteForce) {
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    const GraphGame game = RandomGame(seed, 300 + 97 * seed, false);
    for (int threads : {1, 2, 3}) {
      SCOPED_TRACE(testing::Message()
                   << "seed " << seed << " threads " << threads);
      ExpectSolvedLike(game, threads);
    }
  }
}

TEST(LoopyWdlSolverTest, LongConversionsMatchBruteForce) {
  for (uint64_t seed = 100; seed < 130; ++seed) {
    const GraphGame game = RandomGame(seed, 500 + 31 * seed, true);
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    ExpectSolvedLike(game, 2);
  }
}

TEST(LoopyWdlSolverTest, LargeGameUsesManyLevels) {
  const GraphGame game = RandomGame(999, 200000, false);
  ExpectSolvedLike(game, 2);
  // The game exercises every kind of result and long distances.
  ThreadPool pool(2);
  const std::vector<uint8_t> solved = *solver::SolveLoopyWdl(game, {.pool = &pool});
  int counts[3] = {0, 0, 0};
  int longest = 0;
  for (uint8_t byte : solved) {
    const WdlOutcome v = DecodeWdl(byte);
    ++counts[static_cast<int>(v.result)];
    longest = std::max(longest, v.distance);
  }
  EXPECT_GT(counts[0], 1000);
  EXPECT_GT(counts[1], 1000);
  EXPECT_GT(counts[2], 1000);
  EXPECT_GE(longest, 10);
}

// Snapshots kept in memory: each save appended; Restore gives the one
// chosen, if any, after the solver's check (as a checkpoint does).
class RecordedSnapshots : public solver::SliceSnapshots {
 public:
  bool Due() const override { return true; }
  absl::StatusOr<std::optional<std::vector<std::vector<uint8_t>>>> Restore(
      const solver::SnapshotCheck& check) override {
    if (!restore_.has_value()) return std::nullopt;
    if (absl::Status status = check(*restore_); !status.ok()) return status;
    return *restore_;
  }
  absl::Status Save(std::span<const std::span<const uint8_t>> parts) override {
    std::vector<std::vector<uint8_t>>& saved = saved_.emplace_back();
    for (const std::span<const uint8_t> part : parts) saved.emplace_back(part.begin(), part.end());
    return absl::OkStatus();
  }
  std::vector<std::vector<std::vector<uint8_t>>> saved_;
  std::optional<std::vector<std::vector<uint8_t>>> restore_;
};

// A solve resumed from any of its snapshots (inside the seeding, after
// each level) gives the uninterrupted table, on 1 or 2 threads.
TEST(LoopyWdlSolverTest, ResumesFromEverySnapshotToTheSameTable) {
  for (const bool long_conversions : {false, true}) {
    // Large enough to be seeded in several chunks.
    const GraphGame game = RandomGame(4242, 600000, long_conversions);
    ThreadPool pool(2);
    const std::vector<uint8_t> plain = *solver::SolveLoopyWdl(game, {.pool = &pool});
    RecordedSnapshots taking;
    ASSERT_EQ(*solver::SolveLoopyWdl(game, {.pool = &pool, .snapshots = &taking}), plain);
    ASSERT_GE(taking.saved_.size(), 10u);
    int inside_seeding = 0;  // header word 2: the positions seeded
    for (const auto& parts : taking.saved_) {
      uint64_t seeded;
      std::memcpy(&seeded, parts[0].data() + 16, 8);
      inside_seeding += seeded < game.size();
    }
    EXPECT_GE(inside_seeding, 3);
    for (size_t k = 0; k < taking.saved_.size(); ++k) {
      {
        const int threads = 1 + static_cast<int>(k % 2);
        ThreadPool resume_pool(threads);
        RecordedSnapshots resuming;
        resuming.restore_ = taking.saved_[k];
        const absl::StatusOr<std::vector<uint8_t>> resumed =
            solver::SolveLoopyWdl(game, {.pool = &resume_pool, .snapshots = &resuming});
        ASSERT_TRUE(resumed.ok()) << resumed.status();
        EXPECT_EQ(*resumed, plain) << "snapshot " << k << ", " << threads << " threads";
      }
    }
  }
}

// A snapshot of another slice, or damaged, is refused, not misread.
TEST(LoopyWdlSolverTest, ForeignOrDamagedSnapshotsAreRefused) {
  const GraphGame game = RandomGame(7, 5000, true);
  const GraphGame other = RandomGame(7, 6000, true);
  ThreadPool pool(2);
  RecordedSnapshots taking;
  ASSERT_TRUE(solver::SolveLoopyWdl(game, {.pool = &pool, .snapshots = &taking}).ok());
  ASSERT_GE(taking.saved_.size(), 2u);
  const std::vector<std::vector<uint8_t>> good = taking.saved_[1];
  const auto refused = [&](const GraphGame& g, std::vector<std::vector<uint8_t>> parts) {
    RecordedSnapshots resuming;
    resuming.restore_ = std::move(parts);
    const absl::StatusOr<std::vector<uint8_t>> r =
        solver::SolveLoopyWdl(g, {.pool = &pool, .snapshots = &resuming});
    return !r.ok() && r.status().code() == absl::StatusCode::kDataLoss;
  };
  EXPECT_TRUE(refused(other, good)) << "another slice size";
  std::vector<std::vector<uint8_t>> damaged = good;
  damaged.pop_back();
  EXPECT_TRUE(refused(game, damaged)) << "a part missing";
  damaged = good;
  damaged[0][0] ^= 0x40;  // the format word
  EXPECT_TRUE(refused(game, damaged)) << "another format";
  damaged = good;
  damaged[0][23] = 0x01;  // positions seeded: beyond the slice
  EXPECT_TRUE(refused(game, damaged)) << "seeded beyond the slice";
  damaged = good;
  damaged[0][24] = 0xFF;  // the next level: beyond the codec
  EXPECT_TRUE(refused(game, damaged)) << "an impossible level";
  damaged = good;
  damaged[3].push_back(1);  // pending lists not whole words
  EXPECT_TRUE(refused(game, damaged)) << "damaged pending lists";
}

// A snapshot whose value bytes, counters or pending entries are not ones
// the solve can hold at that point is refused as damaged, naming the byte,
// not continued from (the table would hold values no solve gives).
TEST(LoopyWdlSolverTest, SnapshotsWithImpossibleValuesAreRefused) {
  const GraphGame game = RandomGame(4242, 600000, true);
  ThreadPool pool(2);
  RecordedSnapshots taking;
  ASSERT_TRUE(solver::SolveLoopyWdl(game, {.pool = &pool, .snapshots = &taking}).ok());
  const auto header_word = [](const std::vector<std::vector<uint8_t>>& parts, int k) {
    uint64_t word;
    std::memcpy(&word, parts[0].data() + 8 * k, 8);
    return word;
  };
  const auto refusal = [&](std::vector<std::vector<uint8_t>> parts) {
    RecordedSnapshots resuming;
    resuming.restore_ = std::move(parts);
    const absl::StatusOr<std::vector<uint8_t>> r =
        solver::SolveLoopyWdl(game, {.pool = &pool, .snapshots = &resuming});
    EXPECT_EQ(r.status().code(), absl::StatusCode::kDataLoss) << r.status();
    return std::string(r.status().message());
  };
  // One taken inside the seeding, and one after a level with pending lists.
  const std::vector<std::vector<uint8_t>>* seeding = nullptr;
  const std::vector<std::vector<uint8_t>>* pending = nullptr;
  for (const auto& parts : taking.saved_) {
    if (header_word(parts, 2) < game.size() && seeding == nullptr) seeding = &parts;
    if (header_word(parts, 2) == game.size() && header_word(parts, 3) > 0 &&
        parts[3].size() > 8 * header_word(parts, 6)) {
      pending = &parts;
    }
  }
  ASSERT_NE(seeding, nullptr);
  ASSERT_NE(pending, nullptr);
  {
    SCOPED_TRACE("a loss deeper than the highest level reached");
    std::vector<std::vector<uint8_t>> bad = *pending;
    ASSERT_LT(static_cast<int64_t>(header_word(bad, 4)), kWdlMaxDistance);
    bad[1][17] = EncodeWdl(WdlOutcome::Loss(kWdlMaxDistance));
    EXPECT_THAT(refusal(bad), AllOf(HasSubstr("value byte 254 at index 17"),
                                    HasSubstr("encodes no value")));
  }
  {
    SCOPED_TRACE("a counter past the positions seeded");
    std::vector<std::vector<uint8_t>> bad = *seeding;
    bad[2][game.size() - 1] = 3;
    EXPECT_THAT(refusal(bad), HasSubstr("past the"));
  }
  {
    SCOPED_TRACE("a value past the positions seeded");
    std::vector<std::vector<uint8_t>> bad = *seeding;
    bad[1][game.size() - 1] = kWdlDrawByte;
    EXPECT_THAT(refusal(bad), HasSubstr("past the"));
  }
  {
    SCOPED_TRACE("a pending entry that is not its level's result");
    std::vector<std::vector<uint8_t>> bad = *pending;
    // The first entry of the first non-empty list: its code byte a draw.
    std::vector<uint64_t> words(bad[3].size() / 8);
    std::memcpy(words.data(), bad[3].data(), bad[3].size());
    size_t at = 0;
    while (words[at] == 0) ++at;
    words[at + 1] &= ~(uint64_t{0xFF} << 56);
    std::memcpy(bad[3].data(), words.data(), bad[3].size());
    EXPECT_THAT(refusal(bad), HasSubstr("damaged pending lists"));
  }
}

TEST(LoopyWdlSolverTest, TooManyMovesIsAnError) {
  for (bool drawing_conversion : {false, true}) {
    GraphGame game;
    game.nodes.resize(2);
    game.nodes[0].children.assign(300, 1);
    if (drawing_conversion) game.nodes[0].conversions = {WdlOutcome::Draw()};
    game.Finish();
    ThreadPool pool(1);
    const absl::StatusOr<std::vector<uint8_t>> solved =
        solver::SolveLoopyWdl(game, {.pool = &pool});
    EXPECT_EQ(solved.status().code(), absl::StatusCode::kInvalidArgument);
  }
}

TEST(LoopyWdlSolverTest, DistanceBeyondCodecIsAnError) {
  // A chain of 200 positions ending in a lost one: distances up to 199.
  GraphGame game;
  game.nodes.resize(200);
  for (int i = 1; i < 200; ++i) game.nodes[i].children = {uint64_t(i - 1)};
  game.Finish();
  ThreadPool pool(2);
  EXPECT_EQ(solver::SolveLoopyWdl(game, {.pool = &pool}).status().code(),
            absl::StatusCode::kOutOfRange);
}

TEST(LoopyWdlSolverTest, ConversionBeyondCodecIsAnError) {
  for (const WdlOutcome conversion :
       {WdlOutcome::Win(kWdlMaxDistance + 1),
        WdlOutcome::Loss(kWdlMaxDistance + 1)}) {
    GraphGame game;
    game.nodes.resize(1);
    game.nodes[0].conversions = {conversion};
    game.Finish();
    EXPECT_EQ(solver::SolveLoopyWdl(game, {}).status().code(),
              absl::StatusCode::kOutOfRange);
  }
}

// A game whose one position reports a negative number of moves.
struct NegativeGame : GraphGame {
  template <typename Sink>
  void Describe(Scratch&, uint64_t, Sink& sink) const {
    sink.InSliceMoves(-1);
  }
};

TEST(LoopyWdlSolverTest, NegativeMoveCountIsAnError) {
  NegativeGame game;
  game.nodes.resize(1);
  game.Finish();
  EXPECT_EQ(solver::SolveLoopyWdl(game, {}).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(LoopyWdlSolverTest, RespectsTheMemoryBudget) {
  const GraphGame game = RandomGame(7, 1000, false);
  // Two bytes per position: the table and the open-move counters.
  EXPECT_EQ(solver::SolveLoopyWdl(game, {.memory_budget_bytes = 1999})
                .status()
                .code(),
            absl::StatusCode::kResourceExhausted);
  EXPECT_TRUE(solver::SolveLoopyWdl(game, {.memory_budget_bytes = 2000}).ok());
}

// The contract is a concept; a type that is not a game fails it (and
// SolveLoopyWdl's static_assert names the missing member).
static_assert(solver::LoopyWdlGame<GraphGame>);
static_assert(!solver::LoopyWdlGame<int>);
static_assert(!solver::LoopyWdlHasDescribe<WdlOutcome>);

}  // namespace
}  // namespace retro
