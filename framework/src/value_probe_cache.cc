// The prepared value probes of an open database (retro/host/value_probe_cache.h).
#include "retro/host/value_probe_cache.h"

#include <mutex>
#include <utility>

#include "retro/status_macros.h"

namespace retro {

absl::StatusOr<ValueProbeCache::Lease> ValueProbeCache::Get(
    OpenDatabase& database, std::string_view key,
    absl::FunctionRef<absl::StatusOr<ParameterValues>()> options) {
  // 1. The probe returned last, when it is for the same key.
  if (const Entry* last = last_.load(std::memory_order_acquire);
      last != nullptr && last->key == key) {
    return Lease{last->probe.get(), nullptr};
  }
  // 2. The cached probe.
  const absl::string_view lookup(key.data(), key.size());
  {
    std::shared_lock lock(mutex_);
    if (auto it = probes_.find(lookup); it != probes_.end()) {
      last_.store(it->second.get(), std::memory_order_release);
      return Lease{it->second->probe.get(), nullptr};
    }
  }
  // 3. A new one: prepared outside the lock, then cached unless the cache
  //    is full (the first of two threads preparing the same key wins).
  RETRO_ASSIGN_OR_RETURN(const ParameterValues values, options());
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<ValueProbe> probe, database.PrepareValues(values));
  std::unique_lock lock(mutex_);
  if (auto it = probes_.find(lookup); it != probes_.end()) {
    return Lease{it->second->probe.get(), nullptr};
  }
  if (probes_.size() >= kMaxEntries) return Lease{probe.get(), std::move(probe)};
  auto entry = std::make_unique<Entry>(Entry{std::string(key), std::move(probe)});
  const Entry* added = entry.get();
  probes_.emplace(std::string(key), std::move(entry));
  last_.store(added, std::memory_order_release);
  return Lease{added->probe.get(), nullptr};
}

}  // namespace retro
