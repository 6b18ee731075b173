// Tests the finite-horizon change log: what goes in comes out, in memory and
// spilled to a scratch file, across the reader's window and with gaps of
// every varint length; and a scratch folder that cannot be used is an error
// naming it.
#include "retro/solver/change_log.h"

#include <algorithm>
#include <filesystem>
#include <random>
#include <tuple>
#include <vector>

#include "gtest/gtest.h"
#include "retro/thread_pool.h"
#include "tests/framework/temp_dir.h"

namespace retro::solver {
namespace {

using Layer = std::vector<StateChange>;

// Layers of increasing states >= first, with gaps drawn from `gap_bits`.
std::vector<Layer> RandomLayers(uint32_t first, int layers, int per_layer, int gap_bits,
                                uint32_t seed) {
  std::mt19937 random(seed);
  std::vector<Layer> out(layers);
  for (Layer& layer : out) {
    uint64_t state = first;
    const int n = static_cast<int>(random() % (per_layer + 1));
    for (int i = 0; i < n; ++i) {
      // The first change may sit on `first` itself (a gap of 0).
      const uint64_t gap = (i == 0 ? 0 : 1) + (random() & ((uint64_t{1} << gap_bits) - 1));
      if (state + gap > 0xFFFFFFFFu) break;
      state += gap;
      layer.push_back({static_cast<uint32_t>(state), static_cast<int8_t>(random() % 256)});
    }
  }
  return out;
}

std::vector<std::tuple<uint32_t, uint32_t, int>> Flatten(const std::vector<Layer>& layers) {
  std::vector<std::tuple<uint32_t, uint32_t, int>> out;
  for (uint32_t t = 0; t < layers.size(); ++t) {
    for (const StateChange& c : layers[t]) out.emplace_back(t, c.state, c.value);
  }
  return out;
}

// Every segment's changes (each checked to come in layer order, states
// increasing within a layer, and within the segment's states), merged
// into (layer, state) order.
std::vector<std::tuple<uint32_t, uint32_t, int>> ReadBack(const ChangeLog& log, uint32_t first) {
  std::vector<std::tuple<uint32_t, uint32_t, int>> out;
  for (uint64_t k = 0; k < log.segments(); ++k) {
    std::vector<std::tuple<uint32_t, uint32_t, int>> segment;
    const absl::Status s =
        log.ForEachInSegment(k, [&](uint32_t layer, uint32_t state, int8_t value) {
          segment.emplace_back(layer, state, value);
        });
    EXPECT_TRUE(s.ok()) << s;
    EXPECT_TRUE(std::is_sorted(segment.begin(), segment.end())) << "segment " << k;
    for (const auto& [layer, state, value] : segment) {
      EXPECT_EQ((uint64_t{state} - first) >> log.segment_shift(), k) << "state " << state;
    }
    out.insert(out.end(), segment.begin(), segment.end());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Memory reserved for the expected bytes, too little, enough or much
// more (capped at the spill threshold's share when spilling), changes
// nothing the log gives back.
TEST(ChangeLogTest, ReservedMemoryGivesBackTheSameChanges) {
  testing::TempDir dir;
  const uint32_t first = 500;
  const std::vector<Layer> layers = RandomLayers(first, 30, 2000, 4, 7);
  for (const uint64_t expected : {uint64_t{0}, uint64_t{1}, uint64_t{4} << 10, uint64_t{1} << 20}) {
    for (const uint64_t spill_bytes : {uint64_t{0}, uint64_t{100}}) {
      ChangeLog log(first, 40000,
                    {.scratch_directory = spill_bytes == 0 ? "" : dir.path(),
                     .spill_bytes = spill_bytes,
                     .segment_shift = 12,
                     .expected_bytes = expected});
      for (const Layer& layer : layers) ASSERT_TRUE(log.AppendLayer(layer).ok());
      EXPECT_EQ(log.segments(), 10u);
      EXPECT_EQ(ReadBack(log, first), Flatten(layers))
          << "expected " << expected << ", spill " << spill_bytes;
    }
  }
}

TEST(ChangeLogTest, GivesBackEveryChangeInMemoryAndSpilled) {
  testing::TempDir dir;
  for (const int gap_bits : {1, 7, 8, 14, 21, 28, 31}) {
    for (const uint64_t spill_bytes : {uint64_t{0}, uint64_t{1}, uint64_t{100}}) {
     for (const uint32_t segment_shift : {17u, 5u}) {
      const uint32_t first = gap_bits == 31 ? 0 : 1000;
      const std::vector<Layer> layers = RandomLayers(first, 40, 300, gap_bits, gap_bits);
      // spill_bytes 0: no scratch folder, all in memory.
      ChangeLog log(first, (uint64_t{1} << 32) - first,
                    {.scratch_directory = spill_bytes == 0 ? "" : dir.path(),
                     .spill_bytes = spill_bytes,
                     .segment_shift = segment_shift});
      uint64_t changes = 0;
      for (const Layer& layer : layers) {
        ASSERT_TRUE(log.AppendLayer(layer).ok());
        changes += layer.size();
      }
      EXPECT_EQ(log.layers(), layers.size());
      EXPECT_EQ(log.changes(), changes);
      if (spill_bytes == 0) {
        EXPECT_EQ(log.spilled_bytes(), 0u);
      } else {
        EXPECT_GT(log.spilled_bytes(), 0u);
      }
      EXPECT_EQ(ReadBack(log, first), Flatten(layers)) << "gap bits " << gap_bits;
      // The log reads the same twice (the solver counts, then writes).
      EXPECT_EQ(ReadBack(log, first), Flatten(layers));
     }
    }
  }
  // The scratch file has no name: the folder stays empty.
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(ChangeLogTest, ReadsAcrossTheWindowOfALargeSpilledLog) {
  testing::TempDir dir;
  // About 24 MB encoded, several 8 MiB reads, with varints of 1 to 3 bytes
  // straddling the window's edges; the last layer stays in memory.
  const std::vector<Layer> layers = RandomLayers(0, 80, 200000, 15, 7);
  ChangeLog log(0, uint64_t{1} << 32,
                {.scratch_directory = dir.path(), .spill_bytes = uint64_t{3} << 20,
                 .segment_shift = 31});
  for (const Layer& layer : layers) ASSERT_TRUE(log.AppendLayer(layer).ok());
  EXPECT_GT(log.spilled_bytes(), uint64_t{16} << 20);
  EXPECT_GT(log.memory_bytes(), 0u);
  EXPECT_EQ(ReadBack(log, 0), Flatten(layers));
  log.Clear();
  EXPECT_EQ(log.changes(), 0u);
  EXPECT_EQ(ReadBack(log, 0), Flatten({}));
}

TEST(ChangeLogTest, LayersAppendedOnSeveralThreadsReadTheSame) {
  // Layers large enough to be shared out (16,384 changes or more), in
  // parts that cross the segments' ends, in memory and spilled.
  testing::TempDir dir;
  ThreadPool pool(2);
  const std::vector<Layer> layers = RandomLayers(7, 12, 60000, 6, 3);
  for (const uint64_t spill_bytes : {uint64_t{0}, uint64_t{50000}}) {
    const ChangeLog::Options options{.scratch_directory = spill_bytes == 0 ? "" : dir.path(),
                                     .spill_bytes = spill_bytes,
                                     .segment_shift = 11};
    ChangeLog one(7, uint64_t{1} << 31, options), two(7, uint64_t{1} << 31, options);
    for (const Layer& layer : layers) {
      // The layer in parts of 5,000 changes, as the solver gives it.
      std::vector<std::vector<StateChange>> parts;
      for (size_t i = 0; i < layer.size(); i += 5000) {
        parts.emplace_back(layer.begin() + i, layer.begin() + std::min(layer.size(), i + 5000));
      }
      ASSERT_TRUE(one.AppendLayer(parts).ok());
      ASSERT_TRUE(two.AppendLayer(parts, &pool).ok());
    }
    EXPECT_EQ(two.changes(), one.changes());
    EXPECT_EQ(two.memory_bytes(), one.memory_bytes());
    EXPECT_EQ(two.spilled_bytes(), one.spilled_bytes());
    EXPECT_EQ(ReadBack(two, 7), Flatten(layers));
    EXPECT_EQ(ReadBack(one, 7), Flatten(layers));
  }
}

TEST(ChangeLogTest, AScratchFolderThatCannotBeUsedIsAnErrorNamingIt) {
  testing::TempDir dir;
  const std::string missing = dir.path() + "/no-such-folder";
  ChangeLog log(0, 100, {.scratch_directory = missing, .spill_bytes = 1});
  const absl::Status s = log.AppendLayer(Layer{{3, 1}, {9, -2}});
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find(missing), std::string::npos) << s;
}

}  // namespace
}  // namespace retro::solver
