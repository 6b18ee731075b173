// Implementation of AvailableMemory: /proc/meminfo, the process's cgroup
// (v2 memory.max and memory.current, v1 memory.limit_in_bytes and
// memory.usage_in_bytes, at every level up to the hierarchy's root), and
// RETRO_MEMORY_LIMIT_MB.
#include "retro/system_memory.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace retro {
namespace {

// A whole number of bytes, the first line of file `path`; nullopt if
// absent, "max" or not a number.
std::optional<uint64_t> ReadBytes(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  uint64_t value = 0;
  if (!std::getline(in, line) || !absl::SimpleAtoi(absl::StripAsciiWhitespace(line), &value)) {
    return std::nullopt;
  }
  return value;
}

// MemAvailable from `root`/proc/meminfo, in bytes; 0 if unreadable.
uint64_t MemAvailable(const std::string& root) {
  std::ifstream in(root + "/proc/meminfo");
  std::string line;
  while (std::getline(in, line)) {
    uint64_t kib = 0;
    std::vector<std::string> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
    if (words.size() >= 2 && words[0] == "MemAvailable:" && absl::SimpleAtoi(words[1], &kib)) {
      return kib * 1024;
    }
  }
  return 0;
}

// The cgroup path of this process in the v2 hierarchy ("0::/path") or in
// v1's memory controller ("N:...memory...:/path"), from /proc/self/cgroup.
struct CgroupPaths {
  std::optional<std::string> v2;
  std::optional<std::string> v1_memory;
};

CgroupPaths ReadCgroupPaths(const std::string& root) {
  CgroupPaths paths;
  std::ifstream in(root + "/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    const std::vector<std::string> fields = absl::StrSplit(line, absl::MaxSplits(':', 2));
    if (fields.size() != 3) continue;
    if (fields[0] == "0" && fields[1].empty()) paths.v2 = fields[2];
    const std::vector<std::string> controllers = absl::StrSplit(fields[1], ',');
    if (std::ranges::find(controllers, "memory") != controllers.end()) paths.v1_memory = fields[2];
  }
  return paths;
}

// The least headroom (limit minus usage) over the cgroup at `path` under
// `top` and every cgroup above it with a limit; nullopt when none has one.
std::optional<uint64_t> CgroupHeadroom(const std::string& top, const std::string& path,
                                       const char* limit_file, const char* usage_file) {
  std::optional<uint64_t> least;
  std::string relative(absl::StripSuffix(path, "/"));
  for (bool above = true; above;) {
    // The folder of `relative`, then the one above it, up to `top`.
    const std::string folder = top + relative;
    const size_t slash = relative.rfind('/');
    above = slash != std::string::npos && !relative.empty();
    if (above) relative.resize(slash);
    const std::optional<uint64_t> limit = ReadBytes(absl::StrCat(folder, "/", limit_file));
    if (!limit.has_value()) continue;
    const uint64_t usage = ReadBytes(absl::StrCat(folder, "/", usage_file)).value_or(0);
    const uint64_t headroom = usage < *limit ? *limit - usage : 0;
    if (!least.has_value() || headroom < *least) least = headroom;
  }
  return least;
}

// Lowers `limit` to `bytes` (naming `source`) when that is smaller.
void Cap(MemoryLimit& limit, uint64_t bytes, const std::string& source) {
  if (limit.source.empty() || bytes < limit.bytes) limit = MemoryLimit{bytes, source};
}

}  // namespace

std::string MemoryLimit::Note() const {
  return source.empty() ? std::string() : absl::StrCat(" (", source, ")");
}

MemoryLimit AvailableMemoryUnder(const std::string& root) {
  MemoryLimit limit;
  if (const uint64_t available = MemAvailable(root); available > 0) {
    Cap(limit, available, "MemAvailable");
  }
  const CgroupPaths paths = ReadCgroupPaths(root);
  if (paths.v2.has_value()) {
    if (auto headroom =
            CgroupHeadroom(root + "/sys/fs/cgroup", *paths.v2, "memory.max", "memory.current")) {
      Cap(limit, *headroom, "the cgroup's memory.max");
    }
  }
  if (paths.v1_memory.has_value()) {
    if (auto headroom = CgroupHeadroom(root + "/sys/fs/cgroup/memory", *paths.v1_memory,
                                       "memory.limit_in_bytes", "memory.usage_in_bytes")) {
      Cap(limit, *headroom, "the cgroup's memory.limit_in_bytes");
    }
  }
  if (const char* text = std::getenv("RETRO_MEMORY_LIMIT_MB")) {
    uint64_t mb = 0;
    if (absl::SimpleAtoi(text, &mb)) Cap(limit, mb << 20, "RETRO_MEMORY_LIMIT_MB");
  }
  return limit;
}

MemoryLimit AvailableMemory() {
  const char* root = std::getenv("RETRO_SYSTEM_ROOT");
  return AvailableMemoryUnder(root != nullptr ? root : "");
}

uint64_t AvailableMemoryBytes() { return AvailableMemory().bytes; }

}  // namespace retro
