// The registry of live C API handles (handle.h).
#include "c/handle.h"

#include <mutex>
#include <unordered_set>
#include <utility>

namespace retro::c_api {
namespace {

// Never destroyed: handles may be closed during static destruction.
struct Registry {
  std::shared_mutex mutex;  // shared: probes; exclusive: open and close
  std::unordered_set<const retro_db*> live;
};

Registry& TheRegistry() {
  static auto* registry = new Registry;
  return *registry;
}

}  // namespace

retro_db* Register(std::unique_ptr<DatabaseSession> session) {
  auto db = std::make_unique<retro_db>();
  db->magic = kOpenMagic;
  db->session = std::move(session);
  Registry& registry = TheRegistry();
  std::unique_lock lock(registry.mutex);
  registry.live.insert(db.get());
  return db.release();
}

void Unregister(retro_db* db) {
  Registry& registry = TheRegistry();
  std::unique_ptr<retro_db> doomed;
  {
    std::unique_lock lock(registry.mutex);
    if (registry.live.erase(db) == 0) return;
    db->magic = kClosedMagic;
    doomed.reset(db);
  }
  // Destroyed outside the lock: unloading a plugin may take a while.
}

Use::Use(retro_db* db) : lock_(TheRegistry().mutex), db_(db) {
  ok_ = db != nullptr && TheRegistry().live.count(db) != 0 && db->magic == kOpenMagic;
}

CError Use::error() {
  return {RETRO_ERROR_BAD_HANDLE,
          "the retro_db handle is NULL, closed or not one retro_open returned"};
}

}  // namespace retro::c_api
