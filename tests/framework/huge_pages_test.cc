// Tests of retro/internal/huge_pages.h: blocks of every size hold what is written
// to them, large ones are aligned to a huge page (what lets the system back
// them with huge pages), and a HugePageVector behaves as a std::vector
// through growth, copies and release.
#include "retro/internal/huge_pages.h"

#include <cstdint>
#include <cstring>
#include <numeric>

#include "gtest/gtest.h"

namespace retro {
namespace {

TEST(HugePagesTest, BlocksOfEverySizeHoldWhatIsWritten) {
  for (const size_t bytes :
       {size_t{1}, size_t{4096}, internal::kHugePageBytes - 1, internal::kHugePageBytes,
        internal::kHugePageBytes + 1, 3 * internal::kHugePageBytes + 12345}) {
    auto* p = static_cast<uint8_t*>(internal::AllocateHugePages(bytes));
    ASSERT_NE(p, nullptr) << bytes;
    if (bytes >= internal::kHugePageBytes) {
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % internal::kHugePageBytes, 0u) << bytes;
    }
    std::memset(p, 0xA5, bytes);
    EXPECT_EQ(p[0], 0xA5);
    EXPECT_EQ(p[bytes - 1], 0xA5);
    internal::FreeHugePages(p, bytes);
  }
  internal::FreeHugePages(nullptr, internal::kHugePageBytes);  // nothing to free
}

TEST(HugePagesTest, VectorGrowsCopiesAndReleases) {
  internal::HugePageVector<uint32_t> v;
  for (uint32_t i = 0; i < 3 * internal::kHugePageBytes / sizeof(uint32_t); ++i) v.push_back(i);
  EXPECT_EQ(v.size(), 3 * internal::kHugePageBytes / sizeof(uint32_t));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(v.data()) % internal::kHugePageBytes, 0u);
  internal::HugePageVector<uint32_t> copy = v;
  EXPECT_EQ(copy, v);
  EXPECT_EQ(std::accumulate(copy.begin(), copy.end(), uint64_t{0}),
            uint64_t{v.size()} * (v.size() - 1) / 2);
  v.assign(10, 7);  // shrinks into the same block
  EXPECT_EQ(v.size(), 10u);
  EXPECT_EQ(v[9], 7u);
  internal::HugePageVector<uint32_t>().swap(v);
  EXPECT_EQ(v.capacity(), 0u);
  internal::HugePageVector<int8_t> values(internal::kHugePageBytes + 3, -1);
  EXPECT_EQ(values.back(), -1);
}

TEST(HugePagesTest, ImpossibleSizeThrowsBadAlloc) {
  internal::HugePageAllocator<uint64_t> allocator;
  EXPECT_THROW(allocator.allocate(SIZE_MAX / 4), std::bad_alloc);
}

}  // namespace
}  // namespace retro
