// The 5-piece Surakarta tablebase as `retro solve --game surakarta --pieces
// 5` writes it (the plugin's solve, loaded in process; FuChou index, no
// move loses) against the slow reference (tests/surakarta/
// reference_solver.h and reference_rules.h: square-by-square boards, its
// own move generator). Every position of 1..4 pieces must equal the
// reference's full solve. The 5-piece table (12,063,744 positions) is too
// large for the reference's explicit lists, so 100,000 positions drawn at
// random are each recomputed by the reference's recursion: terminal
// values, a capture's value from the reference's own 4-piece table, a
// quiet move's from the file's 5-piece value of the child, the best for
// the mover. A wrong record (value, result or distance) among those drawn
// fails.
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/notation.h"
#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/format/wdl/wdl.h"
#include "tests/framework/build_path.h"
#include "tests/framework/crafted_database.h"
#include "tests/surakarta/reference_rules.h"
#include "tests/surakarta/reference_solver.h"

#ifndef RETRO_PLUGIN_FILE
#error "RETRO_PLUGIN_FILE must name the Surakarta plugin"
#endif

namespace retro::surakarta {
namespace {

constexpr int kPieces = 5;
constexpr int kSamples = 100000;

// The reference's board of `p` (u: the side to move, t: the other).
reference::Board BoardOf(const Position& p) {
  reference::Board board;
  board.fill('.');
  for (int s = 0; s < 36; ++s) {
    if ((p.us >> s) & 1) board[s] = 'u';
    if ((p.them >> s) & 1) board[s] = 't';
  }
  return board;
}

Position PositionOf(const reference::Key& key) {
  Position p;
  p.us = key.first;
  p.them = key.second;
  return p;
}

std::string Describe(WdlOutcome v) {
  return v.result == Wdl::kWin    ? "win in " + std::to_string(v.distance)
         : v.result == Wdl::kLoss ? "loss in " + std::to_string(v.distance)
                                  : "draw";
}

// The file's value of `p` (n pieces), read from its slice pieces-n.
WdlOutcome FileValue(const DatabaseFile& file, const Position& p, int n) {
  static const auto* indexers = [] {
    auto* made = new std::vector<FuChouIndexer>;
    for (int k = 0; k <= kPieces; ++k) made->push_back(*FuChouIndexer::Create(k));
    return made;
  }();
  const std::span<const uint8_t> slice =
      file.SliceBytes(*file.FindSlice("pieces-" + std::to_string(n)));
  return DecodeWdl(slice[(*indexers)[n].Rank(p)]);
}

// One test (one ctest entry), so that the table is solved once.
TEST(FivePieceOracleTest, TheTablebaseFollowsTheReference) {
  testing::PluginUnderTest plugin(testing::BuildPath(RETRO_PLUGIN_FILE));
  const std::vector<uint8_t> bytes = plugin.Solve({{"pieces", std::to_string(kPieces)}});
  auto opened = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(opened.ok()) << opened.status();
  const DatabaseFile& file = **opened;
  const std::vector<reference::ValueMap> expected = reference::SolveAll(kPieces - 1, false);

  // 1. The file's parameters and sizes are the ones checked.
  ASSERT_EQ(file.Parameter("indexer"), std::optional<std::string>("fuchou"));
  ASSERT_EQ(file.Parameter("no-move"), std::optional<std::string>("loss"));
  for (int n = 1; n <= kPieces; ++n) {
    const std::optional<size_t> slice = file.FindSlice("pieces-" + std::to_string(n));
    ASSERT_TRUE(slice.has_value()) << n;
    ASSERT_EQ(file.SliceBytes(*slice).size(), FuChouIndexer::Create(n)->Size()) << n;
  }
  ASSERT_EQ(FuChouIndexer::Create(kPieces)->Size(), 12063744u);

  // 2. Every position of 1..4 pieces equals the reference's.
  for (int n = 1; n < kPieces; ++n) {
    ASSERT_EQ(expected[n].size(), FuChouIndexer::Create(n)->Size()) << n;
    for (const auto& [key, value] : expected[n]) {
      const Position p = PositionOf(key);
      ASSERT_EQ(FileValue(file, p, n), value)
          << FormatPosition(p) << ": file " << Describe(FileValue(file, p, n)) << ", reference "
          << Describe(value);
    }
  }

  // 3. Sampled 5-piece positions by the reference's recursion, one step.
  const FuChouIndexer indexer = *FuChouIndexer::Create(kPieces);
  std::mt19937_64 random(20261129);
  int decided = 0, captures = 0, mismatches = 0;
  for (int k = 0; k < kSamples; ++k) {
    const Position p = indexer.Unrank(random() % indexer.Size());
    const reference::Board board = BoardOf(p);
    int mine = 0, theirs = 0;
    for (const char c : board) {
      mine += c == 'u';
      theirs += c == 't';
    }
    std::optional<WdlOutcome> best;
    if (mine == 0) best = WdlOutcome::Loss(0);
    if (theirs == 0) best = WdlOutcome::Win(0);
    const reference::MoveSet moves = best ? reference::MoveSet() : reference::LegalMoves(board);
    if (!best && moves.empty()) best = WdlOutcome::Loss(0);
    for (const auto& [from, to, capture] : moves) {
      reference::Board child = board;
      child[to] = 'u';
      child[from] = '.';
      for (char& c : child) c = c == 'u' ? 't' : c == 't' ? 'u' : '.';
      WdlOutcome worth;
      if (capture) {
        ++captures;
        const WdlOutcome v = expected[kPieces - 1].at(reference::KeyOf(child));
        worth = v.result == Wdl::kLoss  ? WdlOutcome::Win(1)
                : v.result == Wdl::kWin ? WdlOutcome::Loss(1)
                                        : WdlOutcome::Draw();
      } else {
        worth =
            WdlOutcome::AfterMove(FileValue(file, PositionOf(reference::KeyOf(child)), kPieces));
      }
      if (!best || BetterForMover(worth, *best)) best = worth;
    }
    const WdlOutcome stored = FileValue(file, p, kPieces);
    decided += stored.result != Wdl::kDraw;
    if (!(stored == *best) && ++mismatches <= 5) {
      ADD_FAILURE() << FormatPosition(p) << ": file " << Describe(stored) << ", reference "
                    << Describe(*best);
    }
  }
  EXPECT_EQ(mismatches, 0);
  // The sample reaches decided positions and captures, not only draws.
  EXPECT_GT(decided, kSamples / 10);
  EXPECT_GT(captures, kSamples);
}

}  // namespace
}  // namespace retro::surakarta
