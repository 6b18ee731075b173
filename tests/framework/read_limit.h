// Sets RETRO_DATABASE_READ_LIMIT_MB (retro/database.h: the size up to which
// a database is read into memory, and a small file's records decompressed
// at open) for a scope; it is read at each open.
#ifndef RETRO_TESTS_FRAMEWORK_READ_LIMIT_H_
#define RETRO_TESTS_FRAMEWORK_READ_LIMIT_H_

#include <cstdlib>

namespace retro::testing {

class ReadLimit {
 public:
  explicit ReadLimit(const char* megabytes) {
    setenv("RETRO_DATABASE_READ_LIMIT_MB", megabytes, 1);
  }
  ~ReadLimit() { unsetenv("RETRO_DATABASE_READ_LIMIT_MB"); }
  ReadLimit(const ReadLimit&) = delete;
  ReadLimit& operator=(const ReadLimit&) = delete;
};

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_READ_LIMIT_H_
