// The oware plugin: the book's rules (book_rules.h) bound to the framework's
// finite-horizon kit, which does plan, solve, probe, stats, verify, perft
// and check, and the whole-game engine lent to it for retro play and retro
// match (play.h). Exported with RETRO_PLUGIN.
#include <memory>

#include "plugins/oware/book.h"
#include "plugins/oware/book_rules.h"
#include "plugins/oware/play.h"
#include "retro/kit/finite_horizon_module.h"
#include "retro/plugin.h"

namespace retro::oware {
namespace {

std::unique_ptr<GameModule> CreateOwareModule() {
  return kit::MakeFiniteHorizonModule<BookRules>(OwareInfo(), std::make_unique<OwarePlay>());
}

}  // namespace
}  // namespace retro::oware

RETRO_PLUGIN(retro::oware::CreateOwareModule)
