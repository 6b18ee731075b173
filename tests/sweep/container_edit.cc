// Implementation of the test-only container reader, writer and resealer
// (container_edit.h), written from docs/file-format.md.
#include "tests/sweep/container_edit.h"

#include <algorithm>
#include <cstring>

#include "retro/host/checksum.h"

namespace retro::sweep {
namespace {

constexpr uint64_t kSliceAlignment = 64;

uint64_t AlignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

void Append32(std::vector<uint8_t>& out, uint32_t value) {
  for (int i = 0; i < 4; ++i)
    out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}
void Append64(std::vector<uint8_t>& out, uint64_t value) {
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}
void AppendString(std::vector<uint8_t>& out, const std::string& s) {
  Append32(out, static_cast<uint32_t>(s.size()));
  out.insert(out.end(), s.begin(), s.end());
}

// A cursor over the header bytes that fails instead of overrunning `end`.
class Cursor {
 public:
  Cursor(std::span<const uint8_t> bytes, size_t pos, size_t end)
      : bytes_(bytes), pos_(pos), end_(std::min(end, bytes.size())) {}
  size_t pos() const { return pos_; }
  bool U32(uint32_t& v) {
    if (end_ < pos_ || end_ - pos_ < 4) return false;
    v = Get32(bytes_, pos_);
    pos_ += 4;
    return true;
  }
  bool U64(uint64_t& v) {
    if (end_ < pos_ || end_ - pos_ < 8) return false;
    v = Get64(bytes_, pos_);
    pos_ += 8;
    return true;
  }
  bool String(std::string& s) {
    uint32_t n = 0;
    if (!U32(n) || n > (1u << 16) || end_ - pos_ < n) return false;
    s.assign(reinterpret_cast<const char*>(bytes_.data() + pos_), n);
    pos_ += n;
    return true;
  }

 private:
  std::span<const uint8_t> bytes_;
  size_t pos_;
  size_t end_;
};

}  // namespace

uint64_t Get64(std::span<const uint8_t> bytes, size_t at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t{bytes[at + i]} << (8 * i);
  return v;
}
uint32_t Get32(std::span<const uint8_t> bytes, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t{bytes[at + i]} << (8 * i);
  return v;
}
void Put64(std::vector<uint8_t>& bytes, size_t at, uint64_t value) {
  for (int i = 0; i < 8; ++i)
    bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
}
void Put32(std::vector<uint8_t>& bytes, size_t at, uint32_t value) {
  for (int i = 0; i < 4; ++i)
    bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
}

ContainerLayout ReadLayout(std::span<const uint8_t> bytes) {
  ContainerLayout layout;
  if (bytes.size() < kFixedHeaderBytes) return layout;
  layout.header_size = Get32(bytes, kHeaderSizeAt);
  Cursor c(bytes, kPluginAbiAt, layout.header_size);
  uint32_t abi = 0, version = 0, count = 0;
  std::string game, codec;
  if (!c.U32(abi) || !c.U32(version) || !c.String(game) || !c.String(codec) ||
      !c.U32(count)) {
    return layout;
  }
  for (uint32_t i = 0; i < count; ++i) {
    const size_t key_at = c.pos();
    std::string key;
    if (!c.String(key)) return layout;
    const size_t value_at = c.pos();
    std::string value;
    if (!c.String(value)) return layout;
    layout.parameter_at.emplace_back(key_at, value_at);
  }
  layout.slice_count_at = c.pos();
  if (!c.U32(count)) return layout;
  for (uint32_t i = 0; i < count; ++i) {
    SliceEntryLayout e;
    e.entry_at = c.pos();
    if (!c.String(e.name)) return layout;
    e.offset_at = c.pos();
    e.size_at = e.offset_at + 8;
    e.checksum_at = e.offset_at + 16;
    uint64_t checksum;
    if (!c.U64(e.offset) || !c.U64(e.size) || !c.U64(checksum)) return layout;
    layout.slices.push_back(e);
  }
  layout.complete = true;
  return layout;
}

std::optional<ContainerModel> ReadModel(std::span<const uint8_t> bytes) {
  const ContainerLayout layout = ReadLayout(bytes);
  if (!layout.complete) return std::nullopt;
  ContainerModel model;
  model.format_version = Get32(bytes, kFormatVersionAt);
  model.plugin_abi = Get32(bytes, kPluginAbiAt);
  model.data_version = Get32(bytes, kDataVersionAt);
  Cursor c(bytes, kDataVersionAt + 4, layout.header_size);
  uint32_t count = 0;
  c.String(model.game);
  c.String(model.codec);
  c.U32(count);
  for (uint32_t i = 0; i < count; ++i) {
    std::string key, value;
    c.String(key);
    c.String(value);
    model.parameters.emplace_back(key, value);
  }
  for (const SliceEntryLayout& e : layout.slices) {
    if (e.offset > bytes.size() || e.size > bytes.size() - e.offset)
      return std::nullopt;
    model.slices.push_back(
        {e.name, std::vector<uint8_t>(bytes.begin() + e.offset,
                                      bytes.begin() + e.offset + e.size)});
  }
  return model;
}

std::vector<uint8_t> Serialize(const ContainerModel& model) {
  // The header, with zero offsets and checksums, to learn its size.
  std::vector<uint8_t> out = {'R', 'E', 'T', 'R', 'O', 'D', 'B', 0x1a};
  Append32(out, model.format_version);
  Append32(out, 0);  // header_size
  Append64(out, 0);  // file_size
  Append64(out, 0);  // header checksum
  Append32(out, model.plugin_abi);
  Append32(out, model.data_version);
  AppendString(out, model.game);
  AppendString(out, model.codec);
  Append32(out, static_cast<uint32_t>(model.parameters.size()));
  for (const auto& [key, value] : model.parameters) {
    AppendString(out, key);
    AppendString(out, value);
  }
  Append32(out, static_cast<uint32_t>(model.slices.size()));
  std::vector<size_t> entry_fields;
  for (const ContainerModel::Slice& slice : model.slices) {
    AppendString(out, slice.name);
    entry_fields.push_back(out.size());
    Append64(out, 0);
    Append64(out, slice.bytes.size());
    Append64(out, Checksum64(slice.bytes.data(), slice.bytes.size()));
  }
  out.resize(AlignUp(out.size(), 8), 0);
  const uint64_t header_size = out.size();
  Put32(out, kHeaderSizeAt, static_cast<uint32_t>(header_size));
  // The slices, each at the next multiple of 64.
  uint64_t at = AlignUp(header_size, kSliceAlignment);
  for (size_t i = 0; i < model.slices.size(); ++i) {
    Put64(out, entry_fields[i], at);
    out.resize(at, 0);
    out.insert(out.end(), model.slices[i].bytes.begin(),
               model.slices[i].bytes.end());
    at = AlignUp(at + model.slices[i].bytes.size(), kSliceAlignment);
  }
  Put64(out, kFileSizeAt, out.size());
  std::vector<uint8_t> header(out.begin(), out.begin() + header_size);
  Put64(out, kHeaderChecksumAt, Checksum64(header.data(), header.size()));
  return out;
}

void Reseal(std::vector<uint8_t>& bytes, bool fix_file_size) {
  if (bytes.size() < kFixedHeaderBytes) return;
  if (fix_file_size) Put64(bytes, kFileSizeAt, bytes.size());
  const ContainerLayout layout = ReadLayout(bytes);
  for (const SliceEntryLayout& e : layout.slices) {
    if (e.offset <= bytes.size() && e.size <= bytes.size() - e.offset) {
      Put64(bytes, e.checksum_at, Checksum64(bytes.data() + e.offset, e.size));
    }
  }
  const uint32_t header_size = layout.header_size;
  if (header_size < kFixedHeaderBytes || header_size > bytes.size()) return;
  std::vector<uint8_t> header(bytes.begin(), bytes.begin() + header_size);
  std::memset(header.data() + kHeaderChecksumAt, 0, 8);
  Put64(bytes, kHeaderChecksumAt, Checksum64(header.data(), header.size()));
}

}  // namespace retro::sweep
