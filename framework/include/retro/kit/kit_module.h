// What the GameModule of every kit (retro/kit/*_module.h) shares beyond the
// family: the description and default file name built from the game's
// identity, and the play capability a plugin may lend it (retro/play.h, used
// by `retro play` and `retro match`), owned by the module.
//
//   return retro::kit::MakeFiniteHorizonModule<BookRules>(info,
//                                                         std::make_unique<OwarePlay>());
#ifndef RETRO_KIT_KIT_MODULE_H_
#define RETRO_KIT_KIT_MODULE_H_

#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "retro/game_module.h"
#include "retro/kit/game_info.h"
#include "retro/kit/rules_parameters.h"
#include "retro/play.h"

namespace retro::kit {

// The description every kit starts from: the game's identity and R's solve
// parameters (a kit then adds its probe parameters and perft support).
template <typename R>
GameDescription KitDescription(const GameInfo& info) {
  GameDescription description;
  description.name = info.name;
  description.summary = info.summary;
  description.data_version = info.data_version;
  description.solve_parameters = GameParameters<R>();
  description.position_syntax = info.position_syntax;
  return description;
}

// The output file name when --out is not given: the rules' own, the
// identity's, or "<name>.retro".
template <typename R>
std::string DefaultFileName(const GameInfo& info, const R& rules) {
  if constexpr (HasDefaultFileName<R>) {
    return rules.default_file_name();
  } else {
    return info.default_file_name.empty() ? absl::StrCat(info.name, ".retro")
                                          : info.default_file_name;
  }
}

// The base of the kits' modules.
class KitModule : public GameModule {
 public:
  explicit KitModule(std::unique_ptr<PlayCapability> play) : play_(std::move(play)) {}

  // The plugin's play capability, or nullptr when it lends none.
  PlayCapability* Play() override { return play_.get(); }

 private:
  std::unique_ptr<PlayCapability> play_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_KIT_MODULE_H_
