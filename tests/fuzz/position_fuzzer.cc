// Fuzz target: a game's position parser, reached as a user reaches it. The
// input is "<seed>\n<position>", the seed a game's name or "<game>-small"
// (fuzz::GameOfSeed); the position is probed in that tiny seed database (`retro probe --position`) and, for games with a move
// generator, counted one ply deep (`retro perft --depth 1`). Any answer is
// fine, an error included; a crash, a sanitizer report or a leak is not.
#include <cstddef>
#include <cstdint>

#include "retro/parameters.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retro;
  const auto [seed, position] = fuzz::SplitFirstLine(data, size);
  GameModule* module = fuzz::FindGame(fuzz::GameOfSeed(seed));
  if (module == nullptr) return -1;  // not a game: not worth keeping
  const GameDescription& game = module->Describe();
  auto options = ResolveParameters(game.probe_parameters, {}, "fuzz");
  if (!options.ok()) __builtin_trap();  // the defaults must resolve
  (void)fuzz::SeedDatabase(seed).database->Probe(position, *options);
  if (game.supports_perft) {
    auto values = ResolveParameters(game.solve_parameters, {}, "fuzz");
    if (!values.ok()) __builtin_trap();  // the defaults must resolve
    (void)module->Perft(*values, position, 1, fuzz::SingleThreadContext());
  }
  return 0;
}
