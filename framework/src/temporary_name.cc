// Temporary file names that retro can prove it made (retro/host/temporary_name.h).
#include "retro/host/temporary_name.h"

#include <algorithm>
#include <random>

#include "retro/host/checksum.h"

namespace retro {
namespace {

constexpr char kInfix[] = ".tmp.";
constexpr size_t kRandomBytes = 6;
constexpr size_t kTagBytes = 6;
constexpr char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

// The tag of `random` for `target`: six base-36 digits of a checksum of both.
std::string TagOf(std::string_view target, std::string_view random) {
  const std::string keyed =
      "retro temporary\n" + std::string(target) + "\n" + std::string(random);
  uint64_t hash = Checksum64(keyed.data(), keyed.size());
  std::string tag(kTagBytes, '0');
  for (char& digit : tag) {
    digit = kDigits[hash % 36];
    hash /= 36;
  }
  return tag;
}

// The part of `target` a temporary's name begins with: all of it, or as
// much as leaves room for the suffix within kMaxFileNameBytes.
std::string_view PrefixOf(std::string_view target) {
  constexpr size_t kSuffixBytes = sizeof(kInfix) - 1 + kRandomBytes + kTagBytes;
  return target.substr(0, std::min(target.size(), kMaxFileNameBytes - kSuffixBytes));
}

}  // namespace

std::string TemporaryNameFor(std::string_view target, std::string_view random) {
  return std::string(PrefixOf(target)) + kInfix + std::string(random) + TagOf(target, random);
}

bool IsTemporaryNameOf(std::string_view target, std::string_view name) {
  const std::string prefix = std::string(PrefixOf(target)) + kInfix;
  if (name.size() != prefix.size() + kRandomBytes + kTagBytes || !name.starts_with(prefix)) {
    return false;
  }
  const std::string_view random = name.substr(prefix.size(), kRandomBytes);
  if (random.find_first_not_of(kDigits) != std::string_view::npos) return false;
  return name.substr(prefix.size() + kRandomBytes) == TagOf(target, random);
}

std::string RandomTemporarySuffix() {
  thread_local std::mt19937_64 engine{std::random_device{}()};
  std::string random(kRandomBytes, '0');
  for (char& c : random) c = kDigits[engine() % 36];
  return random;
}

}  // namespace retro
