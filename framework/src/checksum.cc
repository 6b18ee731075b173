// Implementation of Checksum64: four independent multiply-rotate lanes over
// 32-byte blocks (so the loop is limited by memory bandwidth, not latency),
// then a tail and a final avalanche. The file format pins this definition.
#include "retro/host/checksum.h"

#include <bit>
#include <cstring>

namespace retro {
namespace {

static_assert(std::endian::native == std::endian::little,
              "Checksum64 reads words in little-endian order");

constexpr uint64_t kPrime1 = 0x9E3779B185EBCA87ULL;
constexpr uint64_t kPrime2 = 0xC2B2AE3D27D4EB4FULL;
constexpr uint64_t kPrime3 = 0x165667B19E3779F9ULL;

inline uint64_t Rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

inline uint64_t Load64(const unsigned char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;  // little-endian hosts only (static_assert below)
}

inline uint64_t Lane(uint64_t lane, uint64_t word) {
  lane += word * kPrime2;
  lane = Rotl(lane, 31);
  return lane * kPrime1;
}

inline uint64_t Avalanche(uint64_t h) {
  h ^= h >> 33;
  h *= kPrime2;
  h ^= h >> 29;
  h *= kPrime3;
  h ^= h >> 32;
  return h;
}

}  // namespace

uint64_t Checksum64(const void* data, size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  const unsigned char* const end = p + size;
  uint64_t a = kPrime1 + kPrime2, b = kPrime2, c = 0, d = 0 - kPrime1;
  while (end - p >= 32) {
    a = Lane(a, Load64(p));
    b = Lane(b, Load64(p + 8));
    c = Lane(c, Load64(p + 16));
    d = Lane(d, Load64(p + 24));
    p += 32;
  }
  uint64_t h = Rotl(a, 1) + Rotl(b, 7) + Rotl(c, 12) + Rotl(d, 18);
  h ^= static_cast<uint64_t>(size) * kPrime3;
  while (end - p >= 8) {
    h = Rotl(h ^ Lane(0, Load64(p)), 27) * kPrime1 + kPrime3;
    p += 8;
  }
  while (p < end) {
    h = Rotl(h ^ (*p * kPrime3), 11) * kPrime1;
    ++p;
  }
  return Avalanche(h);
}

}  // namespace retro
