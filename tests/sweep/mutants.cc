// Implementation of the sweep's mutant generator (mutants.h).
#include "tests/sweep/mutants.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <random>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tests/sweep/container_edit.h"

namespace retro::sweep {
namespace {

// The identities of the shipped games, for databases claiming to be another
// game's.
const std::vector<std::pair<std::string, std::string>>& GameCodecs() {
  static const auto* codecs =
      new std::vector<std::pair<std::string, std::string>>{
          {"oware", "oware-net-score-changes-v1"},
          {"surakarta", "surakarta-dtc-wdl-byte-v1"},
          {"plakoto", "plakoto-pin-distance-f64le-v1"},
          {"tictactoe", "tictactoe-wdl-byte-v1"},
      };
  return *codecs;
}

// std::mt19937_64 is fully specified, and so is this use of it: the same
// seed gives the same mutants with every standard library.
class Random {
 public:
  explicit Random(uint64_t seed) : engine_(seed) {}
  uint64_t Below(uint64_t n) { return n == 0 ? 0 : engine_() % n; }
  uint8_t NonZeroByte() { return static_cast<uint8_t>(1 + Below(255)); }

 private:
  std::mt19937_64 engine_;
};

uint64_t GetLe(const std::vector<uint8_t>& b, size_t at, int width) {
  uint64_t v = 0;
  for (int i = 0; i < width; ++i) v |= uint64_t{b[at + i]} << (8 * i);
  return v;
}
void PutLe(std::vector<uint8_t>& b, size_t at, int width, uint64_t v) {
  for (int i = 0; i < width; ++i)
    b[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

bool IsNumber(const std::string& s) {
  return !s.empty() && s.size() < 10 &&
         std::all_of(s.begin(), s.end(),
                     [](unsigned char c) { return std::isdigit(c); });
}

// "seeds-3" -> "seeds-4", "p6-pin2" -> "p6-pin3"; otherwise name + "-2".
std::string BumpedName(const std::string& name) {
  size_t digits = name.size();
  while (digits > 0 &&
         std::isdigit(static_cast<unsigned char>(name[digits - 1])))
    --digits;
  if (digits == name.size() || name.size() - digits > 9) return name + "-2";
  return name.substr(0, digits) +
         std::to_string(std::stoll(name.substr(digits)) + 1);
}

class Generator {
 public:
  Generator(const std::vector<uint8_t>& original, uint64_t seed,
            const MutationBudget& budget)
      : original_(original),
        random_(seed),
        budget_(budget),
        layout_(ReadLayout(original)),
        model_(*ReadModel(original)) {}

  std::vector<Mutant> Make() {
    Truncations();
    Flips();
    SealedTruncations();
    SealedSliceBytes();
    SealedSliceFields();
    SealedSliceEntries();
    SealedHeader();
    Parameters();
    SliceTable();
    Identity();
    return std::move(mutants_);
  }

 private:
  void Add(std::string kind, std::string description,
           std::vector<uint8_t> bytes, bool must_refuse = false) {
    if (bytes == original_) return;  // a no-op (e.g. a value set to itself)
    const bool sealed =
        kind != "truncate" && kind != "extend" && !kind.starts_with("flip");
    mutants_.push_back({std::move(kind), std::move(description),
                        std::move(bytes), must_refuse, sealed});
  }
  void AddModel(std::string kind, std::string description,
                const ContainerModel& model, bool must_refuse = false) {
    Add(std::move(kind), std::move(description), Serialize(model), must_refuse);
  }
  // The slices with at least `min_size` bytes.
  std::vector<size_t> SlicesOfAtLeast(uint64_t min_size) const {
    std::vector<size_t> result;
    for (size_t i = 0; i < layout_.slices.size(); ++i) {
      if (layout_.slices[i].size >= min_size) result.push_back(i);
    }
    return result;
  }

  // Cut at lengths inside the fixed header, the variable header, at slice
  // boundaries and inside slices; and two extensions.
  void Truncations() {
    const uint64_t n = original_.size();
    const uint64_t h = layout_.header_size;
    std::set<uint64_t> lengths = {0,  1,     7,     8, 12,    39,   40,
                                  41, h / 2, h - 1, h, h + 1, n - 1};
    for (const SliceEntryLayout& s : layout_.slices) {
      for (uint64_t at : {s.offset, s.offset + 1, s.offset + s.size / 2,
                          s.offset + s.size - 1, s.offset + s.size}) {
        lengths.insert(at);
      }
    }
    for (int i = 0; i < budget_.random_truncations; ++i)
      lengths.insert(random_.Below(n));
    for (const uint64_t length : lengths) {
      if (length >= n) continue;
      std::vector<uint8_t> bytes(original_.begin(), original_.begin() + length);
      Add("truncate",
          absl::StrCat("truncated to ", length, " of ", n, " bytes"), bytes);
    }
    std::vector<uint8_t> bytes = original_;
    bytes.push_back(0);
    Add("extend", "one zero byte appended", bytes);
    bytes.resize(n + 64, 0xFF);
    Add("extend", "64 bytes appended", bytes);
  }

  // One byte XORed with a random non-zero mask, in the fixed and variable
  // header, in slices, and in the padding no checksum covers.
  void Flips() {
    auto flip = [&](const std::string& kind, uint64_t at) {
      std::vector<uint8_t> bytes = original_;
      const uint8_t mask = random_.NonZeroByte();
      bytes[at] ^= mask;
      Add(kind, absl::StrFormat("byte %d xor 0x%02x", at, mask), bytes);
    };
    for (int i = 0; i < budget_.header_flips; ++i) {
      flip("flip header", i < budget_.header_flips / 2
                              ? random_.Below(kFixedHeaderBytes)
                              : random_.Below(layout_.header_size));
    }
    const std::vector<size_t> slices = SlicesOfAtLeast(1);
    for (int i = 0; i < budget_.slice_flips && !slices.empty(); ++i) {
      const SliceEntryLayout& s =
          layout_.slices[slices[random_.Below(slices.size())]];
      flip("flip slice", s.offset + random_.Below(s.size));
    }
    std::vector<uint64_t> padding;
    uint64_t end = layout_.header_size;
    for (const SliceEntryLayout& s : layout_.slices) {
      for (uint64_t at = end; at < s.offset; ++at) padding.push_back(at);
      end = std::max(end, s.offset + s.size);
    }
    for (int i = 0; i < budget_.padding_flips && !padding.empty(); ++i) {
      flip("flip padding", padding[random_.Below(padding.size())]);
    }
  }

  // The last slice cut short, its size and the file size fixed to match.
  void SealedTruncations() {
    if (layout_.slices.empty()) return;
    const SliceEntryLayout& s = layout_.slices.back();
    for (const uint64_t cut :
         {uint64_t{1}, uint64_t{8}, uint64_t{64}, s.size / 2, s.size}) {
      if (cut == 0 || cut > s.size) continue;
      std::vector<uint8_t> bytes = original_;
      bytes.resize(original_.size() - cut);
      Put64(bytes, s.size_at, s.size - cut);
      Reseal(bytes, /*fix_file_size=*/true);
      Add("sealed truncate",
          absl::StrCat("last slice '", s.name, "' cut by ", cut,
                       " bytes, sizes fixed"),
          bytes);
    }
  }

  // 1 to 3 random bytes of one slice changed.
  void SealedSliceBytes() {
    const std::vector<size_t> slices = SlicesOfAtLeast(1);
    for (int i = 0; i < budget_.sealed_slice_bytes && !slices.empty(); ++i) {
      const SliceEntryLayout& s = layout_.slices[slices[i % slices.size()]];
      std::vector<uint8_t> bytes = original_;
      std::string what = absl::StrCat("slice '", s.name, "'");
      const int changes = 1 + static_cast<int>(random_.Below(3));
      for (int k = 0; k < changes; ++k) {
        const uint64_t at = random_.Below(s.size);
        const uint8_t value = bytes[s.offset + at] ^ random_.NonZeroByte();
        absl::StrAppendFormat(&what, " +%d: 0x%02x->0x%02x", at,
                              bytes[s.offset + at], value);
        bytes[s.offset + at] = value;
      }
      Reseal(bytes);
      Add("sealed slice bytes", what, bytes);
    }
  }

  // Aligned 16/32/64-bit fields of a slice set to 0, all ones, the largest
  // signed value, the old value +-1 or +1000: every u32 and u64 of the first
  // 64 bytes of each slice (where a codec's header usually is), then random
  // ones, two thirds of them in the first 256 bytes (offset tables).
  void SealedSliceFields() {
    const std::vector<size_t> slices = SlicesOfAtLeast(2);
    if (slices.empty()) return;
    for (const size_t index : slices) {
      const SliceEntryLayout& s = layout_.slices[index];
      for (const int width : {4, 8}) {
        for (uint64_t at = 0; at + width <= std::min<uint64_t>(s.size, 64);
             at += width) {
          SetSliceField(s, at, width);
        }
      }
    }
    const int per_slice = std::max<int>(
        12, budget_.sealed_slice_fields / static_cast<int>(slices.size()));
    for (const size_t index : slices) {
      const SliceEntryLayout& s = layout_.slices[index];
      for (int i = 0; i < per_slice; ++i) {
        int width = 2 << random_.Below(3);
        while (static_cast<uint64_t>(width) > s.size) width /= 2;
        const uint64_t region =
            i % 3 == 2 ? s.size : std::min<uint64_t>(s.size, 256);
        SetSliceField(s, random_.Below(region / width) * width, width);
      }
    }
  }
  void SetSliceField(const SliceEntryLayout& s, uint64_t at, int width) {
    std::vector<uint8_t> bytes = original_;
    const uint64_t old = GetLe(bytes, s.offset + at, width);
    const uint64_t ones =
        width == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * width)) - 1;
    const std::pair<const char*, uint64_t> choices[] = {
        {"zero", 0},
        {"all ones", ones},
        {"signed max", ones >> 1},
        {"+1", (old + 1) & ones},
        {"-1", (old - 1) & ones},
        {"+1000", (old + 1000) & ones},
    };
    auto [name, value] = choices[random_.Below(std::size(choices))];
    if (value == old) {
      name = "bit 7 flipped";
      value = old ^ 0x80;
    }
    PutLe(bytes, s.offset + at, width, value);
    Reseal(bytes);
    Add(absl::StrCat("sealed slice u", 8 * width),
        absl::StrFormat("slice '%s' u%d at +%d: %#x -> %#x (%s)", s.name,
                        8 * width, at, old, value, name),
        bytes);
  }

  // Slice-table entries resized or moved, checksums fixed.
  void SealedSliceEntries() {
    for (size_t i = 0; i < layout_.slices.size(); ++i) {
      const SliceEntryLayout& s = layout_.slices[i];
      const uint64_t room =
          (i + 1 < layout_.slices.size() ? layout_.slices[i + 1].offset
                                         : original_.size()) -
          (s.offset + s.size);
      auto entry = [&](const std::string& what, uint64_t offset,
                       uint64_t size) {
        std::vector<uint8_t> bytes = original_;
        Put64(bytes, s.offset_at, offset);
        Put64(bytes, s.size_at, size);
        Reseal(bytes);
        Add("sealed slice entry", absl::StrCat("slice '", s.name, "' ", what),
            bytes);
      };
      entry("size 0", s.offset, 0);
      if (s.size >= 1) entry("size -1", s.offset, s.size - 1);
      if (s.size >= 8) entry("size -8", s.offset, s.size - 8);
      if (room >= 1) entry("size +1 (into the padding)", s.offset, s.size + 1);
      if (s.size >= 64)
        entry("offset +64, size -64", s.offset + 64, s.size - 64);
    }
  }

  // Header bytes after the fixed fields set at random, and the length and
  // count fields of the variable header changed, header checksum fixed.
  void SealedHeader() {
    std::set<size_t> checksum_bytes;
    for (const SliceEntryLayout& s : layout_.slices) {
      for (size_t k = 0; k < 8; ++k) checksum_bytes.insert(s.checksum_at + k);
    }
    for (int i = 0; i < budget_.sealed_header_bytes; ++i) {
      const size_t at =
          kPluginAbiAt + random_.Below(layout_.header_size - kPluginAbiAt);
      if (checksum_bytes.count(at) > 0) continue;
      std::vector<uint8_t> bytes = original_;
      const uint8_t value =
          i % 4 == 0 ? 0xFF : bytes[at] ^ random_.NonZeroByte();
      bytes[at] = value;
      Reseal(bytes);
      Add("sealed header bytes",
          absl::StrFormat("header byte %d set to 0x%02x", at, value), bytes);
    }
    auto field = [&](const std::string& what, size_t at, int64_t delta,
                     bool set_ones) {
      std::vector<uint8_t> bytes = original_;
      const uint32_t old = Get32(bytes, at);
      const uint32_t value =
          set_ones ? 0xFFFFFFFFu : static_cast<uint32_t>(old + delta);
      Put32(bytes, at, value);
      Reseal(bytes);
      Add("sealed header fields",
          absl::StrFormat("%s %d -> %d", what, old, value), bytes);
    };
    for (const int64_t delta : {-1, 1}) {
      const size_t game_at = kDataVersionAt + 4;
      field("game name length", game_at, delta, false);
      field("parameter count",
            layout_.parameter_at.empty()
                ? layout_.slice_count_at - 4
                : layout_.parameter_at.front().first - 4,
            delta, false);
      field("slice count", layout_.slice_count_at, delta, false);
      for (const auto& [key_at, value_at] : layout_.parameter_at) {
        field("parameter value length", value_at, delta, false);
      }
      for (const SliceEntryLayout& s : layout_.slices) {
        field(absl::StrCat("name length of slice '", s.name, "'"), s.entry_at,
              delta, false);
      }
    }
    field("slice count", layout_.slice_count_at, 0, true);
    field("game name length", kDataVersionAt + 4, 0, true);
  }

  // Parameter values set to junk or to other plausible values; parameters
  // removed, renamed, duplicated, added.
  void Parameters() {
    for (size_t i = 0; i < model_.parameters.size(); ++i) {
      const auto& [key, old] = model_.parameters[i];
      std::vector<std::string> values = {
          "0",       "abc",     "99999",
          "-1",      "",        "1e3",
          " " + old, old + "x", "18446744073709551617"};
      if (IsNumber(old)) {
        values.push_back(std::to_string(std::stoll(old) - 1));
        values.push_back(std::to_string(std::stoll(old) + 1));
      }
      for (const std::string& value : values) {
        if (value == old) continue;
        ContainerModel model = model_;
        model.parameters[i].second = value;
        AddModel("parameter value",
                 absl::StrCat(key, "='", value, "' (was '", old, "')"), model);
      }
      ContainerModel model = model_;
      model.parameters.erase(model.parameters.begin() + i);
      AddModel("parameter entry", absl::StrCat("parameter '", key, "' removed"),
               model);
      model = model_;
      model.parameters[i].first += "x";
      AddModel("parameter entry", absl::StrCat("parameter '", key, "' renamed"),
               model);
      model = model_;
      model.parameters.emplace_back(key, "abc");
      AddModel("parameter entry",
               absl::StrCat("parameter '", key, "' repeated as 'abc'"), model);
      model = model_;
      model.parameters.emplace_back(key, old);
      AddModel("parameter entry",
               absl::StrCat("parameter '", key, "' repeated"), model);
    }
    ContainerModel model = model_;
    model.parameters.emplace_back("zzz", "1");
    AddModel("parameter entry", "unknown parameter 'zzz' added", model);
  }

  // Slices removed, duplicated (same or different bytes), renamed,
  // reordered, added.
  void SliceTable() {
    const auto& slices = model_.slices;
    for (size_t i = 0; i < slices.size(); ++i) {
      const std::string& name = slices[i].name;
      ContainerModel model = model_;
      model.slices.erase(model.slices.begin() + i);
      AddModel("slice table", absl::StrCat("slice '", name, "' removed"),
               model);
      model = model_;
      model.slices.insert(model.slices.begin() + i + 1, slices[i]);
      AddModel("slice table", absl::StrCat("slice '", name, "' twice"), model,
               true);
      if (!slices[i].bytes.empty()) {
        ContainerModel::Slice changed = slices[i];
        const uint64_t at = random_.Below(changed.bytes.size());
        changed.bytes[at] ^= random_.NonZeroByte();
        model = model_;
        model.slices.insert(model.slices.begin() + i + 1, changed);
        AddModel("slice table",
                 absl::StrCat("slice '", name, "' twice, byte ", at,
                              " of the second changed"),
                 model, true);
        model = model_;
        model.slices.insert(model.slices.begin() + i, changed);
        AddModel("slice table",
                 absl::StrCat("slice '", name, "' twice, byte ", at,
                              " of the first changed"),
                 model, true);
        model = model_;
        model.slices.push_back(changed);
        AddModel("slice table",
                 absl::StrCat("slice '", name, "' twice, byte ", at,
                              " changed in a last copy"),
                 model, true);
      }
      model = model_;
      model.slices[i].name += "x";
      AddModel("slice table", absl::StrCat("slice '", name, "' renamed"),
               model);
      if (i + 1 < slices.size()) {
        model = model_;
        std::swap(model.slices[i].name, model.slices[i + 1].name);
        AddModel("slice table",
                 absl::StrCat("names of slices '", name, "' and '",
                              slices[i + 1].name, "' swapped"),
                 model);
      }
    }
    if (slices.size() > 1) {
      ContainerModel model = model_;
      std::reverse(model.slices.begin(), model.slices.end());
      AddModel("slice table", "slices in reverse order", model);
    }
    ContainerModel model = model_;
    model.slices.clear();
    AddModel("slice table", "every slice removed", model);
    if (!slices.empty()) {
      model = model_;
      model.slices.push_back(
          {BumpedName(slices.back().name), slices.back().bytes});
      AddModel("slice table",
               absl::StrCat("extra slice '", model.slices.back().name,
                            "' (a copy of '", slices.back().name, "')"),
               model);
    }
    model = model_;
    model.slices.push_back({"zzz", {}});
    AddModel("slice table", "extra empty slice 'zzz'", model);
  }

  // Another format version, ABI, data version, game or codec.
  void Identity() {
    ContainerModel model = model_;
    model.format_version = 2;
    AddModel("identity", "format version 2", model);
    model = model_;
    model.plugin_abi += 1;
    AddModel("identity", "plugin ABI +1", model);
    model = model_;
    model.data_version += 1;
    AddModel("identity", "data version +1", model);
    model = model_;
    model.data_version = 0;
    AddModel("identity", "data version 0", model);
    model = model_;
    model.codec = "x";
    AddModel("identity", "codec 'x'", model);
    model = model_;
    model.game = "";
    AddModel("identity", "empty game name", model);
    for (const auto& [game, codec] : GameCodecs()) {
      if (game == model_.game) continue;
      model = model_;
      model.game = game;
      AddModel("identity", absl::StrCat("game '", game, "'"), model);
      model.codec = codec;
      AddModel("identity", absl::StrCat("game '", game, "' with its codec"),
               model);
    }
  }

  const std::vector<uint8_t>& original_;
  Random random_;
  MutationBudget budget_;
  ContainerLayout layout_;
  ContainerModel model_;
  std::vector<Mutant> mutants_;
};

}  // namespace

std::vector<Mutant> MakeMutants(const std::vector<uint8_t>& original,
                                uint64_t seed, const MutationBudget& budget) {
  return Generator(original, seed, budget).Make();
}

}  // namespace retro::sweep
