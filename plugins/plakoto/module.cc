// The Plakoto plugin: the pin databases' rules (rules.h) bound to the
// chance-expectation kit, which does plan, solve, open, probe, stats, verify
// and check.
#include <memory>

#include "plugins/plakoto/rules.h"
#include "retro/kit/chance_module.h"
#include "retro/plugin.h"

namespace retro::plakoto {

std::unique_ptr<GameModule> CreatePlakotoModule() {
  return kit::MakeChanceModule<PinRules>(PinGameInfo());
}

}  // namespace retro::plakoto

RETRO_PLUGIN(retro::plakoto::CreatePlakotoModule)
