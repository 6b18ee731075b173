// The reader slots of the C API's handles (handle.h): one per thread that
// probes, in which the thread names the handle it is using (Use) with two
// plain stores, and which retro_close scans after a process-wide memory
// barrier (Linux's membarrier, private expedited) instead of every probe
// counting itself with locked instructions. The reader stores its slot and
// then reads the handle's state; the closer stores the closing state, runs
// the barrier, then reads the slots: either the reader sees the handle
// closing or the closer sees the slot (an asymmetric Dekker barrier).
#ifndef RETRO_FRAMEWORK_C_READER_SLOTS_H_
#define RETRO_FRAMEWORK_C_READER_SLOTS_H_

#include <atomic>

struct retro_db;

namespace retro::c_api {

// The calling thread's slot, claimed on its first call and released when
// the thread ends; null when every slot is taken or the process has no
// membarrier (then the caller counts itself in the handle instead).
//   Thread safety: any thread. Cost: a thread-local load after the first.
std::atomic<retro_db*>* MyReaderSlot();

// Once `db` is closing (its state stored kClosing): runs the barrier and
// waits until no reader slot names `db`.
//   Thread safety: any thread but one holding `db` in its own slot.
void WaitUntilNoReaderSlotNames(const retro_db* db);

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_READER_SLOTS_H_
