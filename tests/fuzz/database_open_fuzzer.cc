// Fuzz target: the framework's database container (retro/database.h). The
// input is a file; DatabaseFile::Open must refuse it with an error or
// accept it, and an accepted file's header, parameters and slices must be
// readable within the file (its padding is poisoned for AddressSanitizer).
#include <cstddef>
#include <cstdint>

#include "retro/database.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retro;
  const std::string path = fuzz::WriteScratchFile(data, size);
  // Header only first, as `retro probe` opens it, then the slice checksums.
  auto file = DatabaseFile::Open(path, /*verify_slices=*/false);
  if (!file.ok()) return 0;
  (void)(*file)->VerifySlices();
  uint64_t sum = (*file)->identity().game.size() + (*file)->format_version();
  for (const auto& [key, value] : (*file)->parameters()) {
    sum += (*file)->Parameter(key).has_value() ? value.size() : 0;
  }
  for (size_t i = 0; i < (*file)->slices().size(); ++i) {
    const DatabaseFile::SliceInfo& slice = (*file)->slices()[i];
    if ((*file)->FindSlice(slice.name) > i) __builtin_trap();  // finds the first of a name
    for (const uint8_t byte : (*file)->SliceBytes(i)) sum += byte;
  }
  // Also the one-step open with checksums, as DatabaseFile::Open's default.
  auto verified = DatabaseFile::Open(path);
  if (verified.ok() != (*file)->VerifySlices().ok()) __builtin_trap();
  return sum == 1 ? 1 : 0;  // keeps `sum` alive; never 1 in practice
}
