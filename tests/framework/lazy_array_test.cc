// Tests of retro::LazyArray: zero until written, writes kept, Release hands
// back only the whole pages inside the range.
#include "retro/internal/lazy_array.h"

#include <unistd.h>

#include <cstdint>

#include "gtest/gtest.h"

namespace retro {
namespace {

TEST(LazyArrayTest, ReadsZeroKeepsWritesAndReleasesWholePagesInside) {
  const size_t page =
      static_cast<size_t>(sysconf(_SC_PAGESIZE)) / sizeof(uint64_t);
  internal::LazyArray<uint64_t> a(10 * page);
  ASSERT_EQ(a.size(), 10 * page);
  EXPECT_EQ(a.data()[5 * page], 0u);
  for (size_t i = 0; i < a.size(); ++i) a.data()[i] = i + 1;
  // Pages 2 and 3 lie wholly inside; pages 1 and 4 only partly.
  a.Release(page + 1, 4 * page + 1);
  EXPECT_EQ(a.data()[page + 1], page + 2);
  EXPECT_EQ(a.data()[2 * page - 1], 2 * page);
  EXPECT_EQ(a.data()[2 * page], 0u);
  EXPECT_EQ(a.data()[4 * page - 1], 0u);
  EXPECT_EQ(a.data()[4 * page], 4 * page + 1);
  a.data()[3 * page] = 7;  // a released page may be written again
  EXPECT_EQ(a.data()[3 * page], 7u);
  a.Release(0, 0);
  a.Release(page, page + 1);  // no whole page: nothing goes
  EXPECT_EQ(a.data()[page], page + 1);
}

TEST(LazyArrayTest, EmptyArrayHoldsNothing) {
  internal::LazyArray<double> a(0);
  EXPECT_EQ(a.size(), 0u);
  a.Release(0, 0);
}

}  // namespace
}  // namespace retro
