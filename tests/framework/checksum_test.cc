// Tests for retro::Checksum64, which is part of the file format: pinned
// values, agreement with a reference written from docs/file-format.md, and
// its ability to tell inputs apart (bit flips, lengths, swapped words).
#include "retro/host/checksum.h"

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace retro {
namespace {

// A deliberately plain transcription of the algorithm in
// docs/file-format.md ("Checksum64"), reading words as little-endian bytes.
uint64_t ReferenceChecksum(const std::vector<uint8_t>& data) {
  constexpr uint64_t p1 = 0x9E3779B185EBCA87ULL;
  constexpr uint64_t p2 = 0xC2B2AE3D27D4EB4FULL;
  constexpr uint64_t p3 = 0x165667B19E3779F9ULL;
  auto rotl = [](uint64_t x, int r) { return (x << r) | (x >> (64 - r)); };
  auto word = [&](size_t at) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | data[at + i];
    return v;
  };
  auto lane = [&](uint64_t acc, uint64_t w) {
    return rotl(acc + w * p2, 31) * p1;
  };
  uint64_t v[4] = {p1 + p2, p2, 0, uint64_t{0} - p1};
  size_t pos = 0;
  for (; pos + 32 <= data.size(); pos += 32) {
    for (int i = 0; i < 4; ++i) v[i] = lane(v[i], word(pos + 8 * i));
  }
  uint64_t h = rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18);
  h ^= static_cast<uint64_t>(data.size()) * p3;
  for (; pos + 8 <= data.size(); pos += 8)
    h = rotl(h ^ lane(0, word(pos)), 27) * p1 + p3;
  for (; pos < data.size(); ++pos) h = rotl(h ^ (data[pos] * p3), 11) * p1;
  h ^= h >> 33;
  h *= p2;
  h ^= h >> 29;
  h *= p3;
  h ^= h >> 32;
  return h;
}

std::vector<uint8_t> Bytes(size_t size) {
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i)
    bytes[i] = static_cast<uint8_t>(i * 37 + 11);
  return bytes;
}

uint64_t Of(const std::vector<uint8_t>& bytes) {
  return Checksum64(bytes.data(), bytes.size());
}
uint64_t Of(const std::string& text) {
  return Checksum64(text.data(), text.size());
}

// Values frozen with format version 1: a change here is a format change.
TEST(ChecksumTest, PinnedValues) {
  EXPECT_EQ(Checksum64(nullptr, 0), 0x9090306C6E91ED59ULL);
  EXPECT_EQ(Of(std::string("a")), 0xC4B9EACCBD7EA179ULL);
  EXPECT_EQ(Of(std::string("retro")), 0x162D06B676380E8BULL);
  EXPECT_EQ(Of(Bytes(100)), 0x26BB439CAB9FB97BULL);
  EXPECT_EQ(Of(Bytes(4096)), 0x8A4707460A57EBB4ULL);
}

TEST(ChecksumTest, AgreesWithTheDocumentedAlgorithm) {
  for (size_t size = 0; size <= 300; ++size) {
    EXPECT_EQ(Of(Bytes(size)), ReferenceChecksum(Bytes(size))) << size;
  }
  EXPECT_EQ(Of(Bytes(100000)), ReferenceChecksum(Bytes(100000)));
}

// Every length 0..100: the same bytes give the same value whatever their
// address (alignment) and however often asked; different lengths differ.
TEST(ChecksumTest, StableForAllLengthsUpTo100) {
  std::set<uint64_t> seen;
  for (size_t size = 0; size <= 100; ++size) {
    const std::vector<uint8_t> bytes = Bytes(size);
    const uint64_t value = Of(bytes);
    EXPECT_EQ(Of(bytes), value) << size;
    for (size_t shift = 1; shift < 8; ++shift) {
      std::vector<uint8_t> shifted(size + shift, 0xAA);
      std::copy(bytes.begin(), bytes.end(), shifted.begin() + shift);
      EXPECT_EQ(Checksum64(shifted.data() + shift, size), value)
          << size << " at +" << shift;
    }
    seen.insert(value);
  }
  EXPECT_EQ(seen.size(), 101u);
}

TEST(ChecksumTest, EveryBitFlipChangesTheValue) {
  for (size_t size : {1, 7, 8, 31, 32, 33, 64, 100}) {
    const std::vector<uint8_t> bytes = Bytes(size);
    std::set<uint64_t> seen = {Of(bytes)};
    for (size_t byte = 0; byte < size; ++byte) {
      for (int bit = 0; bit < 8; ++bit) {
        std::vector<uint8_t> flipped = bytes;
        flipped[byte] ^= static_cast<uint8_t>(1 << bit);
        seen.insert(Of(flipped));
      }
    }
    EXPECT_EQ(seen.size(), 1 + 8 * size) << size;
  }
}

TEST(ChecksumTest, ZeroRunsOfDifferentLengthsDiffer) {
  std::set<uint64_t> seen;
  for (size_t size = 0; size <= 256; ++size)
    seen.insert(Of(std::vector<uint8_t>(size, 0)));
  EXPECT_EQ(seen.size(), 257u);
}

TEST(ChecksumTest, SwappedWordsAndLanesDiffer) {
  std::vector<uint8_t> bytes = Bytes(64);
  const uint64_t original = Of(bytes);
  std::vector<uint8_t> swapped = bytes;
  std::swap_ranges(swapped.begin(), swapped.begin() + 8,
                   swapped.begin() + 8);  // lanes a, b
  EXPECT_NE(Of(swapped), original);
  swapped = bytes;
  std::swap_ranges(swapped.begin(), swapped.begin() + 32,
                   swapped.begin() + 32);  // blocks
  EXPECT_NE(Of(swapped), original);
  EXPECT_NE(Of(std::string("ab")), Of(std::string("ba")));
}

}  // namespace
}  // namespace retro
