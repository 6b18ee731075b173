// The prepared value probes of an open database (retro/host/value_probe_cache.h).
#include "retro/host/value_probe_cache.h"

#include <atomic>
#include <mutex>
#include <utility>

namespace retro {
namespace {

std::atomic<uint64_t> g_next_cache_id{1};

// The probe this thread got last, and from which cache for which key.
struct LastProbe {
  uint64_t cache_id = 0;
  std::string key;
  const ValueProbe* probe = nullptr;
};
thread_local LastProbe t_last;

}  // namespace

ValueProbeCache::ValueProbeCache() : id_(g_next_cache_id.fetch_add(1)) {}

absl::StatusOr<ValueProbeCache::Lease> ValueProbeCache::Get(
    OpenDatabase& database, std::string_view key,
    absl::FunctionRef<absl::StatusOr<ParameterValues>()> options) {
  // 1. This thread's last probe, when it is for the same cache and key.
  LastProbe& last = t_last;
  if (last.cache_id == id_ && last.key == key) return Lease{last.probe, nullptr};
  // 2. The cached probe.
  {
    std::shared_lock lock(mutex_);
    if (auto it = probes_.find(absl::string_view(key.data(), key.size())); it != probes_.end()) {
      last = {id_, std::string(key), it->second.get()};
      return Lease{it->second.get(), nullptr};
    }
  }
  // 3. A new one: prepared outside the lock, then cached unless the cache
  //    is full (the first of two threads preparing the same key wins).
  absl::StatusOr<ParameterValues> values = options();
  if (!values.ok()) return values.status();
  absl::StatusOr<std::unique_ptr<ValueProbe>> probe = database.PrepareValues(*values);
  if (!probe.ok()) return probe.status();
  std::unique_lock lock(mutex_);
  if (probes_.size() >= kMaxEntries) return Lease{probe->get(), *std::move(probe)};
  const auto [it, inserted] = probes_.try_emplace(std::string(key), *std::move(probe));
  last = {id_, std::string(key), it->second.get()};
  return Lease{it->second.get(), nullptr};
}

}  // namespace retro
