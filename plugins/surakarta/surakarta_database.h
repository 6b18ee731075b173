// The Surakarta plugin's view of an opened tablebase: probe, stats and
// verify for the `retro` command (retro::OpenDatabase).
#ifndef PLUGINS_SURAKARTA_SURAKARTA_DATABASE_H_
#define PLUGINS_SURAKARTA_SURAKARTA_DATABASE_H_

#include <memory>

#include "plugins/surakarta/dtc_tables.h"
#include "retro/game_module.h"

namespace retro::surakarta {

// Wraps opened tables for probe, stats and verify.
std::unique_ptr<OpenDatabase> MakeSurakartaDatabase(
    std::unique_ptr<DtcTables> tables);

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_SURAKARTA_DATABASE_H_
