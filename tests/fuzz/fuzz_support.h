// What the fuzz targets share: the game plugins, loaded once from the build
// folder and kept for the process's life (loading per input would be slow
// and would reset nothing the targets need), a scratch file for inputs that
// must be files, and the tiny seed database of each game, opened the way
// `retro probe` opens it.
#ifndef RETRO_TESTS_FUZZ_FUZZ_SUPPORT_H_
#define RETRO_TESTS_FUZZ_FUZZ_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/commands.h"
#include "retro/game_module.h"

namespace retro::fuzz {

// The shipped games, in the order the targets number them.
const std::vector<std::string>& GameNames();

// The module of game `name`, or nullptr when no such plugin was built.
GameModule* FindGame(std::string_view name);

// A one-thread pool and a silent progress, for plugin calls.
const WorkContext& SingleThreadContext();

// Writes `data` to this process's scratch file (replacing what it held) and
// returns its path.
std::string WriteScratchFile(const uint8_t* data, size_t size);

// The game of seed database `seed`: a game's name (its seed database), or
// "<game>-small" (the same solve with --layout small, for the loopy games:
// surakarta-small, tictactoe-small); "" when `seed` names no seed.
std::string GameOfSeed(const std::string& seed);

// Seed database `name`'s (tests/fuzz/corpus/plugin_open/<name>.retro),
// opened once like `retro probe` opens a database; aborts when it cannot be
// opened (the seed is stale: regenerate it, docs/fuzzing.md).
cli::DatabaseSession& SeedDatabase(const std::string& name);

// The input as text, split at its first newline: (first line, the rest).
std::pair<std::string, std::string> SplitFirstLine(const uint8_t* data, size_t size);

}  // namespace retro::fuzz

#endif  // RETRO_TESTS_FUZZ_FUZZ_SUPPORT_H_
