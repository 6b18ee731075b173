// The value probes (retro/value_probe.h) of one open database, prepared once
// per set of probe options and kept while the database is open, so that a
// caller probing at every node of a search (the C API, the Python module)
// neither parses its options nor prepares a probe per call.
#ifndef RETRO_HOST_VALUE_PROBE_CACHE_H_
#define RETRO_HOST_VALUE_PROBE_CACHE_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <shared_mutex>
#include <string>
#include <string_view>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "retro/game_module.h"
#include "retro/value_probe.h"

namespace retro {

// The probes of one OpenDatabase, keyed by the caller's text for a set of
// options (the C API's "key=value,..." string). Destroy it before the
// database (DatabaseSession does).
class ValueProbeCache {
 public:
  // A prepared probe: `probe` is the cached one, or `owned` when the cache
  // is full (kMaxEntries keys).
  struct Lease {
    const ValueProbe* probe = nullptr;
    std::unique_ptr<ValueProbe> owned;
  };
  static constexpr size_t kMaxEntries = 4096;

  // The probe of the options `key` names: the one used last when the key
  // is the same (no lock), else the cached one (a shared lock), else
  // database.PrepareValues(options()), cached. `options` is called only to
  // prepare; its error, or PrepareValues', is returned.
  //   Thread safety: any number of threads at once.
  //   Cost: an atomic load and a string comparison when the key repeats.
  absl::StatusOr<Lease> Get(OpenDatabase& database, std::string_view key,
                            absl::FunctionRef<absl::StatusOr<ParameterValues>()> options);

 private:
  // A cached probe with its key; never changed or freed while the cache
  // lives, so `last_` may point at one without a lock.
  struct Entry {
    std::string key;
    std::unique_ptr<ValueProbe> probe;
  };

  std::atomic<const Entry*> last_{nullptr};  // the entry Get returned last
  std::shared_mutex mutex_;
  absl::flat_hash_map<std::string, std::unique_ptr<Entry>> probes_;
};

}  // namespace retro

#endif  // RETRO_HOST_VALUE_PROBE_CACHE_H_
