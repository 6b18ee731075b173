// Tests the finite-horizon store's encodings against plain lists of
// changes: fixed-width stores (as files written before byte coding hold
// them) and byte-coded stores with more distinct steps than codes (so
// escapes of every varint length occur), read through ValueAt, Advance
// (from a fresh cursor and resumed), ForEachChange and PermuteStore, and
// validated; and the coder's choice of codes.
#include "retro/format/finite_horizon/store.h"
#include "retro/format/finite_horizon/write/store_writer.h"

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "retro/distributed/partition.h"
#include "retro/format/finite_horizon/write/bit_coder.h"
#include "retro/format/finite_horizon/write/byte_coder.h"
#include "retro/solver/finite_horizon_exchange.h"
#include "retro/thread_pool.h"
#include "tests/distributed/thread_communicator.h"
#include "tests/framework/store_lists.h"

namespace retro {
namespace {

using testing::Change;
using testing::CodedStore;
using testing::FixedWidthStore;
using testing::Lists;

// Random lists: layers increasing up to `horizon`, values changing within
// -100..100, some long steps.
Lists RandomLists(uint64_t states, uint32_t horizon, uint32_t seed) {
  std::mt19937 random(seed);
  Lists lists(states);
  for (auto& list : lists) {
    int64_t layer = -1;
    int value = 0;
    const int n = static_cast<int>(random() % 12);
    for (int i = 0; i < n; ++i) {
      const uint32_t step = random() % 8 == 0 ? random() % (horizon / 2 + 1) : random() % 4;
      const int64_t next = (layer < 0 ? 0 : layer) + step + (layer < 0 ? 0 : 1);
      if (next > horizon) break;
      int next_value;
      do {
        next_value = static_cast<int>(random() % 201) - 100;
      } while (next_value == value);
      if (random() % 3 != 0) next_value = std::clamp(value + (random() % 2 ? 2 : -2), -100, 100);
      if (next_value == value) continue;
      layer = next;
      value = next_value;
      list.push_back({static_cast<uint32_t>(layer), value});
    }
  }
  return lists;
}

void ExpectHoldsOnce(const FiniteHorizonStoreView& view, const Lists& lists, uint32_t horizon);

// ExpectHoldsOnce on the view, and on a copy with the index of final values
// (IndexFinalValues: ValueAt at or past a state's last change reads it).
void ExpectHolds(const FiniteHorizonStoreView& view, const Lists& lists, uint32_t horizon) {
  ExpectHoldsOnce(view, lists, horizon);
  FiniteHorizonStoreView indexed = view;
  indexed.IndexFinalValues();
  EXPECT_EQ(indexed.FinalValueIndexBytes(), 2 * lists.size());
  EXPECT_EQ(view.FinalValueIndexBytes(), 0u);
  ExpectHoldsOnce(indexed, lists, horizon);
}

void ExpectHoldsOnce(const FiniteHorizonStoreView& view, const Lists& lists, uint32_t horizon) {
  ASSERT_EQ(view.states(), lists.size());
  // V_{t-1}(s), and in `next` the first layer >= t at which s changes.
  const auto value_before = [&view](uint64_t s, uint32_t t, uint32_t& next) {
    FiniteHorizonStoreView::ChangeCursor cursor;
    return view.Advance(s, t, cursor, 0, next);
  };
  for (size_t s = 0; s < lists.size(); ++s) {
    std::vector<std::pair<uint32_t, int>> got, want;
    view.ForEachChange(s, [&](uint32_t layer, int value) {
      got.emplace_back(layer, value);
      return true;
    });
    for (const Change& c : lists[s]) want.emplace_back(c.layer, c.value);
    ASSERT_EQ(got, want) << "state " << s;
    // Values at the changes, just before them, and beyond the horizon.
    std::vector<uint32_t> probes{0, horizon, horizon + 5};
    for (const Change& c : lists[s]) {
      probes.push_back(c.layer);
      if (c.layer > 0) probes.push_back(c.layer - 1);
    }
    for (const uint32_t t : probes) {
      int value = 0;
      uint32_t next = UINT32_MAX;
      for (const Change& c : lists[s]) {
        if (c.layer <= t) value = c.value;
      }
      for (const Change& c : lists[s]) {
        if (c.layer >= t) {
          next = c.layer;
          break;
        }
      }
      EXPECT_EQ(view.ValueAt(s, t), value) << "state " << s << " t " << t;
      uint32_t next_got;
      const int before = value_before(s, t, next_got);
      EXPECT_EQ(next_got, next) << "state " << s << " t " << t;
      EXPECT_EQ(before, t == 0 ? 0 : view.ValueAt(s, t - 1)) << "state " << s << " t " << t;
    }
    // A cursor advanced over t = 1.. (skipping some) agrees with a fresh one.
    FiniteHorizonStoreView::ChangeCursor cursor;
    int value = 0;
    for (uint32_t t = 1; t <= horizon + 2; t += 1 + (t % 3 == 0 ? horizon / 40 : 0)) {
      uint32_t next, next_before;
      value = view.Advance(s, t, cursor, value, next);
      ASSERT_EQ(value, value_before(s, t, next_before)) << "state " << s << " t " << t;
      ASSERT_EQ(next, next_before) << "state " << s << " t " << t;
    }
  }
}

TEST(FiniteHorizonStoreTest, EveryEncodingHoldsTheSameChanges) {
  ThreadPool pool(2);
  for (const uint32_t horizon : {200u, 300u, 100000u}) {
    SCOPED_TRACE(horizon);
    // Not a whole number of groups: the last group is partial.
    const Lists lists = RandomLists(5003, horizon, horizon);
    const std::vector<uint8_t> fixed = FixedWidthStore(lists, horizon);
    const std::vector<uint8_t> coded = CodedStore(lists, horizon);
    auto fixed_view = FiniteHorizonStoreView::Open(fixed);
    auto coded_view = FiniteHorizonStoreView::Open(coded);
    ASSERT_TRUE(fixed_view.ok()) << fixed_view.status();
    ASSERT_TRUE(coded_view.ok()) << coded_view.status();
    EXPECT_FALSE(fixed_view->coded());
    EXPECT_TRUE(coded_view->coded());
    EXPECT_EQ(coded_view->entries(), fixed_view->entries());
    // More distinct steps than codes: some changes are escapes.
    EXPECT_GT(coded_view->units(), coded_view->entries());
    EXPECT_LT(coded.size(), fixed.size());
    ExpectHolds(*fixed_view, lists, horizon);
    ExpectHolds(*coded_view, lists, horizon);
    // Bit-coded from either: the same bytes, smaller still. Values up to
    // +-100 give more contexts than the fast tables name, and horizon
    // 100,000 layer steps beyond them: both take the slow paths.
    const std::vector<uint8_t> bits = BitCodeFiniteHorizonStore(*fixed_view, pool);
    EXPECT_EQ(BitCodeFiniteHorizonStore(*coded_view, pool), bits);
    auto bits_view = FiniteHorizonStoreView::Open(bits);
    ASSERT_TRUE(bits_view.ok()) << bits_view.status();
    EXPECT_TRUE(bits_view->bit_coded());
    EXPECT_EQ(bits_view->entries(), fixed_view->entries());
    EXPECT_EQ(bits_view->last_change(), fixed_view->last_change());
    EXPECT_LT(bits.size(), coded.size());
    ExpectHolds(*bits_view, lists, horizon);
    // Renumbered: state i of the result is state (i * 7) % n.
    const uint64_t n = lists.size();
    const auto old_index = [n](uint64_t i) { return (i * 7) % n; };
    Lists permuted(n);
    for (uint64_t i = 0; i < n; ++i) permuted[i] = lists[old_index(i)];
    for (const std::vector<uint8_t>* store : {&fixed, &coded, &bits}) {
      const std::vector<uint8_t> bytes =
          PermuteStore(*FiniteHorizonStoreView::Open(*store), old_index, pool);
      auto view = FiniteHorizonStoreView::Open(bytes);
      ASSERT_TRUE(view.ok()) << view.status();
      ExpectHolds(*view, permuted, horizon);
    }
  }
}

// The bit-coded store of `lists` (through a fixed-width store), checked to
// come out the same on one thread and on two.
std::vector<uint8_t> BitCodeOnOneAndTwoThreads(const Lists& lists, uint32_t horizon) {
  ThreadPool one(1), two(2);
  const std::vector<uint8_t> fixed = FixedWidthStore(lists, horizon);
  const FiniteHorizonStoreView view = *FiniteHorizonStoreView::Open(fixed);
  const std::vector<uint8_t> bits = BitCodeFiniteHorizonStore(view, two);
  EXPECT_EQ(BitCodeFiniteHorizonStore(view, one), bits);
  return bits;
}

TEST(FiniteHorizonStoreTest, BitCodingDoesNotDependOnThreadsAndTakesAnyLists) {
  const uint32_t horizon = 200;
  // Many states (several blocks and chunks), a single state, states that
  // never change, and one state with a change at every layer.
  Lists many = RandomLists(70001, horizon, 5);
  Lists every(3);
  for (uint32_t t = 0; t <= horizon; ++t) every[1].push_back({t, t % 2 == 0 ? 1 : -1});
  for (const Lists& lists : {many, Lists(1), Lists(7), every, RandomLists(1, horizon, 9)}) {
    const std::vector<uint8_t> bits = BitCodeOnOneAndTwoThreads(lists, horizon);
    auto bits_view = FiniteHorizonStoreView::Open(bits);
    ASSERT_TRUE(bits_view.ok()) << bits_view.status();
    ExpectHolds(*bits_view, lists, horizon);
  }
}

// Bit-coding a store split across ranks (threads standing in for MPI
// ranks, each given the byte-coded store of its range) gives rank 0 the
// bytes of one process's coding: random lists whose blocks of 1,024 states
// cross the ranks' ends, lists long enough that blocks of 128 states (two
// ranges' worth of 64) must do, ranks with no state and a single state.
TEST(FiniteHorizonStoreTest, RanksBitCodeTheirRangesIntoTheStoreOfOneProcess) {
  const uint32_t horizon = 200;
  Lists long_lists(3000);
  std::mt19937 random(3);
  for (auto& list : long_lists) {
    // About 40 changes: a few hundred bits a state.
    for (uint32_t t = random() % 3; t <= horizon; t += 3 + random() % 4) {
      list.push_back({t, (list.size() % 2 == 0 ? 1 : -1) * static_cast<int>(1 + random() % 3)});
    }
  }
  for (const Lists& lists : {RandomLists(9000, horizon, 11), long_lists, Lists(1),
                             RandomLists(100, horizon, 4)}) {
    const std::vector<uint8_t> whole = CodedStore(lists, horizon);
    auto view = FiniteHorizonStoreView::Open(whole);
    ASSERT_TRUE(view.ok()) << view.status();
    ThreadPool one_pool(2);
    const std::vector<uint8_t> expected = BitCodeFiniteHorizonStore(*view, one_pool);
    for (int ranks : {2, 3, 7}) {
      std::vector<std::vector<uint8_t>> got(ranks);
      testing::ThreadJob job(ranks);
      job.Run([&](distributed::Communicator& comm) {
        ThreadPool pool(1 + comm.rank() % 2);
        const distributed::IndexRange mine =
            distributed::RangeOfRank(lists.size(), comm.rank(), ranks);
        const std::vector<uint8_t> range = SelectUnits(
            *view, mine.size(), [&mine](uint64_t i) { return mine.begin + i; }, pool);
        // A range keeps the whole store's last change: its header only.
        auto range_view = FiniteHorizonStoreView::OpenHeader(range);
        if (!range_view.ok()) comm.Abort(std::string(range_view.status().message()));
        solver::internal::DistributedBitCodeExchange exchange(comm);
        got[comm.rank()] =
            BitCodeFiniteHorizonRange(*range_view, mine.begin, view->header(), pool, exchange);
      });
      EXPECT_TRUE(got[0] == expected) << lists.size() << " states, " << ranks << " ranks";
      for (int r = 1; r < ranks; ++r) EXPECT_TRUE(got[r].empty()) << "rank " << r;
    }
  }
  // The long lists need blocks narrower than 1,024 states but wider than
  // the ranks' 64-state alignment, so blocks cross the ranks' ends.
  const std::vector<uint8_t> long_store = CodedStore(long_lists, horizon);
  auto long_view = FiniteHorizonStoreView::Open(long_store);
  ASSERT_TRUE(long_view.ok()) << long_view.status();
  ThreadPool pool(1);
  auto coded = FiniteHorizonStoreView::Open(BitCodeFiniteHorizonStore(*long_view, pool));
  ASSERT_TRUE(coded.ok()) << coded.status();
  EXPECT_GE(coded->header().block_shift, 7u);
  EXPECT_LE(coded->header().block_shift, 9u);
}

TEST(FiniteHorizonStoreTest, BitCodingNarrowsGroupsWhenBlocksMustBeNarrow) {
  // States with a change at every one of 30,000 layers take some 30,000
  // bits each: three of them overflow a group start's 16 bits, so blocks
  // (and groups) of fewer than four states are needed.
  const uint32_t horizon = 30000;
  Lists lists(11);
  for (int s : {0, 1, 2, 3, 4, 7}) {
    for (uint32_t t = 0; t <= horizon; ++t) lists[s].push_back({t, (t + s) % 2 == 0 ? 1 : -1});
  }
  lists[9].push_back({5, 2});
  const std::vector<uint8_t> bits = BitCodeOnOneAndTwoThreads(lists, horizon);
  auto bits_view = FiniteHorizonStoreView::Open(bits);
  ASSERT_TRUE(bits_view.ok()) << bits_view.status();
  EXPECT_LT(bits_view->header().group_shift, kFiniteHorizonMaxGroupShift);
  // Every list whole, and values at a few layers (ExpectHolds probes every
  // change: too slow for lists this long).
  for (size_t s = 0; s < lists.size(); ++s) {
    std::vector<Change> got;
    bits_view->ForEachChange(s, [&](uint32_t layer, int value) {
      got.push_back({layer, value});
      return true;
    });
    ASSERT_EQ(got.size(), lists[s].size()) << "state " << s;
    for (size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(got[i].layer, lists[s][i].layer) << "state " << s;
      ASSERT_EQ(got[i].value, lists[s][i].value) << "state " << s;
    }
    for (const uint32_t t : {0u, 1u, 4u, 5u, 12345u, horizon}) {
      int want = 0;
      for (const Change& c : lists[s]) {
        if (c.layer <= t) want = c.value;
      }
      EXPECT_EQ(bits_view->ValueAt(s, t), want) << "state " << s << " t " << t;
    }
  }
}

TEST(FiniteHorizonStoreTest, BitCodedStoresRefuseDamageAndNeverReadOutside) {
  ThreadPool pool(2);
  const uint32_t horizon = 300;
  const Lists lists = RandomLists(3001, horizon, 11);
  const std::vector<uint8_t> bits = BitCodeFiniteHorizonStore(
      *FiniteHorizonStoreView::Open(FixedWidthStore(lists, horizon)), pool);
  std::mt19937_64 random(3);
  int refused = 0;
  for (int round = 0; round < 400; ++round) {
    std::vector<uint8_t> bad = bits;
    for (int flips = 1 + static_cast<int>(random() % 3); flips > 0; --flips) {
      // Mostly the tables and model (small), sometimes the stream.
      const uint64_t at = random() % 2 == 0 ? random() % std::min<uint64_t>(bad.size(), 4096)
                                            : random() % bad.size();
      bad[at] ^= static_cast<uint8_t>(1u << (random() % 8));
    }
    auto view = FiniteHorizonStoreView::Open(bad);
    if (!view.ok()) {
      ++refused;
      continue;
    }
    // Accepted: every lookup stays within the store (ASan would say).
    for (uint64_t s = 0; s < view->states(); ++s) view->ValueAt(s, horizon);
  }
  EXPECT_GT(refused, 300);
}

TEST(FiniteHorizonStoreTest, TheCoderCodesTheMostFrequentSteps) {
  std::vector<uint64_t> counts(FiniteHorizonCoder::kSteps, 0);
  counts[FiniteHorizonCoder::StepIndex(1, 2)] = 50;
  counts[FiniteHorizonCoder::StepIndex(3, -1)] = 70;
  counts[FiniteHorizonCoder::StepIndex(0, 5)] = 50;
  const FiniteHorizonCoder coder(counts);
  EXPECT_EQ(coder.codes()[0], (3u << 8) | uint8_t{255});  // (3, -1), the most frequent
  EXPECT_EQ(coder.codes()[1], (0u << 8) | 5u);            // ties: the smaller index
  EXPECT_EQ(coder.codes()[2], (1u << 8) | 2u);
  EXPECT_EQ(coder.codes()[3], 0u);                        // unused
  EXPECT_EQ(coder.Bytes(1, 2), 1u);
  EXPECT_EQ(coder.Bytes(1, 3), 3u);       // escape, 1-byte varint, value
  EXPECT_EQ(coder.Bytes(300, 2), 4u);     // a 2-byte varint
  EXPECT_EQ(coder.Bytes(1 << 21, 2), 6u); // a 4-byte varint
  EXPECT_EQ(FiniteHorizonCoder::StepIndex(1, 0), -1);
  EXPECT_EQ(FiniteHorizonCoder::StepIndex(256, 1), -1);
  EXPECT_EQ(FiniteHorizonCoder::StepIndex(1, 128), -1);
  uint8_t out[8];
  EXPECT_EQ(coder.Write(out, 300, 2, 9) - out, 4);
  EXPECT_EQ(out[0], kFiniteHorizonEscape);
  EXPECT_EQ(out[1], (300 & 0x7F) | 0x80);
  EXPECT_EQ(out[2], 300 >> 7);
  EXPECT_EQ(out[3], 9);
}

}  // namespace
}  // namespace retro
