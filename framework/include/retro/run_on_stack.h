// RunOnStack: runs a function on a thread of its own whose stack has a size
// the caller chooses, for a deep recursion (a game engine's search) that must
// not depend on `ulimit -s`, which sizes the main thread's stack and, under
// glibc, every thread std::thread starts.
#ifndef RETRO_RUN_ON_STACK_H_
#define RETRO_RUN_ON_STACK_H_

#include <pthread.h>

#include <cstddef>
#include <cstring>
#include <exception>
#include <functional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace retro {

// Runs `body` on a new thread with a stack of `stack_bytes` and waits for it.
// An exception `body` throws is thrown again here. Fails (ResourceExhausted)
// when the thread cannot start, e.g. when the address space is too small for
// its stack; `body` has then not run.
inline absl::Status RunOnStack(size_t stack_bytes, const std::function<void()>& body) {
  struct Call {
    const std::function<void()>* body;
    std::exception_ptr error;
  } call{&body, nullptr};
  pthread_attr_t attributes;
  if (int error = pthread_attr_init(&attributes); error != 0) {
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot start a thread: ", std::strerror(error)));
  }
  int error = pthread_attr_setstacksize(&attributes, stack_bytes);
  pthread_t thread;
  if (error == 0) {
    error = pthread_create(
        &thread, &attributes,
        [](void* argument) -> void* {
          auto* c = static_cast<Call*>(argument);
          try {
            (*c->body)();
          } catch (...) {
            c->error = std::current_exception();
          }
          return nullptr;
        },
        &call);
  }
  pthread_attr_destroy(&attributes);
  if (error != 0) {
    return absl::ResourceExhaustedError(absl::StrCat("cannot start a thread with a ",
                                                     stack_bytes >> 10, " KiB stack: ",
                                                     std::strerror(error)));
  }
  pthread_join(thread, nullptr);
  if (call.error) std::rethrow_exception(call.error);
  return absl::OkStatus();
}

}  // namespace retro

#endif  // RETRO_RUN_ON_STACK_H_
