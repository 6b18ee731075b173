// `retro stats --db FILE [--json]`: per-slice statistics defined by the game.
#include <cstdio>
#include <string>

#include "cli/commands.h"
#include "cli/option_table.h"
#include "cli/progress_bar.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro stats --db FILE [--json] [--threads N] [--progress bar|plain|none]\n"
    "\n"
    "Prints per-slice statistics of a database (counts per value, longest\n"
    "distances, ...; each game defines its own).\n";

// The options of `retro stats`.
constexpr CommandOption kOptions[] = {
    {"db", "  --db FILE         the database\n"},
    kJsonOption,
    kThreadsOption,
    kPluginDirOption,
    {"progress", RETRO_CLI_PROGRESS_HELP},
};

}  // namespace

int RunStats(int argc, char** argv, int first) {
  Arguments args;
  std::string db;
  if (const std::optional<int> done = BeginDatabaseCommand(
          argc, argv, first, "stats", kOptions, UsageText(kUsageHead, kOptions), &args, &db)) {
    return *done;
  }
  auto threads = TakeThreads(args);
  if (!threads.ok()) return ReportError(threads.status());
  auto style = TakeProgressStyle(args);
  if (!style.ok()) return ReportError(style.status());
  if (auto s = RejectLeftoverOptions(args, "stats", OptionList(kOptions)); !s.ok()) {
    return ReportError(s);
  }
  auto session = OpenCommandDatabase(db, args.plugin_dirs);
  if (!session.ok()) return ReportError(session.status());
  ThreadPool pool(*threads);
  Progress progress;
  absl::StatusOr<Report> report;
  {
    ProgressBar bar(progress, *style);
    report = (*session)->Read(
        [&] { return (*session)->database->Stats(WorkContext{&pool, &progress}); });
  }
  return report.ok() ? PrintReport(*report, args.Flag("json")) : ReportError(report.status());
}

}  // namespace retro::cli
