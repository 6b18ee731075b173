// Optional members every value-family kit (retro/kit/*_rules.h) accepts in
// the same form: the game's solve parameters and default file name (with how
// they are read, in rules_parameters.h) and its position count. Each is a
// concept the kits test with `if constexpr`.
#ifndef RETRO_KIT_RULES_HOOKS_H_
#define RETRO_KIT_RULES_HOOKS_H_

#include <concepts>
#include <cstdint>
#include <string>

#include "retro/kit/rules_parameters.h"

namespace retro::kit {

// uint64_t CountPositions(): the number of positions (default: the sum of
// the slice sizes).
template <typename R>
concept HasCountPositions = requires(const R& r) {
  { r.CountPositions() } -> std::convertible_to<uint64_t>;
};

// std::string WhatFits(uint64_t available_bytes): what would fit in memory,
// for the plan's refusal ("the largest book that fits is --seeds 19").
template <typename R>
concept HasWhatFits = requires(const R& r, uint64_t bytes) {
  { r.WhatFits(bytes) } -> std::convertible_to<std::string>;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_RULES_HOOKS_H_
