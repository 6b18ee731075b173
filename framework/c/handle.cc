// The registry of C API handles (handle.h).
#include "c/handle.h"

#include <mutex>
#include <utility>
#include <vector>

#include "c/reader_slots.h"

namespace retro::c_api {
namespace {

// Every retro_db ever made, in an open-addressing table of atomic slots
// filled once each (never emptied), and the closed ones waiting for reuse.
// Never destroyed: handles may be used during static destruction.
struct Registry {
  static constexpr size_t kSlots = 2 * kMaxHandles;  // a power of two
  std::atomic<retro_db*> slots[kSlots] = {};
  std::mutex mutex;  // held to make, reuse or return a handle, never to probe
  size_t made = 0;
  std::vector<retro_db*> free;
};

Registry& TheRegistry() {
  static auto* registry = new Registry;
  return *registry;
}

size_t HashOf(const retro_db* db) {
  const auto bits = reinterpret_cast<uintptr_t>(db);
  return static_cast<size_t>((bits >> 4) * 0x9E3779B97F4A7C15ull >> 40);
}

// The slot of `db` in the table: the one holding it, or else the empty
// slot where it would go (no dereference of `db`).
std::atomic<retro_db*>& SlotOf(const retro_db* db) {
  Registry& registry = TheRegistry();
  for (size_t i = HashOf(db);; ++i) {
    std::atomic<retro_db*>& slot = registry.slots[i & (Registry::kSlots - 1)];
    const retro_db* held = slot.load(std::memory_order_acquire);
    if (held == db || held == nullptr) return slot;
  }
}

// Whether `db` is a retro_db this registry made.
bool Known(const retro_db* db) {
  return db != nullptr && SlotOf(db).load(std::memory_order_acquire) == db;
}

}  // namespace

retro_db* Register(std::unique_ptr<DatabaseSession> session) {
  Registry& registry = TheRegistry();
  std::lock_guard lock(registry.mutex);
  retro_db* db = nullptr;
  if (!registry.free.empty()) {
    db = registry.free.back();
    registry.free.pop_back();
  } else {
    if (registry.made == kMaxHandles) return nullptr;
    db = new retro_db;
    ++registry.made;
    // Under the registry's mutex; the table has room (made < kMaxHandles
    // <= kSlots / 2).
    SlotOf(db).store(db, std::memory_order_release);
  }
  db->session = std::move(session);
  db->state.store(kOpen, std::memory_order_release);
  return db;
}

void Unregister(retro_db* db) {
  if (!Known(db)) return;
  uint32_t open = kOpen;
  if (!db->state.compare_exchange_strong(open, kClosing)) return;
  // No new Use holds it now; wait for those in progress: the reader slots
  // naming it (after the barrier that makes every slot written before
  // kClosing was seen visible here), and the counted ones (each wakes
  // this thread when it leaves the count at 0 on a closing handle).
  WaitUntilNoReaderSlotNames(db);
  for (int busy = db->in_flight.load(); busy != 0; busy = db->in_flight.load()) {
    db->in_flight.wait(busy);
  }
  // Released outside the registry's lock: unloading a plugin may take a
  // while.
  db->session.reset();
  Registry& registry = TheRegistry();
  std::lock_guard lock(registry.mutex);
  db->state.store(kFree, std::memory_order_release);
  registry.free.push_back(db);
}

Use::Use(retro_db* db) : db_(Known(db) ? db : nullptr) {
  if (db_ == nullptr) return;
  // The thread's reader slot names the handle before its state is read;
  // a close that stores kClosing and then runs the process-wide barrier
  // either is seen here or sees the slot (reader_slots.h).
  slot_ = MyReaderSlot();
  if (slot_ != nullptr && slot_->load(std::memory_order_relaxed) != nullptr) {
    slot_ = nullptr;  // the thread's slot is in use (a Use within a Use): counted
  }
  if (slot_ != nullptr) {
    slot_->store(db_, std::memory_order_relaxed);
    std::atomic_signal_fence(std::memory_order_seq_cst);
  } else {
    db_->in_flight.fetch_add(1);
  }
  ok_ = db_->state.load(slot_ != nullptr ? std::memory_order_relaxed : std::memory_order_seq_cst) ==
        kOpen;
}

Use::~Use() {
  if (db_ == nullptr) return;
  if (slot_ != nullptr) {
    slot_->store(nullptr, std::memory_order_release);
    return;
  }
  // The retro_db is never freed, so waking a closer after it moved on
  // touches live memory at worst for a spurious wake.
  if (db_->in_flight.fetch_sub(1) == 1 && db_->state.load() != kOpen) {
    db_->in_flight.notify_all();
  }
}

CError Use::error() {
  return {RETRO_ERROR_BAD_HANDLE,
          "the retro_db handle is NULL, closed or not one retro_open returned"};
}

}  // namespace retro::c_api
