// The Python module's database, C++ side (database_handle.h).
#include "python/database_handle.h"

#include <chrono>
#include <utility>

#include "absl/strings/str_cat.h"
#include "retro/host/plugin_loader.h"
#include "retro/host/verify_report.h"
#include "retro/status_macros.h"
#include "retro/thread_pool.h"

namespace retro::python {
absl::StatusOr<DatabaseHandle> DatabaseHandle::Open(const std::string& path,
                                                    const std::vector<std::string>& plugin_dirs) {
  RETRO_ASSIGN_OR_RETURN(auto session,
                         OpenDatabaseSessionIn(path, LibraryPluginSearchDirs(plugin_dirs)));
  return DatabaseHandle(std::shared_ptr<DatabaseSession>(std::move(session)));
}

absl::StatusOr<ParameterValues> DatabaseHandle::ResolveProbeOptions(
    const ParameterValues& options) const {
  return ResolveParameters(game().probe_parameters, options, absl::StrCat("probing ", game().name));
}

absl::StatusOr<std::string> DatabaseHandle::Probe(const std::string& position,
                                                  const ParameterValues& resolved) const {
  RETRO_ASSIGN_OR_RETURN(Report report, session_->Probe(position, resolved));
  return std::move(report.json);
}

std::vector<absl::StatusOr<std::string>> DatabaseHandle::ProbeMany(
    const std::vector<std::string>& positions, const ParameterValues& resolved, int threads) const {
  std::vector<absl::StatusOr<std::string>> answers(positions.size());
  ThreadPool pool(threads);
  pool.ParallelFor(0, positions.size(), 256, [&](int, uint64_t begin, uint64_t end) {
    for (uint64_t i = begin; i < end; ++i) answers[i] = Probe(positions[i], resolved);
  });
  return answers;
}

absl::StatusOr<std::string> DatabaseHandle::Stats(int threads) const {
  ThreadPool pool(threads);
  Progress progress;
  RETRO_ASSIGN_OR_RETURN(Report report, session_->Read([&] {
    return session_->database->Stats(WorkContext{&pool, &progress});
  }));
  return std::move(report.json);
}

absl::StatusOr<std::string> DatabaseHandle::Verify(const VerifyOptions& options,
                                                   int threads) const {
  const auto start = std::chrono::steady_clock::now();
  ThreadPool pool(threads);
  Progress progress;
  RETRO_ASSIGN_OR_RETURN(const VerifyResult result, session_->Read([&] {
    return session_->database->Verify(options, WorkContext{.pool = &pool, .progress = &progress});
  }));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return VerifyResultJson(result, seconds);
}

absl::StatusOr<SliceValues> DatabaseHandle::Values(const std::string& slice,
                                                   const ParameterValues& resolved) const {
  // Values computed from the file read it here; a view is read later, by
  // NumPy, and gets zeros where the file was cut.
  return session_->Read([&] { return session_->database->Values(slice, resolved); });
}

}  // namespace retro::python
