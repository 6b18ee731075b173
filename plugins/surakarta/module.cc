// The Surakarta plugin: its rules (rules.h) bound to the loopy win/draw/loss
// kit, which does plan, solve (through the rules' optimised adapters),
// probe, stats, verify, perft and check.
#include <memory>

#include "plugins/surakarta/rules.h"
#include "retro/kit/loopy_wdl_module.h"
#include "retro/plugin.h"

namespace retro::surakarta {

std::unique_ptr<GameModule> CreateSurakartaModule() {
  return kit::MakeLoopyWdlModule<SurakartaRules>(SurakartaInfo());
}

}  // namespace retro::surakarta

RETRO_PLUGIN(retro::surakarta::CreateSurakartaModule)
