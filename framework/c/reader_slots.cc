// The reader slots of the C API's handles (reader_slots.h).
#include "c/reader_slots.h"

#include <linux/membarrier.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstddef>
#include <thread>

namespace retro::c_api {
namespace {

constexpr size_t kSlots = 1024;

// One thread's slot, on a cache line of its own.
struct alignas(64) Slot {
  std::atomic<retro_db*> db{nullptr};
  std::atomic<bool> taken{false};
};

Slot* Slots() {
  static auto* slots = new Slot[kSlots];
  return slots;
}

// Whether the process may run the barrier: registered once for it.
bool BarrierAvailable() {
  static const bool available = [] {
    const long commands = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    return commands >= 0 && (commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0 &&
           syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
  }();
  return available;
}

// The key whose destructor releases a thread's slot when the thread ends.
pthread_key_t ReleaseKey() {
  static const pthread_key_t key = [] {
    pthread_key_t k;
    pthread_key_create(&k, [](void* slot) {
      static_cast<Slot*>(slot)->taken.store(false, std::memory_order_release);
    });
    return k;
  }();
  return key;
}

// The thread's slot, once claimed (null: none could be). Initial-exec:
// read at a fixed offset from the thread pointer, without a call to
// __tls_get_addr on every probe (glibc keeps room for a few bytes of such
// storage in libraries loaded later with dlopen, as ctypes does).
struct ThreadSlot {
  std::atomic<retro_db*>* slot = nullptr;
  bool claimed = false;
};
thread_local ThreadSlot mine __attribute__((tls_model("initial-exec")));

std::atomic<retro_db*>* Claim() {
  if (!BarrierAvailable()) return nullptr;
  Slot* slots = Slots();
  for (size_t i = 0; i < kSlots; ++i) {
    if (slots[i].taken.load(std::memory_order_relaxed) ||
        slots[i].taken.exchange(true, std::memory_order_acquire)) {
      continue;
    }
    if (pthread_setspecific(ReleaseKey(), &slots[i]) != 0) {
      slots[i].taken.store(false, std::memory_order_release);
      return nullptr;
    }
    return &slots[i].db;
  }
  return nullptr;
}

}  // namespace

std::atomic<retro_db*>* MyReaderSlot() {
  ThreadSlot& thread = mine;
  if (thread.claimed) [[likely]]
    return thread.slot;
  thread.claimed = true;
  thread.slot = Claim();
  return thread.slot;
}

void WaitUntilNoReaderSlotNames(const retro_db* db) {
  if (!BarrierAvailable()) return;  // no slot was ever claimed
  // (A process forked from the one that registered registers again.)
  if (syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0) {
    syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0);
    syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
  }
  const Slot* slots = Slots();
  for (bool named = true; named;) {
    named = false;
    for (size_t i = 0; i < kSlots && !named; ++i) {
      named = slots[i].db.load(std::memory_order_acquire) == db;
    }
    if (named) std::this_thread::yield();
  }
}

}  // namespace retro::c_api
