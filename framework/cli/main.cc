// The `retro` command: dispatches to the subcommands in commands.h.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

#include "cli/command_agreement.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/json_envelope.h"
#include "retro/distributed/world.h"
#include "retro/plugin.h"

namespace {

constexpr char kUsage[] =
    "retro: builds and reads endgame databases of board games (retrograde analysis)\n"
    "\n"
    "usage: retro <command> [options]\n"
    "\n"
    "commands:\n"
    "  games    list the installed game plugins and their parameters\n"
    "  solve    build a database: retro solve --game oware --seeds 9\n"
    "  probe    values of a position and its moves: retro probe --db FILE --position P\n"
    "  stats    per-slice statistics of a database\n"
    "  verify   checksums and a one-move consistency check of every record\n"
    "  perft    count the leaves of a game's move tree\n"
    "  check    check a game plugin's contract (indexer, notation, moves, take-backs)\n"
    "  play     a game engine's best move from a position: retro play --game oware\n"
    "  match    games between two players: retro match --game oware --a SPEC --b SPEC --games N\n"
    "  export   a database in another form: retro export --db FILE --format cpp --out book.h\n"
    "  explore  a local web page to walk databases' positions: retro explore --db FILE\n"
    "\n"
    "retro <command> --help describes each command.\n"
    "Plugins are searched in --plugin-dir, $RETRO_PLUGIN_PATH (colon-separated),\n"
    "the directory of this program and ../lib/retro beside it.\n";

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
  static const std::set<std::string> kCommands = {"games", "probe", "stats", "perft",
                                                  "check", "play",  "match", "export", "explore"};
  const absl::Status refused =
      kCommands.count(command) > 0
          ? absl::InvalidArgumentError(absl::StrCat(
                "retro ", EscapeControl(command),
                " runs in one process: only solve and verify run under mpirun with several "
                "ranks"))
          : absl::InvalidArgumentError(absl::StrCat(
                "unknown command '", EscapeControl(command),
                "'; valid: games, solve, probe, stats, verify, perft, check, play, match, export, "
                "explore (retro --help)"));
  return ReportError(AgreeOnCommand(retro::distributed::World(), refused));
}

// Whether the command's options (argv[2..]) ask for --json: decided before
// any parsing, so that even a malformed command line fails in JSON.
bool AsksForJson(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0) return true;
  }
  return false;
}

int RunCommand(const std::string& command, int argc, char** argv) {
  using namespace retro::cli;
  JsonEnvelope::Current().Start(EscapeControl(command), AsksForJson(argc, argv));
  // Under mpirun with several ranks only solve and verify share out their
  // work; any other command would run once per rank.
  if (retro::distributed::World().size() > 1 && command != "solve" && command != "verify") {
    return RefuseUnderMpi(command);
  }
  try {
    if (command == "games") return RunGames(argc, argv, 2);
    if (command == "solve") return RunSolve(argc, argv, 2);
    if (command == "probe") return RunProbe(argc, argv, 2);
    if (command == "stats") return RunStats(argc, argv, 2);
    if (command == "verify") return RunVerify(argc, argv, 2);
    if (command == "perft") return RunPerft(argc, argv, 2);
    if (command == "check") return RunCheck(argc, argv, 2);
    if (command == "play") return RunPlay(argc, argv, 2);
    if (command == "match") return RunMatch(argc, argv, 2);
    if (command == "export") return RunExport(argc, argv, 2);
    if (command == "explore") return RunExplore(argc, argv, 2);
  } catch (const std::bad_alloc&) {
    return ReportError(absl::ResourceExhaustedError("out of memory"));
  } catch (const std::exception& e) {
    return ReportError(absl::InternalError(e.what()));
  }
  return ReportError(absl::InvalidArgumentError(absl::StrCat(
      "unknown command '", EscapeControl(command),
      "'; valid: games, solve, probe, stats, verify, perft, check, play, match, export, explore "
      "(retro --help)")));
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
      std::fputs(kUsage, stdout);
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
