// What a plugin's one exporting source file includes. RETRO_PLUGIN(Factory)
// exports, through Boost.DLL aliases in the "boostdll" section:
//   retro_plugin_abi      the ABI version the plugin was built against
//   retro_plugin_factory  std::unique_ptr<retro::GameModule> (*)()
// The host reads the ABI version before it touches anything else and refuses
// a plugin built for another version (docs/writing-a-plugin.md lists what
// changes the ABI).
#ifndef RETRO_PLUGIN_H_
#define RETRO_PLUGIN_H_

#include <cstdint>
#include <memory>

#include "boost/dll/alias.hpp"
#include "retro/game_module.h"

namespace retro {

// Bump on any change to the types in retro/game_module.h, retro/play.h,
// retro/export.h, retro/database.h, retro/parameters.h, retro/progress.h or
// retro/thread_pool.h, retro/value_probe.h, or to the compiler / standard library the framework
// is built with. (2: SolvePlan::estimated_file_bytes; 3: GameModule::Play;
// 4: OpenDatabase::Values and SliceValues, GameModule::Export,
// OpenDatabase::RenderSvg and StartPosition; 5: PlanContext,
// SolvePlan::database_name and what_fits; 6: VerifyOptions::slices,
// AtomicFileWriter::Commit's check; 7: OpenDatabase::PrepareValues and
// GameDescription::position_cells, retro/value_probe.h.)
inline constexpr uint32_t kPluginAbiVersion = 8;

// The signature of a plugin factory.
using PluginFactory = std::unique_ptr<GameModule>();

}  // namespace retro

// Exports `factory` (a function `std::unique_ptr<retro::GameModule>()`) and
// the ABI version. Use once, at namespace scope, in one file of the plugin.
#define RETRO_PLUGIN(factory)                                       \
  namespace retro_plugin_exports {                                  \
  const std::uint32_t abi_version = ::retro::kPluginAbiVersion;     \
  }                                                                 \
  BOOST_DLL_ALIAS(retro_plugin_exports::abi_version, retro_plugin_abi) \
  BOOST_DLL_ALIAS(factory, retro_plugin_factory)

#endif  // RETRO_PLUGIN_H_
