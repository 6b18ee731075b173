// The C++ side of the Python module's Database (docs/python.md): a
// database opened with its game's plugin (retro/host/database_session.h) and
// what Python asks of it, as JSON text and statuses, without any Python
// type, so that the bindings (module.cc) only convert.
#ifndef RETRO_FRAMEWORK_PYTHON_DATABASE_HANDLE_H_
#define RETRO_FRAMEWORK_PYTHON_DATABASE_HANDLE_H_

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/game_module.h"
#include "retro/host/database_session.h"
#include "retro/host/value_chunks.h"
#include "retro/host/value_probe_cache.h"
#include "retro/input_error.h"
#include "retro/parameters.h"
#include "retro/value_probe.h"

namespace retro::python {

// A position of a batch without a value: its index and why.
struct ValueFailure {
  size_t index = 0;
  absl::Status status = {};
};

// The positions of a batch without a value worth reporting: the first, and
// the first whose error is not the position's own (IsInputError false: a
// damaged database, a game without value probes).
struct ValueFailures {
  std::optional<ValueFailure> first;
  std::optional<ValueFailure> first_not_input;
};

// An open database. Probes may run on any number of threads at once (the
// plugin's OpenDatabase allows it); the session is shared, so that NumPy
// views of its memory keep it alive after the Database is closed.
class DatabaseHandle {
 public:
  // Opens `path` (checking it as `retro probe` does) with plugins searched
  // in `plugin_dirs`, then LibraryPluginSearchDirs' (retro/host/plugin_loader.h).
  static absl::StatusOr<DatabaseHandle> Open(const std::string& path,
                                             const std::vector<std::string>& plugin_dirs);

  const std::shared_ptr<DatabaseSession>& session() const { return session_; }
  const GameDescription& game() const { return session_->plugin->module().Describe(); }

  // The game's probe parameters from `options` (names as on the command
  // line, "plies-left"), checked and completed with ResolveParameters as
  // `retro probe` does; InvalidArgument naming the problem otherwise.
  absl::StatusOr<ParameterValues> ResolveProbeOptions(const ParameterValues& options) const;

  // The JSON `retro probe --json` prints for `position`.
  absl::StatusOr<std::string> Probe(const std::string& position,
                                    const ParameterValues& resolved) const;

  // Probe for each position, in order, on `threads` threads.
  std::vector<absl::StatusOr<std::string>> ProbeMany(const std::vector<std::string>& positions,
                                                     const ParameterValues& resolved,
                                                     int threads) const;

  // The JSON `retro stats --json` prints (the plugin's report).
  absl::StatusOr<std::string> Stats(int threads) const;

  // The JSON of a verify (retro/host/verify_report.h), timed from the call.
  absl::StatusOr<std::string> Verify(const VerifyOptions& options, int threads) const;

  // The values of slice `slice` (OpenDatabase::Values).
  absl::StatusOr<SliceValues> Values(const std::string& slice,
                                     const ParameterValues& resolved) const;

  // The values of out.size() positions into `out`, in guarded reads
  // (ReadValueChunks) of a few hundred positions, `answer(first, answers)`
  // answering those from `first` on (a ValueProbe's Values or
  // ValuesOfCells of that part). The error of a file truncated under its
  // mapping is returned; otherwise every position is answered, `out`
  // holding NaN for those without a value, of which `*failures` tells.
  template <typename Answer>
  absl::Status ProbeValues(std::span<double> out, ValueFailures* failures, Answer answer) const {
    return ReadValueChunks(*session_, out.size(), answer, [&](size_t i, ValueAnswer& got) {
      if (got.status.ok()) {
        out[i] = got.value.value;
        return;
      }
      out[i] = std::numeric_limits<double>::quiet_NaN();
      if (!failures->first_not_input.has_value() && !IsInputError(got.status)) {
        failures->first_not_input = ValueFailure{i, got.status};
      }
      if (!failures->first.has_value()) failures->first = ValueFailure{i, std::move(got.status)};
    });
  }

 private:
  explicit DatabaseHandle(std::shared_ptr<DatabaseSession> session)
      : session_(std::move(session)) {}

  std::shared_ptr<DatabaseSession> session_;
};

}  // namespace retro::python

#endif  // RETRO_FRAMEWORK_PYTHON_DATABASE_HANDLE_H_
