// Crafted databases for tests of a plugin's Open: DatabaseParts holds a
// database's identity, parameters and slices as plain values a test edits,
// then serialises again with fresh checksums (so only the plugin's own
// structure checks can refuse it); PluginUnderTest loads a game plugin in
// process, solves small databases with it and opens bytes the way `retro`
// does (container header validated, GameModule::Open called before the slice
// checksums are verified).
#ifndef RETRO_TESTS_FRAMEWORK_CRAFTED_DATABASE_H_
#define RETRO_TESTS_FRAMEWORK_CRAFTED_DATABASE_H_

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/game_module.h"
#include "retro/host/checksum.h"
#include "retro/host/plugin_loader.h"
#include "retro/parameters.h"
#include "retro/plugin.h"

namespace retro::testing {

// The parts of a database, editable.
struct DatabaseParts {
  DatabaseIdentity identity;
  std::vector<std::pair<std::string, std::string>> parameters;
  std::vector<std::pair<std::string, std::vector<uint8_t>>> slices;

  // The parts of a valid database file held in `bytes`.
  static DatabaseParts Of(const std::vector<uint8_t>& bytes) {
    DatabaseParts parts;
    auto file = DatabaseFile::FromBytes(bytes);
    EXPECT_TRUE(file.ok()) << file.status();
    if (!file.ok()) return parts;
    parts.identity = (*file)->identity();
    parts.parameters = (*file)->parameters();
    for (size_t i = 0; i < (*file)->slices().size(); ++i) {
      const std::span<const uint8_t> data = (*file)->SliceBytes(i);
      parts.slices.push_back({(*file)->slices()[i].name, {data.begin(), data.end()}});
    }
    return parts;
  }

  // The bytes of a database file with these parts and valid checksums.
  // Parameter keys must be distinct (see DuplicateParameter); slice names
  // need not be.
  std::vector<uint8_t> Serialize() const {
    DatabaseBuilder builder;
    builder.SetCodec(identity.codec);
    for (const auto& [key, value] : parameters) builder.SetParameter(key, value);
    for (const auto& [name, bytes] : slices) builder.AddSlice(name, bytes);
    return SerializeDatabase(identity, builder);
  }

  // The bytes of the (first) slice called `name`, which must exist.
  std::vector<uint8_t>& Slice(std::string_view name) {
    for (auto& [slice_name, bytes] : slices) {
      if (slice_name == name) return bytes;
    }
    ADD_FAILURE() << "no slice " << name;
    static std::vector<uint8_t> none;
    return none;
  }
  void RemoveSlice(std::string_view name) {
    std::erase_if(slices, [&](const auto& slice) { return slice.first == name; });
  }
  // Replaces the value of parameter `key`, or appends it.
  void SetParameter(const std::string& key, const std::string& value) {
    for (auto& [k, v] : parameters) {
      if (k == key) {
        v = value;
        return;
      }
    }
    parameters.emplace_back(key, value);
  }
  void RemoveParameter(std::string_view key) {
    std::erase_if(parameters, [&](const auto& p) { return p.first == key; });
  }

  // A database whose header gives parameter `key` (which must exist) twice,
  // with `second_value` the second time: DatabaseBuilder refuses to write
  // that, so the header is patched and its checksum recomputed.
  std::vector<uint8_t> DuplicateParameter(const std::string& key,
                                          const std::string& second_value) const {
    // A stand-in key of the same length, then renamed in the header bytes.
    std::string stand_in = key;
    stand_in.back() = stand_in.back() == '#' ? '%' : '#';
    DatabaseParts copy = *this;
    copy.parameters.emplace_back(stand_in, second_value);
    std::vector<uint8_t> bytes = copy.Serialize();
    uint32_t header_size;
    std::memcpy(&header_size, bytes.data() + 12, 4);
    const auto at = std::search(bytes.begin(), bytes.begin() + header_size, stand_in.begin(),
                                stand_in.end());
    EXPECT_NE(at, bytes.begin() + header_size);
    std::copy(key.begin(), key.end(), at);
    std::memset(bytes.data() + 24, 0, 8);
    const uint64_t checksum = Checksum64(bytes.data(), header_size);
    std::memcpy(bytes.data() + 24, &checksum, 8);
    return bytes;
  }
};

// A game plugin loaded in this process.
class PluginUnderTest {
 public:
  explicit PluginUnderTest(const std::string& path) {
    auto plugin = LoadPlugin(path);
    EXPECT_TRUE(plugin.ok()) << plugin.status();
    if (plugin.ok()) plugin_ = std::move(*plugin);
  }

  GameModule& module() { return plugin_->module(); }

  // Solves a database with solve parameters `values` (defaults filled in)
  // and returns its bytes, as `retro solve` would write them.
  std::vector<uint8_t> Solve(const ParameterValues& values, int threads = 2) {
    auto resolved = ResolveParameters(module().Describe().solve_parameters, values, "test");
    EXPECT_TRUE(resolved.ok()) << resolved.status();
    auto plan = module().Plan(*resolved);
    EXPECT_TRUE(plan.ok()) << plan.status();
    DatabaseBuilder builder;
    for (const auto& [key, value] : plan->canonical_parameters) builder.SetParameter(key, value);
    ThreadPool pool(threads);
    Progress progress;
    const absl::Status solved = module().Solve(*resolved, WorkContext{&pool, &progress}, builder);
    EXPECT_TRUE(solved.ok()) << solved;
    const DatabaseIdentity identity{module().Describe().name, kPluginAbiVersion,
                                    module().Describe().data_version, builder.codec()};
    return SerializeDatabase(identity, builder);
  }

  // Opens `bytes` as `retro` does: the container header is validated, then
  // the plugin's Open runs before the slice checksums are checked. The
  // bytes must be a checksum-valid container (checked too). When Open
  // succeeds, the database's statistics (which read every record) are
  // computed as well, and an error there is returned.
  absl::Status Open(const std::vector<uint8_t>& bytes) {
    auto verified = DatabaseFile::FromBytes(bytes, /*verify_slices=*/true);
    EXPECT_TRUE(verified.ok()) << "the crafted file must be a valid container: "
                               << verified.status();
    return OpenUnverified(bytes);
  }

  // Open without requiring valid slice checksums (for damaged bytes).
  absl::Status OpenUnverified(const std::vector<uint8_t>& bytes) {
    auto file = DatabaseFile::FromBytes(bytes, /*verify_slices=*/false);
    if (!file.ok()) return file.status();
    auto database = module().Open(**file);
    if (!database.ok()) return database.status();
    ThreadPool pool(1);
    Progress progress;
    return (*database)->Stats(WorkContext{&pool, &progress}).status();
  }

 private:
  std::unique_ptr<LoadedPlugin> plugin_;
};

// Writes the valid database `bytes` to `path` with its last slice claiming
// `claimed` bytes: its slice table entry, the file size and the header
// checksum are patched, and the file is extended to that length, sparse
// (holes use no disk). Such a file passes every container check before the
// slice checksums, which would read all `claimed` bytes. Returns the
// slice's name.
inline std::string WriteClaimingHugeLastSlice(const std::vector<uint8_t>& bytes,
                                              const std::string& path, uint64_t claimed) {
  auto file = DatabaseFile::FromBytes(bytes);
  EXPECT_TRUE(file.ok()) << file.status();
  if (!file.ok()) return "";
  const DatabaseFile::SliceInfo last = (*file)->slices().back();
  uint32_t header_size;
  std::memcpy(&header_size, bytes.data() + 12, 4);
  std::vector<uint8_t> header(bytes.begin(), bytes.begin() + header_size);
  // The entry is the name, then offset, size and checksum (8 bytes each).
  const auto name_at = std::find_end(header.begin(), header.end(), last.name.begin(),
                                     last.name.end());
  EXPECT_NE(name_at, header.end());
  const size_t size_at = (name_at - header.begin()) + last.name.size() + 8;
  const uint64_t file_size = last.offset + claimed;
  std::memcpy(header.data() + size_at, &claimed, 8);
  std::memcpy(header.data() + 16, &file_size, 8);
  std::memset(header.data() + 24, 0, 8);
  const uint64_t checksum = Checksum64(header.data(), header.size());
  std::memcpy(header.data() + 24, &checksum, 8);
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(header.data()), header.size());
    out.write(reinterpret_cast<const char*>(bytes.data()) + header_size,
              static_cast<std::streamsize>(last.offset - header_size));
  }
  EXPECT_EQ(truncate(path.c_str(), static_cast<off_t>(file_size)), 0);
  return last.name;
}

// Expects `status` to be a refusal whose message contains each of `parts`.
inline void ExpectRefused(const absl::Status& status, std::initializer_list<std::string> parts) {
  EXPECT_FALSE(status.ok()) << "the crafted database was accepted";
  for (const std::string& part : parts) {
    EXPECT_THAT(std::string(status.message()), ::testing::HasSubstr(part));
  }
}

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_CRAFTED_DATABASE_H_
