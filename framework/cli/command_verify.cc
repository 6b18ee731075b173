// `retro verify --db FILE [--sample N]`: checksums, then an independent
// one-move consistency check of every record (or N random ones). Under
// mpirun each rank checks its share of the records and rank 0 reports the
// whole job's result.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cli/command_agreement.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/option_table.h"
#include "cli/progress_bar.h"
#include "cli/rank_table.h"
#include "retro/distributed/status_agreement.h"
#include "retro/distributed/world.h"
#include "retro/host/rank_report.h"
#include "retro/host/verify_report.h"
#include "retro/json_writer.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro verify --db FILE [--sample N] [--seed S] [--threads N] [--json]\n"
    "                    [--progress bar|plain|none]\n"
    "\n"
    "Checks a database: first the header and every slice checksum, then\n"
    "recomputes each record from its children's stored values with the game's\n"
    "rules and compares. Exit status 0 only if everything matches.\n";

// The options of `retro verify`.
constexpr CommandOption kOptions[] = {
    {"db", "  --db FILE         the database\n"},
    {"sample", "  --sample N        check N random records instead of all\n"},
    {"seed", "  --seed S          random seed for --sample [default: 1]\n"},
    kThreadsOption,
    kJsonOption,
    kPluginDirOption,
    {"progress", RETRO_CLI_PROGRESS_HELP},
};

// What `retro verify` was asked.
struct VerifyRequest {
  Arguments args;  // with --help: print the usage instead
  std::string db;
  VerifyOptions options;
  int threads = 1;
  ProgressStyle progress = ProgressStyle::kNone;
};

// Reads the command line into `*request`.
absl::Status ParseVerify(int argc, char** argv, int first, VerifyRequest* request) {
  RETRO_ASSIGN_OR_RETURN(request->args,
                         StartDatabaseCommand(argc, argv, first, "verify", kOptions, &request->db));
  Arguments& args = request->args;
  if (args.Flag("help")) return absl::OkStatus();
  RETRO_RETURN_IF_ERROR(TakeIntOption(args, "sample", 1, INT64_MAX, &request->options.sample));
  RETRO_RETURN_IF_ERROR(TakeIntOption(args, "seed", 0, INT64_MAX, &request->options.seed));
  RETRO_ASSIGN_OR_RETURN(request->threads, TakeThreads(args));
  RETRO_ASSIGN_OR_RETURN(request->progress, TakeProgressStyle(args));
  return RejectLeftoverOptions(args, "verify", OptionList(kOptions));
}

// What every rank of a distributed verify must have understood alike (not
// --threads, --json or --plugin-dir, which are each rank's own).
CommandSummary SummarizeVerify(const VerifyRequest& request) {
  if (request.args.Flag("help")) return {{"retro", "verify"}, {"--help", "", true}};
  CommandSummary summary = {{"retro", "verify"}, {"--db", request.db}};
  if (request.options.sample != 0) {
    summary.push_back({"--sample", absl::StrCat(request.options.sample)});
  }
  summary.push_back({"--seed", absl::StrCat(request.options.seed)});
  return summary;
}

}  // namespace

absl::StatusOr<int> RunVerify(int argc, char** argv, int first) {
  VerifyRequest request;
  const absl::Status parsed = ParseVerify(argc, argv, first, &request);
  // Under mpirun the ranks agree that they were all asked the same before
  // any of them reads the database.
  distributed::Communicator& world = distributed::World();
  const absl::StatusOr<CommandSummary> summary =
      parsed.ok() ? absl::StatusOr<CommandSummary>(SummarizeVerify(request)) : parsed;
  RETRO_RETURN_IF_ERROR(AgreeOnCommand(world, summary));
  if (request.args.Flag("help"))
    return world.rank() == 0 ? PrintUsage(UsageText(kUsageHead, kOptions)) : kExitOk;
  const bool json = request.args.Flag("json");
  const auto start = std::chrono::steady_clock::now();
  // 1. Checksums of the header and of every slice (checked on open, before
  //    the plugin reads anything). A rank that cannot open the database
  //    stops every rank with its error.
  auto session = OpenCommandDatabase(request.db, request.args.plugin_dirs);
  RETRO_RETURN_IF_ERROR(distributed::AgreeOnStatus(world, session.status()));
  const bool reports = world.rank() == 0;
  if (!json && reports) {
    std::printf("checksums: ok (header and %zu slices, %s)\n", (*session)->file->slices().size(),
                HumanBytes((*session)->file->file_size()).c_str());
  }
  // 2. One-move consistency of the records.
  const absl::StatusOr<VerifyResult> result = RunWithProgress(
      request.threads, reports ? request.progress : ProgressStyle::kNone, [&](WorkContext context) {
        context.communicator = &world;
        return (*session)->Read(
            [&] { return (*session)->database->Verify(request.options, context); });
      });
  if (!result.ok()) return ReportError(result.status());
  const double seconds = SecondsSince(start);
  // What every rank used (a distributed verify only).
  std::vector<distributed::RankReport> rank_reports;
  if (world.size() > 1) {
    rank_reports =
        distributed::GatherRankReports(world, distributed::MeasureThisRank(world, seconds));
  }
  if (!reports) return result->mismatches > 0 ? kExitFailure : kExitOk;
  const std::string failure = result->mismatches == 0
                                  ? std::string()
                                  : absl::StrCat(request.db, ": ", Grouped(result->mismatches),
                                                 " records are inconsistent with their children");
  if (json) {
    JsonWriter out;
    out.BeginObject();
    WriteVerifyResultMembers(*result, seconds, out);
    if (!rank_reports.empty()) WriteRankReports(out, rank_reports);
    out.EndObject();
    PrintResultEnvelope(failure, out.Take());
  } else if (result->mismatches == 0) {
    std::printf("consistency: ok (%s records checked in %s)\n",
                Grouped(result->records_checked).c_str(), HumanSeconds(seconds).c_str());
  } else {
    std::printf("consistency: FAILED, %s of %s records disagree; first: %s\n",
                Grouped(result->mismatches).c_str(), Grouped(result->records_checked).c_str(),
                result->first_mismatch.c_str());
  }
  if (!json && !rank_reports.empty()) PrintRankTable(rank_reports);
  if (!failure.empty()) {
    std::fprintf(stderr, "retro: error: %s\n", failure.c_str());
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace retro::cli
