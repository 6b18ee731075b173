// What the GameModule of every kit (retro/kit/*_module.h) shares beyond the
// family: the play capability a plugin may lend it (retro/play.h, used by
// `retro play` and `retro match`), owned by the module.
//
//   return retro::kit::MakeFiniteHorizonModule<BookRules>(info,
//                                                         std::make_unique<OwarePlay>());
#ifndef RETRO_KIT_KIT_MODULE_H_
#define RETRO_KIT_KIT_MODULE_H_

#include <memory>
#include <utility>

#include "retro/game_module.h"
#include "retro/play.h"

namespace retro::kit {

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
