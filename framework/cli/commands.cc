// Helpers shared by the `retro` subcommands.
#include "cli/commands.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/format.h"
#include "cli/json_envelope.h"
#include "retro/distributed/status_agreement.h"
#include "retro/distributed/world.h"
#include "retro/input_error.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"
#include "retro/thread_pool.h"

namespace retro::cli {

int ExitCodeOf(const absl::Status& status) {
  return IsInputError(status) ? kExitUsage : kExitFailure;
}

int ReportError(const absl::Status& status) {
  // One line, safe to print: newlines become spaces, control bytes escapes.
  std::string message(status.message());
  std::replace(message.begin(), message.end(), '\n', ' ');
  message = EscapeControl(message);
  distributed::Communicator& world = distributed::World();
  if (world.size() > 1 && !status.ok()) {
    // Every rank's error is said once, by rank 0; any other may be this
    // rank's alone while the others wait in a collective (commands.h).
    if (!distributed::IsAgreed(status) && !absl::IsInvalidArgument(status)) {
      world.Abort(message);
    }
    if (world.rank() != 0) return ExitCodeOf(status);
  }
  std::fprintf(stderr, "retro: error: %s\n", message.c_str());
  const JsonEnvelope& envelope = JsonEnvelope::Current();
  if (envelope.json()) {
    std::printf("%s\n", envelope.Failure(message, ExitCodeOf(status)).c_str());
  }
  return ExitCodeOf(status);
}

std::string OneLineAnswer(const Report& report) {
  std::string line = report.line.empty() ? report.text : report.line;
  std::replace_if(
      line.begin(), line.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return line;
}

int PrintReport(const Report& report, bool json) {
  if (json) {
    JsonEnvelope::Current().PrintSuccess(report.json);
  } else {
    std::printf("%s\n", report.text.c_str());
  }
  return kExitOk;
}

void PrintResultEnvelope(const std::string& failure, std::string_view result) {
  const JsonEnvelope& envelope = JsonEnvelope::Current();
  const std::string line =
      failure.empty() ? envelope.Success(result) : envelope.Failure(failure, kExitFailure, result);
  std::printf("%s\n", line.c_str());
}

absl::Status RejectLeftoverOptions(const Arguments& args, const std::string& command,
                                   const std::string& valid) {
  return args.CheckLeftovers({}, absl::StrCat("retro ", command), valid);
}

int PrintUsage(const std::string& usage) {
  std::fputs(usage.c_str(), stdout);
  return kExitOk;
}

absl::StatusOr<Arguments> StartDatabaseCommand(int argc, char** argv, int first,
                                               const std::string& command,
                                               std::span<const CommandOption> options,
                                               std::string* db) {
  RETRO_ASSIGN_OR_RETURN(Arguments args, ParseArguments(argc, argv, first, ParserFlags(options)));
  if (args.Flag("help")) return args;
  std::optional<std::string> path = args.Take("db");
  RETRO_RETURN_IF_ERROR(args.MissingValueStatus());
  if (!path.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat("retro ", command, " needs --db FILE"));
  }
  *db = *std::move(path);
  JsonEnvelope::Current().SetFile(*db);
  return args;
}

absl::StatusOr<std::unique_ptr<DatabaseSession>> OpenCommandDatabase(
    const std::string& path, const std::vector<std::string>& plugin_dirs) {
  auto session = OpenDatabaseSession(path, plugin_dirs);
  if (session.ok()) {
    JsonEnvelope& envelope = JsonEnvelope::Current();
    envelope.SetGame((*session)->file->identity().game);
    envelope.SetParameters((*session)->file->parameters());
  }
  return session;
}

absl::Status TakeIntOption(Arguments& args, const std::string& name, int64_t min, int64_t max,
                           uint64_t* value) {
  const std::optional<std::string> text = args.Take(name);
  if (!text.has_value()) return absl::OkStatus();
  RETRO_ASSIGN_OR_RETURN(const int64_t parsed, GetIntParameter({{name, *text}}, name, min, max));
  *value = static_cast<uint64_t>(parsed);
  return absl::OkStatus();
}

absl::StatusOr<int> TakeThreads(Arguments& args) {
  uint64_t threads = ThreadPool::HardwareThreads();
  RETRO_RETURN_IF_ERROR(TakeIntOption(args, "threads", 1, 1024, &threads));
  return static_cast<int>(threads);
}

absl::StatusOr<std::optional<std::string>> TakePosition(Arguments& args,
                                                        const std::string& absent) {
  std::optional<std::string> position = args.Take("position");
  if (position.has_value() && absl::StripAsciiWhitespace(*position).empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--position '", *position,
        "' is an empty position; give a position in the game's notation (retro games shows it)",
        absent.empty() ? "" : absl::StrCat(", or leave --position out ", absent)));
  }
  return position;
}

std::string GamesThatOffer(const std::vector<std::string>& plugin_dirs,
                           const std::function<bool(GameModule&)>& offers) {
  std::vector<std::string> names;
  for (const std::string& path : FindPluginFiles(PluginSearchDirs(plugin_dirs))) {
    auto plugin = LoadPlugin(path);
    if (!plugin.ok() || !offers((*plugin)->module())) continue;
    const std::string& name = (*plugin)->module().Describe().name;
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names.empty() ? std::string("none") : absl::StrJoin(names, ", ");
}

absl::Status StdoutStatus() {
  errno = 0;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return absl::OkStatus();
  const int error = errno;
  return absl::UnavailableError(
      absl::StrCat("cannot write the output to standard output",
                   error != 0 ? absl::StrCat(": ", std::strerror(error)) : std::string()));
}

}  // namespace retro::cli
