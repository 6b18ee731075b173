// An error test checks which error it got, not only that there was one: the
// status code and fragments of the message. A test that checked only
// `!ok()` would pass on any unrelated failure (a file not found instead of
// the damage it planted, a wrong argument before the one it meant).
//
//   EXPECT_TRUE(HasStatus(Parse("1 2"), absl::StatusCode::kInvalidArgument,
//                         {"needs 12 houses"}));
#ifndef RETRO_TESTS_FRAMEWORK_EXPECT_STATUS_H_
#define RETRO_TESTS_FRAMEWORK_EXPECT_STATUS_H_

#include <initializer_list>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"

namespace retro::testing {

// Success when `status` is an error of `code` whose message holds every
// fragment; otherwise a failure showing the status.
inline ::testing::AssertionResult HasStatus(const absl::Status& status, absl::StatusCode code,
                                            std::initializer_list<const char*> fragments) {
  if (status.code() != code) {
    return ::testing::AssertionFailure()
           << "expected code " << absl::StatusCodeToString(code) << ", got " << status;
  }
  const std::string message(status.message());
  for (const char* fragment : fragments) {
    if (message.find(fragment) == std::string::npos) {
      return ::testing::AssertionFailure()
             << "the message lacks \"" << fragment << "\": " << status;
    }
  }
  return ::testing::AssertionSuccess();
}

// The same for the error of a StatusOr.
template <typename T>
::testing::AssertionResult HasStatus(const absl::StatusOr<T>& result, absl::StatusCode code,
                                     std::initializer_list<const char*> fragments) {
  return HasStatus(result.status(), code, fragments);
}

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_EXPECT_STATUS_H_
