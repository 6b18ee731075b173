// The oware plugin: the book's rules (book_rules.h) bound to the framework's
// finite-horizon kit, which does plan, probe, stats, verify, perft and
// check, with the parts oware lends it: its solve and the game side of the
// C++ export (book_build.h), and the whole-game engine for retro play and
// retro match (play.h). Exported with RETRO_PLUGIN.
#include <memory>

#include "plugins/oware/book.h"
#include "plugins/oware/book_build.h"
#include "plugins/oware/book_rules.h"
#include "plugins/oware/play.h"
#include "retro/kit/finite_horizon_export.h"
#include "retro/kit/finite_horizon_module.h"
#include "retro/plugin.h"

namespace retro::oware {
namespace {

std::unique_ptr<GameModule> CreateOwareModule() {
  return kit::MakeFiniteHorizonModule<BookRules>(
      OwareInfo(),
      {.play = std::make_unique<OwarePlay>(),
       .solve = SolveBook,
       .exporter = std::make_unique<kit::FiniteHorizonExport<BookRules>>(OwareInfo(), BookCppCode)});
}

}  // namespace
}  // namespace retro::oware

RETRO_PLUGIN(retro::oware::CreateOwareModule)
