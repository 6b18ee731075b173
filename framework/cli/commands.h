// The `retro` subcommands and what they share: error reporting, opening a
// database together with the plugin that made it, the --threads option.
#ifndef RETRO_CLI_COMMANDS_H_
#define RETRO_CLI_COMMANDS_H_

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "cli/arguments.h"
#include "cli/option_table.h"
#include "retro/database.h"
#include "retro/game_module.h"
#include "retro/host/database_session.h"
#include "retro/host/plugin_loader.h"

namespace retro::cli {

// Exit statuses of `retro`.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // runtime error, failed verification
inline constexpr int kExitUsage = 2;    // bad command line or input

// Each command: argv[first] is its first option. Returns the exit status,
// or the error that ends the command (main reports it, ReportError).
absl::StatusOr<int> RunGames(int argc, char** argv, int first);
absl::StatusOr<int> RunSolve(int argc, char** argv, int first);
absl::StatusOr<int> RunProbe(int argc, char** argv, int first);
absl::StatusOr<int> RunStats(int argc, char** argv, int first);
absl::StatusOr<int> RunVerify(int argc, char** argv, int first);
absl::StatusOr<int> RunCompare(int argc, char** argv, int first);
absl::StatusOr<int> RunPerft(int argc, char** argv, int first);
absl::StatusOr<int> RunCheck(int argc, char** argv, int first);
absl::StatusOr<int> RunPlay(int argc, char** argv, int first);
absl::StatusOr<int> RunMatch(int argc, char** argv, int first);
absl::StatusOr<int> RunExport(int argc, char** argv, int first);
absl::StatusOr<int> RunExplore(int argc, char** argv, int first);

// The exit status of a command failing with `status`: kExitUsage for
// InvalidArgument/NotFound/OutOfRange errors, kExitFailure otherwise.
int ExitCodeOf(const absl::Status& status);

// Prints "retro: error: <message>" on stderr; returns ExitCodeOf(status). In an
// MPI job of several ranks, a command-line error (InvalidArgument) or an
// error every rank agreed on (retro/distributed/status_agreement.h) is
// printed by rank 0 only; any other error ends the whole job at once
// (Communicator::Abort, naming the rank), since the other ranks may be
// waiting for this one.
int ReportError(const absl::Status& status);

// Flushes standard output: an error (with the reason) when any write to it
// failed, e.g. to a full disk or a closed descriptor.
absl::Status StdoutStatus();

// Fails with the list of valid options when `args` still holds any.
absl::Status RejectLeftoverOptions(const Arguments& args, const std::string& command,
                                   const std::string& valid);

// Reads option --`name`, if given, as a whole number in [min, max] into
// `*value` (left unchanged when the option is absent); the error names the
// option and the range.
absl::Status TakeIntOption(Arguments& args, const std::string& name, int64_t min, int64_t max,
                           uint64_t* value);

// Reads --threads (1..1024; default: every hardware thread).
absl::StatusOr<int> TakeThreads(Arguments& args);

// Takes --position: nullopt when absent; InvalidArgument when it is empty or
// blank, which is no position of any game (`absent`, if not empty, says
// what leaving the option out does, for the message).
absl::StatusOr<std::optional<std::string>> TakePosition(Arguments& args, const std::string& absent);

// The installed games (each once, in search order) whose module `offers`
// accepts, as "a, b, c", or "none": for messages saying which games offer a
// command.
std::string GamesThatOffer(const std::vector<std::string>& plugin_dirs,
                           const std::function<bool(GameModule&)>& offers);

// Prints a command's --help `usage` on stdout; returns kExitOk.
int PrintUsage(const std::string& usage);

// The start every database command shares: parses its arguments (the
// flags of its option table `options`, and --help) and, unless --help is
// given, takes --db into `*db`. Prints nothing.
absl::StatusOr<Arguments> StartDatabaseCommand(int argc, char** argv, int first,
                                               const std::string& command,
                                               std::span<const CommandOption> options,
                                               std::string* db);

// Opening a database with its plugin lives in the framework library, shared
// with the C API (retro/host/database_session.h).
using ::retro::DatabaseSession;
using ::retro::OpenDatabaseSession;

// OpenDatabaseSession for a command: the opened database's game and header
// parameters go into the command's JSON envelope (cli/json_envelope.h).
absl::StatusOr<std::unique_ptr<DatabaseSession>> OpenCommandDatabase(
    const std::string& path, const std::vector<std::string>& plugin_dirs);

// The longest input line batch probing reads (1 MiB, without its '\n').
inline constexpr size_t kMaxBatchLineBytes = size_t{1} << 20;

// A probe's answer on one line, as batch probing prints it and retro compare
// reads it: the plugin's one-line form, else its text, line breaks made
// spaces.
std::string OneLineAnswer(const Report& report);

// Prints a command's `report` (a probe's, a match's, ...): with `json`, its
// JSON in the command's envelope, else its text. Returns kExitOk.
int PrintReport(const Report& report, bool json);

// Prints the --json envelope of a command whose result can fail (verify,
// check, compare): success, or, with a non-empty `failure`, a failure of
// exit status kExitFailure that keeps the result.
void PrintResultEnvelope(const std::string& failure, std::string_view result);

// `retro probe` without --position: probes each line of `in` (trimmed) and
// writes one result line per input line to `out` (`json`: one JSON object
// per line); a bad line gives an error line. Returns kExitOk, kExitUsage
// when any line was bad, or kExitFailure at the first failed write. A line
// longer than kMaxBatchLineBytes or a failed read gets an error line naming
// the line and ends the batch (also reported, kExitUsage); memory stays
// bounded. A database file truncated under its mapping makes each later
// line an error line (DatabaseSession::Probe).
int ProbeBatch(const DatabaseSession& database, const ParameterValues& options, bool json,
               std::FILE* in, std::FILE* out);

}  // namespace retro::cli

#endif  // RETRO_CLI_COMMANDS_H_
