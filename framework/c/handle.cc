// The registry of live C API handles (handle.h).
#include "c/handle.h"

#include <mutex>
#include <unordered_set>
#include <utility>

namespace retro::c_api {
namespace {

// Never destroyed: handles may be closed during static destruction.
struct Registry {
  std::mutex mutex;  // held only to look up, add or remove a handle
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
  std::lock_guard lock(registry.mutex);
  registry.live.insert(db.get());
  return db.release();
}

void Unregister(retro_db* db) {
  Registry& registry = TheRegistry();
  {
    std::lock_guard lock(registry.mutex);
    if (registry.live.erase(db) == 0) return;
    db->magic = kClosedMagic;
  }
  // No new Use finds it now; wait for those in progress.
  {
    std::unique_lock lock(db->mutex);
    db->idle.wait(lock, [db] { return db->in_flight == 0; });
  }
  // Destroyed outside every lock: unloading a plugin may take a while.
  delete db;
}

Use::Use(retro_db* db) : db_(db), ok_(false) {
  Registry& registry = TheRegistry();
  std::lock_guard lock(registry.mutex);
  ok_ = db != nullptr && registry.live.count(db) != 0 && db->magic == kOpenMagic;
  if (ok_) {
    std::lock_guard count(db->mutex);
    ++db->in_flight;
  }
}

Use::~Use() {
  if (!ok_) return;
  // Notified under the lock: the closing thread, woken, destroys `db` only
  // after this unlock.
  std::lock_guard lock(db_->mutex);
  if (--db_->in_flight == 0) db_->idle.notify_all();
}

CError Use::error() {
  return {RETRO_ERROR_BAD_HANDLE,
          "the retro_db handle is NULL, closed or not one retro_open returned"};
}

}  // namespace retro::c_api
