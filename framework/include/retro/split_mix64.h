// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast 64-bit mixer and
// the random stream built on it, the same numbers on every platform. Used
// wherever retro needs reproducible pseudo-random numbers from a seed: the
// openings of a match, the sampled indices of `retro check`, a game's
// random openings.
//
//   uint64_t state = seed;
//   const uint64_t r = NextSplitMix64(state);   // the stream from `seed`
//   const uint64_t h = SplitMix64(seed ^ key);  // one well-mixed value
#ifndef RETRO_SPLIT_MIX64_H_
#define RETRO_SPLIT_MIX64_H_

#include <cstdint>

namespace retro {

// The increment of SplitMix64's state: 2^64 divided by the golden ratio.
inline constexpr uint64_t kSplitMix64Increment = 0x9e3779b97f4a7c15ULL;

// A well-mixed 64-bit value of `x`: SplitMix64's output for the state `x`.
constexpr uint64_t SplitMix64(uint64_t x) {
  x += kSplitMix64Increment;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The next number of the SplitMix64 stream whose state is `state`, which
// it advances.
constexpr uint64_t NextSplitMix64(uint64_t& state) {
  const uint64_t value = SplitMix64(state);
  state += kSplitMix64Increment;
  return value;
}

}  // namespace retro

#endif  // RETRO_SPLIT_MIX64_H_
