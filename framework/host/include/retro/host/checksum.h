// A fast 64-bit checksum for database slices and headers. It is not a
// cryptographic hash: it detects truncation, bit rot and accidental edits.
// The function is part of the file format (see docs/file-format.md): changing
// it changes the format version.
#ifndef RETRO_HOST_CHECKSUM_H_
#define RETRO_HOST_CHECKSUM_H_

#include <cstddef>
#include <cstdint>

namespace retro {

// The checksum of `size` bytes at `data`.
uint64_t Checksum64(const void* data, size_t size);

}  // namespace retro

#endif  // RETRO_HOST_CHECKSUM_H_
