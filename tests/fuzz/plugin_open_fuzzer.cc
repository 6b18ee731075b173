// Fuzz target: every game plugin's Open, and what it then lets a user do
// with the file. The input is a database file; as in `retro probe`, the
// container header is checked first, then the plugin named in it (of the
// plugin ABI and data version it names) opens the file. An accepted file is
// probed at a position of the game, its statistics computed and a sample of
// its records verified, whether or not its slice checksums hold: a crafted
// file can carry right checksums, so Open's own checks must make every later
// read safe (retro/game_module.h).
#include <cstddef>
#include <cstdint>
#include <string>

#include "retro/database.h"
#include "retro/parameters.h"
#include "retro/plugin.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

// A position of each game that a small database covers.
std::string SomePosition(const std::string& game) {
  if (game == "oware") return "0 0 0 1 0 0 | 0 0 0 0 0 1";
  if (game == "surakarta") return "....../.X..../.O..../....../....../...... X";
  if (game == "plakoto") return "p=2 13 1 0 0 0 0";
  return "x.o/.x./..o";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retro;
  const std::string path = fuzz::WriteScratchFile(data, size);
  auto file = DatabaseFile::Open(path, /*verify_slices=*/false);
  if (!file.ok()) return 0;
  GameModule* module = fuzz::FindGame((*file)->identity().game);
  if (module == nullptr) return 0;  // `retro probe` finds no such plugin
  const GameDescription& game = module->Describe();
  if ((*file)->identity().data_version != game.data_version) {
    return 0;  // refused by `retro probe` before the plugin sees it
  }
  auto database = module->Open(**file);
  if (!database.ok()) return 0;
  (void)(*file)->VerifySlices();
  auto options = ResolveParameters(game.probe_parameters, {}, "fuzz");
  if (!options.ok()) __builtin_trap();  // the defaults must resolve
  (void)(*database)->Probe(SomePosition(game.name), *options);
  (void)(*database)->Stats(fuzz::SingleThreadContext());
  (void)(*database)->Verify({.sample = 64, .seed = 1}, fuzz::SingleThreadContext());
  return 0;
}
