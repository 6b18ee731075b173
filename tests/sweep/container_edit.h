// Test-only reading and writing of the database container
// (docs/file-format.md), independent of framework/src/database.cc except for
// Checksum64: the mutation sweep uses it to take a solved database apart, to
// build variants of it (other parameters, slices removed or duplicated) and
// to "reseal" damaged bytes, i.e. recompute the slice and header checksums so
// that the container accepts them and the plugin has to judge the contents.
#ifndef RETRO_TESTS_SWEEP_CONTAINER_EDIT_H_
#define RETRO_TESTS_SWEEP_CONTAINER_EDIT_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace retro::sweep {

// Offsets of the fixed header's fields (docs/file-format.md, section 3).
inline constexpr size_t kFormatVersionAt = 8;
inline constexpr size_t kHeaderSizeAt = 12;
inline constexpr size_t kFileSizeAt = 16;
inline constexpr size_t kHeaderChecksumAt = 24;
inline constexpr size_t kPluginAbiAt = 32;
inline constexpr size_t kDataVersionAt = 36;
inline constexpr size_t kFixedHeaderBytes = 40;

// Everything a database file says, with the slices' bytes.
struct ContainerModel {
  uint32_t format_version = 1;
  uint32_t plugin_abi = 0;
  uint32_t data_version = 0;
  std::string game;
  std::string codec;
  std::vector<std::pair<std::string, std::string>> parameters;
  struct Slice {
    std::string name;
    std::vector<uint8_t> bytes;
  };
  std::vector<Slice> slices;
};

// Where one slice-table entry and its slice lie in a file.
struct SliceEntryLayout {
  std::string name;
  size_t entry_at = 0;   // the entry's name length field
  size_t offset_at = 0;  // its u64 fields
  size_t size_at = 0;
  size_t checksum_at = 0;
  uint64_t offset = 0;  // their values
  uint64_t size = 0;
};

// Where the fields of a file's header lie, as far as they could be read.
struct ContainerLayout {
  uint32_t header_size = 0;
  size_t slice_count_at = 0;
  // (key length field, value length field) of each parameter.
  std::vector<std::pair<size_t, size_t>> parameter_at;
  std::vector<SliceEntryLayout> slices;
  bool complete = false;  // the whole slice table was read within the header
};

uint64_t Get64(std::span<const uint8_t> bytes, size_t at);
uint32_t Get32(std::span<const uint8_t> bytes, size_t at);
void Put64(std::vector<uint8_t>& bytes, size_t at, uint64_t value);
void Put32(std::vector<uint8_t>& bytes, size_t at, uint32_t value);

// Reads the header's structure without checking any checksum; stops (with
// `complete` false) where a field would overrun the header or the file.
ContainerLayout ReadLayout(std::span<const uint8_t> bytes);

// The model of a valid file (nullopt if its structure cannot be read).
std::optional<ContainerModel> ReadModel(std::span<const uint8_t> bytes);

// The bytes `retro` would write for `model`: writer's layout, checksums.
std::vector<uint8_t> Serialize(const ContainerModel& model);

// Recomputes the checksum of every slice whose table entry lies inside the
// file, then (optionally after setting file_size to the real length) the
// header checksum, so that only a structural check can refuse the bytes.
void Reseal(std::vector<uint8_t>& bytes, bool fix_file_size = false);

}  // namespace retro::sweep

#endif  // RETRO_TESTS_SWEEP_CONTAINER_EDIT_H_
