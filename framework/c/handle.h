// The C API's handle (struct retro_db) and the registry of live handles,
// which lets every entry point tell an open handle from NULL, a closed one
// or a pointer that is no handle at all without dereferencing it, and lets
// retro_close wait for the probes of its handle in progress. The registry's
// lock is held only to look a handle up, never across a probe, so opening
// and closing go on while other threads probe.
#ifndef RETRO_FRAMEWORK_C_HANDLE_H_
#define RETRO_FRAMEWORK_C_HANDLE_H_

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>

#include "c/c_error.h"
#include "retro/c/retro.h"
#include "retro/host/database_session.h"

// An open database as the C API hands it out.
struct retro_db {
  // kOpenMagic while open; kClosedMagic once retro_close began.
  uint64_t magic = 0;
  std::unique_ptr<retro::DatabaseSession> session;
  // The probes of this handle in progress (live Use objects); retro_close
  // waits on `idle` until none is left.
  std::mutex mutex;
  std::condition_variable idle;
  int in_flight = 0;
};

namespace retro::c_api {

inline constexpr uint64_t kOpenMagic = 0x72657472'6f646221;    // "retrodb!"
inline constexpr uint64_t kClosedMagic = 0x636c6f73'65642121;  // "closed!!"

// Wraps `session` in a new handle and registers it.
retro_db* Register(std::unique_ptr<DatabaseSession> session);

// Unregisters `db` at once (later Uses of it fail), then waits for the
// probes holding a Use of it to end and destroys it. Does nothing for a
// pointer that is no live handle (also one another close is closing).
void Unregister(retro_db* db);

// Holds `db` open while it lives (any number of Uses at once; retro_close
// waits for them). ok() says whether `db` was a live handle; `error()`
// says why not.
class Use {
 public:
  explicit Use(retro_db* db);
  ~Use();
  Use(const Use&) = delete;
  Use& operator=(const Use&) = delete;

  bool ok() const { return ok_; }
  static CError error();
  const DatabaseSession& session() const { return *db_->session; }
  const GameDescription& game() const { return db_->session->plugin->module().Describe(); }

 private:
  retro_db* db_;
  bool ok_;
};

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_HANDLE_H_
