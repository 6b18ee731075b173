// The C API's handle (struct retro_db) and the registry of live handles,
// which lets every entry point tell an open handle from NULL, a closed one
// or a pointer that is no handle at all without dereferencing it, and lets
// retro_close wait for probes in progress.
#ifndef RETRO_FRAMEWORK_C_HANDLE_H_
#define RETRO_FRAMEWORK_C_HANDLE_H_

#include <cstdint>
#include <memory>
#include <shared_mutex>

#include "c/c_error.h"
#include "retro/c/retro.h"
#include "retro/host/database_session.h"

// An open database as the C API hands it out.
struct retro_db {
  // kOpenMagic while open; kClosedMagic once retro_close began.
  uint64_t magic = 0;
  std::unique_ptr<retro::DatabaseSession> session;
};

namespace retro::c_api {

inline constexpr uint64_t kOpenMagic = 0x72657472'6f646221;    // "retrodb!"
inline constexpr uint64_t kClosedMagic = 0x636c6f73'65642121;  // "closed!!"

// Wraps `session` in a new handle and registers it.
retro_db* Register(std::unique_ptr<DatabaseSession> session);

// Unregisters and destroys `db`, after every probe holding a Use has ended.
// Does nothing for a pointer that is no live handle.
void Unregister(retro_db* db);

// Holds `db` open while it lives (shared with other probes; retro_close
// waits). ok() says whether `db` was a live handle; `error()` says why not.
class Use {
 public:
  explicit Use(retro_db* db);
  Use(const Use&) = delete;
  Use& operator=(const Use&) = delete;

  bool ok() const { return ok_; }
  static CError error();
  OpenDatabase& database() const { return *db_->session->database; }
  const GameDescription& game() const { return db_->session->plugin->module().Describe(); }

 private:
  std::shared_lock<std::shared_mutex> lock_;
  retro_db* db_;
  bool ok_;
};

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_HANDLE_H_
