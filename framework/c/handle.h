// The C API's handle (struct retro_db) and the registry of handles, which
// lets every entry point tell an open handle from NULL, a closed one or a
// pointer that is no handle at all without dereferencing it, and lets
// retro_close wait for the probes of its handle in progress.
//
// A probe takes no lock: the registry is a table of every retro_db ever
// made, filled once per handle and never emptied, and a retro_db is never
// freed, only reused by a later retro_open once closed (its database is
// released at close). So checking a pointer is a few atomic loads. Holding
// a handle open (Use) is two plain stores into the thread's own reader
// slot, which retro_close scans after a process-wide barrier (membarrier):
// no locked instruction on the probe's path, where an atomic increment and
// decrement cost a quarter of a binary oware probe. Where membarrier is
// not available, and for threads beyond the slots, Use counts itself in
// the handle's in_flight instead.
#ifndef RETRO_FRAMEWORK_C_HANDLE_H_
#define RETRO_FRAMEWORK_C_HANDLE_H_

#include <atomic>
#include <cstdint>
#include <memory>

#include "c/c_error.h"
#include "retro/c/retro.h"
#include "retro/host/database_session.h"

// An open database as the C API hands it out.
struct retro_db {
  // kOpen while open; kClosing once retro_close began; kFree in the pool.
  std::atomic<uint32_t> state{0};
  // The probes of this handle in progress that hold no reader slot (live
  // Use objects, also ones about to fail on a closing handle); retro_close
  // waits until none is left, and until no reader slot names the handle.
  std::atomic<int> in_flight{0};
  std::unique_ptr<retro::DatabaseSession> session;
};

namespace retro::c_api {

inline constexpr uint32_t kFree = 0;
inline constexpr uint32_t kOpen = 1;
inline constexpr uint32_t kClosing = 2;

// A handle for `session`: a closed one reused, or a new one registered.
// Null when the registry is full (kMaxHandles handles open at once).
inline constexpr size_t kMaxHandles = 1 << 16;
retro_db* Register(std::unique_ptr<DatabaseSession> session);

// Closes `db` at once (later Uses of it fail), waits for the probes
// holding a Use of it to end, releases its database and returns it to the
// pool. Does nothing for a pointer that is no open handle (also one
// another close is closing).
void Unregister(retro_db* db);

// Holds `db` open while it lives (any number of Uses at once; retro_close
// waits for them). ok() says whether `db` was an open handle; `error()`
// says why not.
class Use {
 public:
  explicit Use(retro_db* db);
  ~Use();
  Use(const Use&) = delete;
  Use& operator=(const Use&) = delete;

  bool ok() const { return ok_; }
  static CError error();
  DatabaseSession& session() const { return *db_->session; }
  const GameDescription& game() const { return db_->session->plugin->module().Describe(); }

 private:
  retro_db* db_;  // null when the pointer is no handle of the registry
  std::atomic<retro_db*>* slot_ = nullptr;  // the thread's reader slot, or null: counted
  bool ok_ = false;
};

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_HANDLE_H_
