// `retro stats --db FILE [--json]`: per-slice statistics defined by the game.
#include <string>

#include "cli/commands.h"
#include "cli/option_table.h"
#include "cli/progress_bar.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro stats --db FILE [--json] [--threads N] [--progress bar|plain|none]\n"
    "\n"
    "Prints per-slice statistics of a database (counts per value, longest\n"
    "distances, ...; each game defines its own).\n";

// The options of `retro stats`.
constexpr CommandOption kOptions[] = {
    {"db", "  --db FILE         the database\n"}, kJsonOption, kThreadsOption, kPluginDirOption,
    {"progress", RETRO_CLI_PROGRESS_HELP},
};

}  // namespace

absl::StatusOr<int> RunStats(int argc, char** argv, int first) {
  std::string db;
  RETRO_ASSIGN_OR_RETURN(Arguments args,
                         StartDatabaseCommand(argc, argv, first, "stats", kOptions, &db));
  if (args.Flag("help")) return PrintUsage(UsageText(kUsageHead, kOptions));
  RETRO_ASSIGN_OR_RETURN(const int threads, TakeThreads(args));
  RETRO_ASSIGN_OR_RETURN(const ProgressStyle style, TakeProgressStyle(args));
  RETRO_RETURN_IF_ERROR(RejectLeftoverOptions(args, "stats", OptionList(kOptions)));
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseSession> session,
                         OpenCommandDatabase(db, args.plugin_dirs));
  const absl::StatusOr<Report> report =
      RunWithProgress(threads, style, [&](const WorkContext& context) {
        return session->Read([&] { return session->database->Stats(context); });
      });
  RETRO_RETURN_IF_ERROR(report.status());
  return PrintReport(*report, args.Flag("json"));
}

}  // namespace retro::cli
