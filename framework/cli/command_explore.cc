// `retro explore --db FILE [--db FILE ...] [--port N] [--host ADDR]`: a
// local web page to walk the positions of the databases given
// (docs/explore.md), served until Ctrl-C.
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cli/commands.h"
#include "cli/explore/explore_catalog.h"
#include "cli/explore/explore_server.h"
#include "cli/option_table.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro explore --db FILE [--db FILE ...] [--port N] [--host ADDR]\n"
    "\n"
    "Serves a web page to walk the positions of the databases given: the board,\n"
    "the value of a position and of each move, the statistics of each database.\n"
    "Only these files are read (read-only); the page and its scripts are built\n"
    "into retro. Prints the address to open, and serves until Ctrl-C.\n";

// The options of `retro explore` (--db is repeatable).
constexpr CommandOption kOptions[] = {
    {"db", "  --db FILE         a database (from retro solve); repeat for more\n"},
    {"port", "  --port N          the TCP port, 0..65535 [default: 8080; 0: a free one]\n"},
    {"host",
     "  --host ADDR       the address to listen on [default: 127.0.0.1, this\n"
     "                    machine only]\n"},
    {"threads", "  --threads N       threads of a statistics computation [default: all]\n"},
    kPluginDirOption,
};

constexpr int kDefaultPort = 8080;

// "http://HOST:PORT/", with an IPv6 address in brackets.
std::string Address(const std::string& host, int port) {
  const bool v6 = host.find(':') != std::string::npos;
  return absl::StrCat("http://", v6 ? "[" : "", host, v6 ? "]" : "", ":", port, "/");
}

// Waits for one of `signals` (SIGINT and SIGTERM, blocked in every thread,
// so only this one takes them) and stops `server`, again until `served` is
// set: a signal that comes before the server listens is not lost.
void StopOnSignal(ExploreServer& server, const std::atomic<bool>& served, const sigset_t& signals) {
  const timespec tick{0, 100 * 1000 * 1000};
  bool stopping = false;
  while (!served.load()) {
    if (!stopping) stopping = sigtimedwait(&signals, nullptr, &tick) > 0;
    if (stopping) {
      server.Stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
}

}  // namespace

absl::StatusOr<int> RunExplore(int argc, char** argv, int first) {
  // 1. The command line.
  RETRO_ASSIGN_OR_RETURN(Arguments args,
                         ParseArguments(argc, argv, first, ParserFlags(kOptions), {"db"}));
  if (args.Flag("help")) return PrintUsage(UsageText(kUsageHead, kOptions));
  const std::vector<std::string> paths = args.TakeAll("db");
  const std::string host = args.Take("host").value_or("127.0.0.1");
  uint64_t port = kDefaultPort;
  RETRO_RETURN_IF_ERROR(TakeIntOption(args, "port", 0, 65535, &port));
  RETRO_ASSIGN_OR_RETURN(const int threads, TakeThreads(args));
  RETRO_RETURN_IF_ERROR(RejectLeftoverOptions(args, "explore", OptionList(kOptions)));
  if (paths.empty()) {
    return absl::InvalidArgumentError(
        "retro explore needs --db FILE (repeat it to serve several databases)");
  }
  if (host.empty()) {
    return absl::InvalidArgumentError("--host is empty; give an address such as 127.0.0.1");
  }
  // 2. The databases, then the socket: every error before serving.
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<ExploreCatalog> catalog,
                         ExploreCatalog::Open(paths, args.plugin_dirs, threads));
  // Signals: a closed connection is an error of its write, not the end of
  // retro; SIGINT and SIGTERM go to StopOnSignal alone (blocked before any
  // server thread starts, which inherits the mask).
  signal(SIGPIPE, SIG_IGN);
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  ExploreServer server(*catalog);
  RETRO_ASSIGN_OR_RETURN(const int bound, server.Bind(host, static_cast<int>(port)));
  // 3. Serve until a signal.
  std::printf("retro explore: serving %zu database%s; open %s\n", paths.size(),
              paths.size() == 1 ? "" : "s", Address(host, bound).c_str());
  std::fflush(stdout);
  if (!server.loopback_only()) {
    std::fprintf(stderr,
                 "retro explore: warning: listening on %s, beyond this machine: anyone who can "
                 "reach port %d can read these databases (there is no authentication); use "
                 "--host 127.0.0.1 to serve this machine only\n",
                 host.c_str(), bound);
  }
  std::atomic<bool> served{false};
  std::thread stopper([&] { StopOnSignal(server, served, stop_signals); });
  const absl::Status status = server.Serve();
  served.store(true);
  stopper.join();
  RETRO_RETURN_IF_ERROR(status);
  std::printf("retro explore: stopped\n");
  return kExitOk;
}

}  // namespace retro::cli
