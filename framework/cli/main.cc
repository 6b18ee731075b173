// The `retro` command: dispatches to the subcommands in commands.h.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/command_agreement.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/json_envelope.h"
#include "retro/distributed/world.h"
#include "retro/plugin.h"

namespace {

// One row a command: its name, the line `retro --help` gives it, and the
// function that runs it. The usage, the dispatch and the error naming the
// valid commands are all read from this table.
struct Command {
  const char* name;
  const char* summary;
  absl::StatusOr<int> (*run)(int argc, char** argv, int first);
};

constexpr Command kCommands[] = {
    {"games", "list the installed game plugins and their parameters", retro::cli::RunGames},
    {"solve", "build a database: retro solve --game oware --seeds 9", retro::cli::RunSolve},
    {"probe", "values of a position and its moves: retro probe --db FILE --position P",
     retro::cli::RunProbe},
    {"stats", "per-slice statistics of a database", retro::cli::RunStats},
    {"verify", "checksums and a one-move consistency check of every record", retro::cli::RunVerify},
    {"compare", "a database against a reference listing: retro compare --db FILE --expected F",
     retro::cli::RunCompare},
    {"perft", "count the leaves of a game's move tree", retro::cli::RunPerft},
    {"check", "check a game plugin's contract (indexer, notation, moves, take-backs)",
     retro::cli::RunCheck},
    {"play", "a game engine's best move from a position: retro play --game oware",
     retro::cli::RunPlay},
    {"match", "games between two players: retro match --game oware --a SPEC --b SPEC --games N",
     retro::cli::RunMatch},
    {"export", "a database in another form: retro export --db FILE --format cpp --out book.h",
     retro::cli::RunExport},
    {"explore", "a local web page to walk databases' positions: retro explore --db FILE",
     retro::cli::RunExplore},
};

const Command* FindCommand(const std::string& name) {
  for (const Command& command : kCommands) {
    if (name == command.name) return &command;
  }
  return nullptr;
}

// "games, solve, ..., explore": the valid commands, for messages.
std::string CommandNames() {
  return absl::StrJoin(kCommands, ", ",
                       [](std::string* out, const Command& command) { out->append(command.name); });
}

// `retro --help`.
std::string Usage() {
  std::string usage =
      "retro: builds and reads endgame databases of board games (retrograde analysis)\n"
      "\n"
      "usage: retro <command> [options]\n"
      "\n"
      "commands:\n";
  for (const Command& command : kCommands) {
    absl::StrAppend(&usage, absl::StrFormat("  %-8s %s\n", command.name, command.summary));
  }
  absl::StrAppend(&usage,
                  "\n"
                  "retro <command> --help describes each command.\n"
                  "Plugins are searched in --plugin-dir, $RETRO_PLUGIN_PATH (colon-separated),\n"
                  "the directory of this program and ../lib/retro beside it.\n");
  return usage;
}

absl::Status UnknownCommand(const std::string& command) {
  return absl::InvalidArgumentError(absl::StrCat("unknown command '",
                                                 retro::cli::EscapeControl(command),
                                                 "'; valid: ", CommandNames(), " (retro --help)"));
}

// Occupies a closed standard descriptor with /dev/null opened the wrong way
// round (stdin write-only, stdout and stderr read-only), so that no file
// retro opens later gets descriptor 0, 1 or 2, while reading or writing it
// still fails as on a closed descriptor and is reported.
void GuardStandardDescriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int opened = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
    if (opened >= 0 && opened != fd) {
      dup2(opened, fd);
      close(opened);
    }
  }
}

// Under mpirun with several ranks, the error of a command that does not
// run there (or does not exist), agreed with the other ranks so that it is
// printed once and ends every rank, whatever command they were given.
int RefuseUnderMpi(const std::string& command) {
  using namespace retro::cli;
  const absl::Status refused =
      FindCommand(command) != nullptr
          ? absl::InvalidArgumentError(absl::StrCat(
                "retro ", EscapeControl(command),
                " runs in one process: only solve and verify run under mpirun with several "
                "ranks"))
          : UnknownCommand(command);
  return ReportError(AgreeOnCommand(retro::distributed::World(), refused));
}

// Whether the command's options (argv[2..]) ask for --json: decided before
// any parsing, so that even a malformed command line fails in JSON.
bool AsksForJson(int argc, char** argv) {
  return std::any_of(argv + 2, argv + argc,
                     [](const char* word) { return std::strcmp(word, "--json") == 0; });
}

int RunCommand(const std::string& command, int argc, char** argv) {
  using namespace retro::cli;
  JsonEnvelope::Current().Start(EscapeControl(command), AsksForJson(argc, argv));
  // Only solve and verify share out their work under mpirun with several
  // ranks; any other command would run once per rank.
  if (retro::distributed::World().size() > 1 && command != "solve" && command != "verify") {
    return RefuseUnderMpi(command);
  }
  const Command* found = FindCommand(command);
  if (found == nullptr) return ReportError(UnknownCommand(command));
  try {
    const absl::StatusOr<int> status = found->run(argc, argv, 2);
    return status.ok() ? *status : ReportError(status.status());
  } catch (const std::bad_alloc&) {
    return ReportError(absl::ResourceExhaustedError("out of memory"));
  } catch (const std::exception& e) {
    return ReportError(absl::InternalError(e.what()));
  }
}

// `retro` with no command (`word` empty), `--help` or `--version`: the
// usage or the version, printed once under mpirun, where the ranks agree
// first (a rank given this alone must not leave the others waiting).
int RunWithoutCommand(const std::string& word) {
  using namespace retro::cli;
  const bool version = word == "--version";
  const std::string asked = word.empty() ? std::string("(no command)") : version ? word : "--help";
  retro::distributed::Communicator& world = retro::distributed::World();
  if (const absl::Status agreed = AgreeOnCommand(world, CommandSummary{{"retro", asked}});
      !agreed.ok()) {
    return ReportError(agreed);
  }
  if (world.rank() == 0) {
    if (version) {
      std::printf("retro %s (plugin ABI %u)\n", RETRO_VERSION, retro::kPluginAbiVersion);
    } else {
      std::fputs(Usage().c_str(), stdout);
    }
  }
  return word.empty() ? kExitUsage : kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace retro::cli;
  GuardStandardDescriptors();
  // Joins the MPI job when launched by mpirun (docs/distributed.md);
  // otherwise MPI is never touched.
  if (const absl::Status joined = retro::distributed::ConnectWorld(&argc, &argv); !joined.ok()) {
    return ReportError(joined);
  }
  int status = kExitOk;
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 ||
      std::strcmp(argv[1], "help") == 0 || std::strcmp(argv[1], "--version") == 0) {
    status = RunWithoutCommand(argc < 2 ? "" : argv[1]);
  } else {
    status = RunCommand(argv[1], argc, argv);
  }
  // Output that could not be written is a failure, whatever the command
  // did: a full disk or a closed stdout must not look like success.
  if (const absl::Status output = StdoutStatus(); !output.ok()) {
    ReportError(output);
    status = status == kExitOk ? kExitFailure : status;
  }
  retro::distributed::DisconnectWorld();
  return status;
}
