// The SIGBUS guard of mapped files (retro/host/mapping_fault_guard.h).
#include "retro/host/mapping_fault_guard.h"

#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <mutex>

#include "absl/strings/str_cat.h"

namespace retro::internal {
namespace {

// One guarded mapping: [begin, end), or begin 0 when the slot is free. The
// handler reads slots without a lock, so they are atomics in static memory.
struct Slot {
  std::atomic<uintptr_t> begin{0};
  std::atomic<uintptr_t> end{0};
  std::atomic<bool> faulted{false};
};

Slot g_slots[kMaxGuardedMappings];
// The handler in place before ours, called for faults that are not ours.
struct sigaction g_previous {};
uintptr_t g_page_size = 4096;
// Serialises GuardMapping and UnguardMapping (never taken by the handler).
std::mutex g_mutex;
// Where a fault on this thread jumps to (CallWithFaultEscape), or null.
// (A thread that never ran CallWithFaultEscape may have its copy allocated
// by the handler's first read of it: the faulting read is plugin code
// reading a database, never inside malloc, so this cannot deadlock.)
thread_local sigjmp_buf* t_escape = nullptr;

void OnSigbus(int signal_number, siginfo_t* info, void* context) {
  const int saved_errno = errno;
  const auto address = reinterpret_cast<uintptr_t>(info->si_addr);
  // si_code > 0: a fault the kernel raised, not a kill() or raise().
  if (info->si_code > 0) {
    for (Slot& slot : g_slots) {
      const uintptr_t begin = slot.begin.load(std::memory_order_acquire);
      if (begin == 0 || address < begin ||
          address >= slot.end.load(std::memory_order_acquire)) {
        continue;
      }
      // Marked before the jump or the zeros: a reader who sees a zero page
      // sees the mark when it asks after its read.
      slot.faulted.store(true);
      if (t_escape != nullptr) {
        errno = saved_errno;
        siglongjmp(*t_escape, 1);  // SA_NODEFER: SIGBUS stays unblocked
      }
      void* page = reinterpret_cast<void*>(address & ~(g_page_size - 1));
      if (mmap(page, g_page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
          MAP_FAILED) {
        errno = saved_errno;
        return;  // the read is retried and reads zeros
      }
      break;
    }
  }
  errno = saved_errno;
  if ((g_previous.sa_flags & SA_SIGINFO) != 0) {
    g_previous.sa_sigaction(signal_number, info, context);
    return;
  }
  if (g_previous.sa_handler == SIG_DFL || g_previous.sa_handler == SIG_IGN) {
    // The default action: a fault retried dies of it; a sent signal is
    // sent again.
    signal(SIGBUS, SIG_DFL);
    if (info->si_code <= 0) raise(SIGBUS);
    return;
  }
  g_previous.sa_handler(signal_number);
}

// Installs OnSigbus unless it is the current handler. Under g_mutex.
bool InstallHandler() {
  struct sigaction current {};
  if (sigaction(SIGBUS, nullptr, &current) != 0) return false;
  if ((current.sa_flags & SA_SIGINFO) != 0 && current.sa_sigaction == OnSigbus) return true;
  g_page_size = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  g_previous = current;
  struct sigaction ours {};
  ours.sa_sigaction = OnSigbus;
  ours.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART | SA_NODEFER;
  sigemptyset(&ours.sa_mask);
  return sigaction(SIGBUS, &ours, nullptr) == 0;
}

}  // namespace

absl::StatusOr<int> GuardMapping(const void* address, size_t size) {
  std::lock_guard lock(g_mutex);
  if (!InstallHandler()) {
    return absl::InternalError(absl::StrCat("cannot install the SIGBUS handler of mapped "
                                            "databases: ",
                                            std::strerror(errno)));
  }
  for (int i = 0; i < kMaxGuardedMappings; ++i) {
    Slot& slot = g_slots[i];
    if (slot.begin.load() != 0) continue;
    const auto begin = reinterpret_cast<uintptr_t>(address);
    slot.faulted.store(false);
    slot.end.store(begin + size, std::memory_order_release);
    slot.begin.store(begin, std::memory_order_release);
    return i;
  }
  return absl::ResourceExhaustedError(
      absl::StrCat("more than ", kMaxGuardedMappings,
                   " large databases are open at once; close some first"));
}

const std::atomic<bool>* MappingFaultFlag(int slot) { return &g_slots[slot].faulted; }

bool CallWithFaultEscape(void (*call)(void*), void* context) {
  sigjmp_buf target;
  sigjmp_buf* const outer = t_escape;
  if (sigsetjmp(target, 0) != 0) {
    t_escape = outer;
    return false;
  }
  t_escape = &target;
  call(context);
  t_escape = outer;
  return true;
}

void UnguardMapping(int slot) {
  std::lock_guard lock(g_mutex);
  g_slots[slot].begin.store(0, std::memory_order_release);
  g_slots[slot].end.store(0, std::memory_order_release);
}

}  // namespace retro::internal
