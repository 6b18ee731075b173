// Fuzz target: the C API (retro/c/retro.h) as a program calls it. The input
// is "<size byte><seed>\n<options>\n<position>" (the seed a game's name or
// "<game>-small", fuzz::GameOfSeed): the position and the
// options string are probed with retro_probe_json into a heap buffer of
// exactly 1 + 4 * <size byte> bytes (AddressSanitizer sees any write past
// it) and with retro_probe_value, on that tiny seed database opened
// once through retro_open_with_plugins. Any status is fine; a crash, a
// sanitizer report, an unterminated answer or a status outside retro_status
// is not.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "retro/c/retro.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

// Seed database `name` (a game's, or "<game>-small": fuzz::GameOfSeed)
// through the C API, opened once; nullptr when `name` is no seed.
retro_db* SeedHandle(const std::string& name) {
  static auto* handles = new std::map<std::string, retro_db*>;
  if (const auto it = handles->find(name); it != handles->end()) return it->second;
  if (retro::fuzz::GameOfSeed(name).empty()) return nullptr;
  const std::string path = std::string(RETRO_FUZZ_SEED_DATABASE_DIR) + "/" + name + ".retro";
  char error[512] = "";
  retro_db* db = retro_open_with_plugins(path.c_str(), RETRO_FUZZ_PLUGIN_DIR, error, sizeof error);
  if (db == nullptr) {
    std::fprintf(stderr, "cannot open the seed database %s: %s\n", path.c_str(), error);
    std::abort();
  }
  (*handles)[name] = db;
  return db;
}

bool IsStatus(int status) { return status >= RETRO_OK && status <= RETRO_ERROR_INTERNAL; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return -1;
  const size_t out_size = 1 + 4 * size_t{data[0]};
  const auto [game, rest] = retro::fuzz::SplitFirstLine(data + 1, size - 1);
  retro_db* db = SeedHandle(game);
  if (db == nullptr) return -1;  // not a game: not worth keeping
  const auto [options, position] = retro::fuzz::SplitFirstLine(
      reinterpret_cast<const uint8_t*>(rest.data()), rest.size());
  // "-" stands for NULL options.
  const char* options_arg = options == "-" ? nullptr : options.c_str();

  auto out = std::make_unique<char[]>(out_size);
  const int status = retro_probe_json(db, position.c_str(), options_arg, out.get(), out_size);
  if (!IsStatus(status) || std::memchr(out.get(), '\0', out_size) == nullptr) __builtin_trap();

  double value = 0;
  const int value_status = retro_probe_value(db, position.c_str(), options_arg, &value);
  if (!IsStatus(value_status)) __builtin_trap();
  // Both probe the same thing: a fitting JSON answer has a value, a bad
  // position or option fails both alike.
  if (status == RETRO_OK && value_status != RETRO_OK && value_status != RETRO_ERROR_NO_VALUE) {
    __builtin_trap();
  }
  if (status != RETRO_OK && status != RETRO_ERROR_BUFFER_TOO_SMALL && value_status != status) {
    __builtin_trap();
  }
  return 0;
}
