// What every kit (retro/kit/*_module.h) does with a game's parameters: the
// optional hooks a rules class may have (Parameters() and Create(values),
// canonical_parameters() with OptionalHeaderParameters(), default_file_name()),
// building the rules for the command line's values, for the defaults, and
// for a database header, which is read strictly.
#ifndef RETRO_KIT_RULES_PARAMETERS_H_
#define RETRO_KIT_RULES_PARAMETERS_H_

#include <algorithm>
#include <concepts>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/database.h"
#include "retro/database_layout.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace retro::kit {

// static Parameters() and Create(values): optional; the solve parameters'
// specs, and the rules for resolved values (InvalidArgument naming the bad
// value). Absent: no parameters, R default-constructed.
template <typename R>
concept HasGameParameters = requires(const ParameterValues& values) {
  { R::Parameters() } -> std::convertible_to<std::vector<ParameterSpec>>;
  { R::Create(values) } -> std::same_as<absl::StatusOr<R>>;
};
// std::string default_file_name(): optional; the output's default name
// (absent: GameInfo::default_file_name, else "<name>.retro").
template <typename R>
concept HasDefaultFileName = requires(const R& r) {
  { r.default_file_name() } -> std::convertible_to<std::string>;
};
// canonical_parameters() and static OptionalHeaderParameters(): optional,
// both or neither; how a database header records the parameters: each
// value as the rules write it, and the keys a header may lack (absent: the
// resolved values as given, every parameter required).
template <typename R>
concept HasHeaderParameters = requires(const R& r) {
  {
    r.canonical_parameters()
  } -> std::convertible_to<std::vector<std::pair<std::string, std::string>>>;
  { R::OptionalHeaderParameters() } -> std::convertible_to<std::vector<std::string>>;
};

// The game's solve parameters (none without the hooks).
template <typename R>
std::vector<ParameterSpec> GameParameters() {
  if constexpr (HasGameParameters<R>) {
    return R::Parameters();
  } else {
    return {};
  }
}

// The rules for resolved solve parameters (the default rules for a game
// without parameters).
template <typename R>
absl::StatusOr<R> RulesFor(const ParameterValues& values) {
  if constexpr (HasGameParameters<R>) {
    return R::Create(values);
  } else {
    return R();
  }
}

// The parameters a database of `rules` records, given the resolved values.
template <typename R>
std::vector<std::pair<std::string, std::string>> CanonicalParameters(const R& rules,
                                                                     const ParameterValues& values) {
  if constexpr (HasHeaderParameters<R>) {
    return rules.canonical_parameters();
  } else {
    std::vector<std::pair<std::string, std::string>> canonical;
    for (const ParameterSpec& spec : GameParameters<R>()) {
      canonical.emplace_back(spec.name, values.at(spec.name));
    }
    return canonical;
  }
}

// The rules a database header describes: the header read strictly (only
// the game's parameters, each once; the keys of OptionalHeaderParameters()
// may be absent: a parameter then takes its default, a key that is no
// parameter (a note) is passed to Create only when present), then the
// rules' own validation (Create), and each value must be written as the
// rules write it (canonical_parameters()).
// Errors are DataLoss; `what` names the database ("oware book").
// `kit_keys` are optional keys the kit itself reads (retro/kit/layout.h),
// never passed to the rules.
template <typename R>
absl::StatusOr<R> RulesFromHeader(const DatabaseFile& file, const std::string& what,
                                  const std::vector<std::string>& kit_keys = {}) {
  std::vector<std::string> optional;
  if constexpr (HasHeaderParameters<R>) optional = R::OptionalHeaderParameters();
  std::vector<std::string> accepted = optional;
  accepted.insert(accepted.end(), kit_keys.begin(), kit_keys.end());
  std::vector<std::string> required;
  for (const ParameterSpec& spec : GameParameters<R>()) {
    if (std::find(optional.begin(), optional.end(), spec.name) == optional.end()) {
      required.push_back(spec.name);
    }
  }
  RETRO_ASSIGN_OR_RETURN(const HeaderParameters header,
                         HeaderParameters::Read(file, what, required, accepted));
  if constexpr (HasGameParameters<R>) {
    ParameterValues values;
    for (const ParameterSpec& spec : R::Parameters()) {
      values[spec.name] = header.Has(spec.name) ? header.Text(spec.name) : spec.default_value;
    }
    // Optional keys that are no solve parameter (notes) reach Create when
    // present.
    for (const std::string& key : optional) {
      if (header.Has(key) && !values.contains(key)) values[key] = header.Text(key);
    }
    absl::StatusOr<R> rules = R::Create(values);
    if (!rules.ok()) {
      return absl::DataLossError(absl::StrCat(what, " header: ", rules.status().message()));
    }
    // Each value as the game writes it ("06" is not "6").
    for (const auto& [key, canonical] : CanonicalParameters(*rules, values)) {
      if (header.Has(key) && header.Text(key) != canonical) {
        return header.Error(key, absl::StrCat("is not written as the game writes it ('",
                                              canonical, "')"));
      }
    }
    return rules;
  } else {
    return R();
  }
}

}  // namespace retro::kit

#endif  // RETRO_KIT_RULES_PARAMETERS_H_
