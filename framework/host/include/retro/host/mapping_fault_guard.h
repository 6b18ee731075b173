// Keeps a read-only file mapping from killing the process when its file is
// truncated under it. A read of a mapped page past the file's new end raises
// SIGBUS; for a registered mapping, the guard's handler marks the mapping as
// faulted and then, on a thread inside RunWithFaultEscape, abandons the call
// it runs (a jump back to RunWithFaultEscape, which returns false); on any
// other thread it puts a page of zeros in place of the missing one, the
// read returning zeros. Whoever reads a mapping checks MappingFaultFlag
// afterwards and refuses what it read. Faults outside every registered
// mapping go to the handler that was installed before (by default: the
// process dies, as without the guard).
//
// Used by DatabaseFile for the files it maps rather than reads
// (retro/database.h); costs nothing on a read, one atomic load to ask.
#ifndef RETRO_HOST_MAPPING_FAULT_GUARD_H_
#define RETRO_HOST_MAPPING_FAULT_GUARD_H_

#include <atomic>
#include <cstddef>
#include <type_traits>

#include "absl/status/statusor.h"

namespace retro::internal {

// The most mappings guarded at once.
inline constexpr int kMaxGuardedMappings = 4096;

// Starts guarding the `size` bytes mapped at `address` (page-aligned), and
// installs the SIGBUS handler if another handler took its place since.
//   Returns: the slot to pass to MappingFaultFlag and UnguardMapping.
//   Errors: ResourceExhausted when kMaxGuardedMappings are guarded already;
//     Internal when the handler cannot be installed.
//   Thread safety: any thread.
absl::StatusOr<int> GuardMapping(const void* address, size_t size);

// The flag that turns true when a read of the mapping in `slot` faults
// (its file was truncated: reads since were abandoned or got zeros); valid
// for the life of the process.
//   Thread safety: any thread, also while others read the mapping.
//   Cost: one atomic load to read it.
const std::atomic<bool>* MappingFaultFlag(int slot);

// Stops guarding the mapping in `slot`; call before unmapping it.
void UnguardMapping(int slot);

// Runs call(context); a fault in a guarded mapping on this thread meanwhile
// abandons it at once and returns here. Calls may nest.
//   Returns: true when `call` returned, false when it was abandoned. An
//     abandoned call's destructors do not run (its memory is lost, a lock
//     it held stays held): use it only around reads of mapped databases,
//     which are refused (MappingFaultFlag) once one faulted.
//   Cost: a sigsetjmp without the signal mask (no system call).
bool CallWithFaultEscape(void (*call)(void*), void* context);

// CallWithFaultEscape of `fn()`.
template <typename Fn>
bool RunWithFaultEscape(Fn&& fn) {
  return CallWithFaultEscape(
      [](void* f) { (*static_cast<std::remove_reference_t<Fn>*>(f))(); }, &fn);
}

}  // namespace retro::internal

#endif  // RETRO_HOST_MAPPING_FAULT_GUARD_H_
