// Optional members every value-family kit (retro/kit/*_rules.h) accepts in
// the same form: the game's solve parameters, its default file name and its
// position count. Each is a concept the kits test with `if constexpr`.
#ifndef RETRO_KIT_RULES_HOOKS_H_
#define RETRO_KIT_RULES_HOOKS_H_

#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/parameters.h"

namespace retro::kit {

// static std::vector<ParameterSpec> Parameters() and
// static absl::StatusOr<R> Create(const ParameterValues&): the solve
// parameters, and the rules for resolved values (InvalidArgument naming the
// bad one). Without them the game has no parameters and R is
// default-constructed.
template <typename R>
concept HasGameParameters = requires(const ParameterValues& values) {
  { R::Parameters() } -> std::convertible_to<std::vector<ParameterSpec>>;
  { R::Create(values) } -> std::same_as<absl::StatusOr<R>>;
};

// std::string default_file_name(): e.g. "countdown-20.retro".
template <typename R>
concept HasDefaultFileName = requires(const R& r) {
  { r.default_file_name() } -> std::convertible_to<std::string>;
};

// uint64_t CountPositions(): the number of positions (default: the sum of
// the slice sizes).
template <typename R>
concept HasCountPositions = requires(const R& r) {
  { r.CountPositions() } -> std::convertible_to<uint64_t>;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_RULES_HOOKS_H_
