// Fuzz target: the C API (retro/c/retro.h) as a program calls it. The input
// is "<size byte><seed>\n<options>\n<position>" (the seed a game's name or
// "<game>-small", fuzz::GameOfSeed): the position and the
// options string are probed with retro_probe_json into a heap buffer of
// exactly 1 + 4 * <size byte> bytes (AddressSanitizer sees any write past
// it) and with retro_probe_value, on that tiny seed database opened
// once through retro_open_with_plugins; the position split at tabs is
// probed as a batch (retro_probe_values), and its bytes, as signed
// integers, as binary positions: one (retro_probe_value_cells) and a batch
// of rows as long as the first integer says (retro_probe_values_cells).
// Any status is fine; a crash, a sanitizer report, an unterminated answer,
// a status outside retro_status or a batch answer that differs from the
// same position probed alone is not.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

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

// Traps unless a batch's answer i (status and, when OK, value) is that of
// probing position i alone with `single`.
template <typename Single>
void ExpectBatchIsSingles(int batch_status, const std::vector<double>& values,
                          const std::vector<int>& statuses, Single single) {
  if (!IsStatus(batch_status)) __builtin_trap();
  if (statuses.empty()) return;
  // Options the game refuses fail the whole call, and every single probe.
  const bool refused = batch_status == RETRO_ERROR_BAD_OPTION;
  int first = RETRO_OK;
  for (size_t i = 0; i < statuses.size(); ++i) {
    double value = 0;
    const int alone = single(i, &value);
    if (refused) {  // each alone fails too (a blank one as a bad position)
      if (alone == RETRO_OK) __builtin_trap();
      continue;
    }
    if (alone != statuses[i] || (alone == RETRO_OK && value != values[i])) __builtin_trap();
    if (first == RETRO_OK) first = alone;
  }
  if (!refused && first != batch_status) __builtin_trap();
}

// The batch and binary forms of `text` (see the file comment).
void ProbeBatches(retro_db* db, const char* options, const std::string& text) {
  // 1. Text positions separated by tabs.
  std::vector<std::string> parts(1);
  for (char c : text) {
    if (c == '\t') {
      parts.emplace_back();
    } else {
      parts.back().push_back(c);
    }
  }
  std::vector<const char*> positions;
  for (const std::string& part : parts) positions.push_back(part.c_str());
  std::vector<double> values(parts.size());
  std::vector<int> statuses(parts.size());
  ExpectBatchIsSingles(
      retro_probe_values(db, positions.data(), parts.size(), options, values.data(),
                         statuses.data()),
      values, statuses,
      [&](size_t i, double* value) { return retro_probe_value(db, positions[i], options, value); });
  // 2. The bytes as integers: one position, then rows of cells[0] % 64 + 1.
  std::vector<int32_t> cells;
  for (char c : text) cells.push_back(static_cast<int8_t>(c));
  double value = 0;
  if (!IsStatus(retro_probe_value_cells(db, cells.data(), cells.size(), options, &value))) {
    __builtin_trap();
  }
  if (cells.empty()) return;
  const size_t per = static_cast<size_t>(cells[0] & 63) + 1;
  const size_t rows = cells.size() / per;
  values.assign(rows, 0);
  statuses.assign(rows, 0);
  ExpectBatchIsSingles(
      retro_probe_values_cells(db, cells.data(), per, rows, options, values.data(),
                               statuses.data()),
      values, statuses, [&](size_t i, double* one) {
        return retro_probe_value_cells(db, &cells[i * per], per, options, one);
      });
}

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
  ProbeBatches(db, options_arg, position);
  return 0;
}
