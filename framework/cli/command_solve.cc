// `retro solve --game G [game parameters]`: builds a database and writes it
// atomically, with a progress bar and a closing summary. Finished slices are
// kept in a checkpoint folder beside the output (retro/checkpoint.h) until
// the database is written, so `--resume` continues a killed solve.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/command_agreement.h"
#include "cli/commands.h"
#include "cli/distributed_checkpoint.h"
#include "cli/format.h"
#include "cli/game_parameters.h"
#include "cli/json_envelope.h"
#include "cli/progress_bar.h"
#include "cli/rank_table.h"
#include "retro/checkpoint.h"
#include "retro/distributed/status_agreement.h"
#include "retro/distributed/world.h"
#include "retro/host/rank_report.h"
#include "retro/internal/scratch_file.h"
#include "retro/json_writer.h"
#include "retro/plugin.h"
#include "retro/status_macros.h"
#include "retro/system_memory.h"

namespace retro::cli {
namespace {

constexpr char kHostOptions[] =
    "  --game G          the game to solve (see retro games)\n"
    "  --out FILE        output file [default: derived from the parameters]\n"
    "  --threads N       worker threads [default: all hardware threads]\n"
    "  --json            print the summary as one JSON object\n"
    "  --plugin-dir DIR  also look for plugins in DIR (repeatable)\n"
    "  --no-check        skip the quick contract check (retro check) before solving\n"
    "  --resume          continue a killed solve from its checkpoint (FILE.checkpoint)\n"
    "  --no-checkpoint   keep no checkpoint of finished slices while solving\n"
    "  --checkpoint-interval SECONDS\n"
    "                    snapshot a slice in progress at most this often, so that a kill\n"
    "                    loses about this much work (0..86400) [default: 180]\n"
    "  --scratch DIR     keep large working tables in unnamed files in DIR instead of\n"
    "                    memory (gone when retro ends) [default: the output's folder]\n"
    RETRO_CLI_PROGRESS_HELP;

// Positions per slice of the contract check run before a solve: enough to
// catch a plugin that breaks its contract everywhere (a missing take-back,
// a wrong indexer), cheap next to the solve.
constexpr uint64_t kQuickCheckSample = 256;

// Runs the game's contract check on a small sample: an error naming the
// first offending position when it fails; OK when it passes or the game
// offers no check.
absl::Status QuickCheck(GameModule& module, const ParameterValues& values,
                        const WorkContext& context) {
  absl::StatusOr<CheckResult> check =
      module.Check(values, {.sample = kQuickCheckSample, .seed = 1}, context);
  if (!check.ok()) {
    return absl::IsUnimplemented(check.status()) ? absl::OkStatus() : check.status();
  }
  if (check->ok) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      "the game's contract check failed, so the database would be wrong: ",
      check->first_failure, " (retro check --game ", module.Describe().name,
      " checks more; --no-check solves anyway)"));
}

// --checkpoint-interval SECONDS, or the default.
absl::StatusOr<std::chrono::seconds> TakeCheckpointInterval(Arguments& args) {
  uint64_t seconds = FileCheckpoint::kDefaultInterval.count();
  RETRO_RETURN_IF_ERROR(TakeIntOption(args, "checkpoint-interval", 0, 86400, &seconds));
  return std::chrono::seconds(seconds);
}

// Of the plan's memory, what a rank of a distributed solve holds beyond its
// share of the rest (the most any rank does).
uint64_t ReplicatedBytes(const SolvePlan& plan) {
  return std::min(plan.estimated_memory_bytes, plan.replicated_memory_bytes != 0
                                                   ? plan.replicated_memory_bytes
                                                   : plan.estimated_file_bytes);
}

// The memory one rank of a distributed solve of `ranks` ranks needs: what
// it holds beyond its share, plus its share of the rest.
uint64_t MemoryPerRank(const SolvePlan& plan, uint64_t ranks) {
  const uint64_t replicated = ReplicatedBytes(plan);
  return replicated + (plan.estimated_memory_bytes - replicated + ranks - 1) / ranks;
}

// Under mpirun: refuses (ResourceExhausted) when the ranks this machine
// runs (Open MPI's OMPI_COMM_WORLD_LOCAL_SIZE; all of them if unknown) need
// more memory than it has available, saying how many ranks of one per
// machine like this one would fit.
absl::Status CheckMemoryPerRank(const SolvePlan& plan, int ranks) {
  const MemoryLimit limit = AvailableMemory();
  const uint64_t available = limit.bytes;
  if (available == 0) return absl::OkStatus();
  uint64_t local = static_cast<uint64_t>(ranks);
  if (const char* text = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE"); text != nullptr) {
    uint64_t parsed = 0;
    if (absl::SimpleAtoi(text, &parsed) && parsed > 0) local = parsed;
  }
  const uint64_t per_rank = MemoryPerRank(plan, ranks);
  if (per_rank * local <= available) return absl::OkStatus();
  const uint64_t split = plan.estimated_memory_bytes - ReplicatedBytes(plan);
  const uint64_t every_rank = ReplicatedBytes(plan);
  std::string fits;
  if (every_rank >= available) {
    fits = absl::StrCat("no number of ranks fits: a rank holds about ",
                        HumanBytes(every_rank), " however many there are");
  } else {
    const uint64_t needed = (split + (available - every_rank) - 1) / (available - every_rank);
    fits = needed <= 1 ? std::string("a single process on a machine like this one fits")
                       : absl::StrCat("with one rank per machine like this one, ", needed,
                                      " ranks would fit");
  }
  return absl::ResourceExhaustedError(absl::StrCat(
      "this solve needs about ", HumanBytes(per_rank), " per rank over ", ranks,
      " ranks; the ", local, " on this machine need ", HumanBytes(per_rank * local),
      ", but only ", HumanBytes(available), " is available", limit.Note(), "; ", fits));
}

// What `retro solve` was asked, read and checked before any file is made.
struct SolveRequest {
  std::string help;  // the help to print instead (--help)
  Arguments args;
  std::unique_ptr<LoadedPlugin> plugin;
  ParameterValues values;
  SolvePlan plan;
  std::string path;
  std::string scratch_directory;
  int threads = 1;
  std::chrono::seconds interval{0};
  bool resume = false;
  bool checkpointing = true;
  ProgressStyle progress = ProgressStyle::kNone;
};

// Where the working tables go: --scratch when given (an existing folder
// that takes unnamed files), else the output's folder.
absl::StatusOr<std::string> ScratchDirectory(const std::optional<std::string>& scratch,
                                             const std::string& path) {
  if (!scratch.has_value()) {
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    return folder.empty() ? std::string(".") : folder.string();
  }
  std::error_code error;
  if (scratch->empty() || !std::filesystem::is_directory(*scratch, error)) {
    // e.g. a loop of symbolic links: say why, not only that it is no folder.
    const std::string why = error ? absl::StrCat(" (", error.message(), ")") : "";
    return absl::InvalidArgumentError(absl::StrCat(
        "--scratch '", *scratch, "' is not a folder", why,
        "; give an existing folder with room for the working tables"));
  }
  if (absl::StatusOr<internal::ScratchFile> probe = internal::ScratchFile::Create(*scratch);
      !probe.ok()) {
    return absl::InvalidArgumentError(probe.status().message());
  }
  return *scratch;
}

// Reads the command line into `*request`, touching no file (but for an
// unnamed probe of --scratch).
absl::Status ParseSolve(int argc, char** argv, int first, SolveRequest* request) {
  RETRO_RETURN_IF_ERROR(StartGameCommand(argc, argv, first, "solve",
                                         {"no-check", "resume", "no-checkpoint"},
                                         "Builds the database of game G.\n", kHostOptions,
                                         &request->args, &request->plugin, &request->help));
  if (!request->help.empty()) return absl::OkStatus();
  Arguments& args = request->args;
  const GameDescription& game = request->plugin->module().Describe();
  const std::optional<std::string> out = args.Take("out");
  const std::optional<std::string> scratch = args.Take("scratch");
  auto threads = TakeThreads(args);
  absl::StatusOr<std::chrono::seconds> interval = TakeCheckpointInterval(args);
  absl::StatusOr<ProgressStyle> style = TakeProgressStyle(args);
  RETRO_RETURN_IF_ERROR(CheckGameOptions(
      args, game,
      {"--out", "--threads", "--json", "--plugin-dir", "--no-check", "--resume",
       "--no-checkpoint", "--checkpoint-interval", "--scratch", "--progress"}));
  if (!threads.ok()) return threads.status();
  if (!interval.ok()) return interval.status();
  if (!style.ok()) return style.status();
  request->progress = *style;
  request->threads = *threads;
  request->interval = *interval;
  RETRO_ASSIGN_OR_RETURN(request->values, ResolveParameters(game.solve_parameters, args.options,
                                                            absl::StrCat("game ", game.name)));
  RETRO_ASSIGN_OR_RETURN(request->plan, request->plugin->module().Plan(request->values));
  request->path = out.value_or(request->plan.default_file_name);
  JsonEnvelope::Current().SetParameters(request->plan.canonical_parameters);
  JsonEnvelope::Current().SetFile(request->path);
  RETRO_ASSIGN_OR_RETURN(request->scratch_directory, ScratchDirectory(scratch, request->path));
  request->resume = args.Flag("resume");
  request->checkpointing = !args.Flag("no-checkpoint");
  if (request->resume && !request->checkpointing) {
    return absl::InvalidArgumentError(
        "--resume continues from a checkpoint, so it cannot go with --no-checkpoint");
  }
  return absl::OkStatus();
}

// What every rank of a distributed solve must have understood alike: the
// game and its rules, the output and the checkpoint (not --threads,
// --json, --scratch or --plugin-dir, which are each rank's own).
CommandSummary SummarizeSolve(const SolveRequest& request) {
  if (!request.help.empty()) return {{"retro", "solve"}, {"--help", "", true}};
  const GameDescription& game = request.plugin->module().Describe();
  CommandSummary summary = {{"retro", "solve"},
                            {"--game", game.name},
                            {"data version", absl::StrCat(game.data_version)}};
  // The rules as the database header records them, and the parameters the
  // header leaves out when they have their default (e.g. --layout small).
  for (const auto& [key, value] : request.plan.canonical_parameters) {
    summary.push_back({absl::StrCat("--", key), value});
  }
  for (const ParameterSpec& spec : game.solve_parameters) {
    const auto it = request.values.find(spec.name);
    if (it == request.values.end()) continue;
    const std::string name = absl::StrCat("--", spec.name);
    if (std::none_of(summary.begin(), summary.end(),
                     [&](const CommandItem& item) { return item.name == name; })) {
      summary.push_back({name, it->second});
    }
  }
  summary.push_back({"--out", request.path});
  for (const char* flag : {"no-check", "resume", "no-checkpoint"}) {
    if (request.args.Flag(flag)) summary.push_back({absl::StrCat("--", flag), "", true});
  }
  summary.push_back({"--checkpoint-interval", absl::StrCat(request.interval.count())});
  return summary;
}

// `status` with, when the checkpoint keeps finished slices, where they are
// and how to continue.
absl::Status WithCheckpointNote(const absl::Status& status, const FileCheckpoint* checkpoint) {
  if (checkpoint == nullptr || checkpoint->saved() + checkpoint->restored() == 0) return status;
  return absl::Status(status.code(),
                      absl::StrCat(status.message(), " (the finished slices are kept in ",
                                   checkpoint->folder(),
                                   ": run the same command with --resume to continue)"));
}

}  // namespace

int RunSolve(int argc, char** argv, int first) {
  SolveRequest request;
  const absl::Status parsed = ParseSolve(argc, argv, first, &request);
  // Under mpirun every rank solves its part of each slice; rank 0 alone
  // writes the file and the checkpoint (docs/distributed.md). Before any
  // of that, the ranks agree that they were all asked the same (a rank
  // that could not read its command line takes part too).
  distributed::Communicator& world = distributed::World();
  const bool distributed = world.size() > 1;
  const absl::StatusOr<CommandSummary> summary =
      parsed.ok() ? absl::StatusOr<CommandSummary>(SummarizeSolve(request)) : parsed;
  if (absl::Status agreed = AgreeOnCommand(world, summary); !agreed.ok()) {
    return ReportError(agreed);
  }
  if (!request.help.empty()) {
    if (world.rank() == 0) std::fputs(request.help.c_str(), stdout);
    return kExitOk;
  }
  GameModule& module = request.plugin->module();
  const GameDescription& game = module.Describe();
  const ParameterValues& values = request.values;
  const std::string& path = request.path;
  const std::string& scratch_directory = request.scratch_directory;
  const bool resume = request.resume;
  const bool checkpointing = request.checkpointing;
  const SolvePlan& plan = request.plan;
  const int threads = request.threads;
  const std::chrono::seconds interval = request.interval;
  std::unique_ptr<AtomicFileWriter> writer;
  absl::Status output_status;
  if (world.rank() == 0) {
    auto created = AtomicFileWriter::Create(path);
    if (created.ok()) {
      writer = std::move(*created);
      // The checkpoint holds up to a copy of the database until it is written.
      output_status =
          writer->CheckFreeSpace((checkpointing ? 2 : 1) * plan.estimated_file_bytes);
    } else {
      output_status = created.status();
    }
  }
  // A distributed solve holds no temporary while the ranks work or wait for
  // each other: Open MPI may end rank 0 with SIGKILL when another rank
  // fails, which no handler can clean up after. The output was checked; it
  // is created again once the database is solved.
  if (distributed) writer.reset();
  // Under mpirun the memory is checked per rank (the game's plan checks the
  // whole solve against one machine otherwise); each rank checks its own
  // machine.
  if (distributed && output_status.ok()) output_status = CheckMemoryPerRank(plan, world.size());
  if (auto s = distributed::AgreeOnStatus(world, output_status); !s.ok()) {
    return ReportError(distributed ? s : output_status);
  }

  // The checkpoint: rank 0's folder beside the output (a single process's
  // as well); under mpirun the other ranks read it when resuming, and every
  // rank restores through one DistributedCheckpoint.
  std::unique_ptr<FileCheckpoint> checkpoint;
  std::unique_ptr<DistributedCheckpoint> shared_checkpoint;
  if (checkpointing) {
    absl::Status status;
    if (world.rank() == 0 || resume) {
      const internal::CheckpointFolder::Mode mode =
          world.rank() != 0 ? internal::CheckpointFolder::Mode::kReadOnly
          : resume          ? internal::CheckpointFolder::Mode::kResume
                            : internal::CheckpointFolder::Mode::kFresh;
      auto created = FileCheckpoint::Create(writer != nullptr ? writer->path() : path,
                                            game.name, game.data_version,
                                            plan.canonical_parameters, mode, interval);
      if (created.ok()) {
        checkpoint = std::move(*created);
      } else {
        status = created.status();
      }
    }
    if (distributed) {
      if (auto s = distributed::AgreeOnStatus(world, status); !s.ok()) return ReportError(s);
      shared_checkpoint = std::make_unique<DistributedCheckpoint>(std::move(checkpoint), world);
      checkpoint = nullptr;
    } else if (!status.ok()) {
      return ReportError(status);
    }
  }
  // Rank 0's (or the single process's) folder, for the notes below.
  FileCheckpoint* const own_checkpoint =
      shared_checkpoint != nullptr
          ? (world.rank() == 0 ? shared_checkpoint->local() : nullptr)
          : checkpoint.get();
  // Said when a resource limit ends the solve (retro/database.h).
  static std::string limit_note;
  if (own_checkpoint != nullptr) {
    limit_note = absl::StrCat("the finished work is kept in ", own_checkpoint->folder(),
                              ": raise the limit and run the same command with --resume");
    SetLimitNote(limit_note.c_str());
  }
  Checkpoint* const solve_checkpoint =
      shared_checkpoint != nullptr ? static_cast<Checkpoint*>(shared_checkpoint.get())
                                   : checkpoint.get();

  const auto start = std::chrono::steady_clock::now();
  DatabaseBuilder builder;
  for (const auto& [key, value] : plan.canonical_parameters) builder.SetParameter(key, value);
  absl::Status status;
  {
    ThreadPool pool(threads);
    Progress progress;
    // The whole job's progress is drawn by rank 0 (every rank advances
    // through the same slices and layers).
    ProgressBar bar(progress, world.rank() == 0 ? request.progress : ProgressStyle::kNone);
    const WorkContext context{&pool, &progress, solve_checkpoint, &world, scratch_directory};
    if (!request.args.Flag("no-check")) status = QuickCheck(module, values, context);
    if (status.ok()) {
      // Out of memory on any thread reaches here as an exception (the pool
      // rethrows it on the caller): an error like any other, so that the
      // checkpoint's note below is given too.
      try {
        status = module.Solve(values, context, builder);
      } catch (const std::bad_alloc&) {
        status = absl::ResourceExhaustedError("out of memory");
      }
    }
  }
  if (!status.ok()) return ReportError(WithCheckpointNote(status, own_checkpoint));
  // What every rank used, measured by each at the end of its solve (also
  // for a job of one rank, as a yardstick).
  const bool measured = distributed || distributed::LaunchedAsMpiJob();
  std::vector<distributed::RankReport> rank_reports;
  if (measured) {
    const double solve_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    rank_reports =
        distributed::GatherRankReports(world, distributed::MeasureThisRank(world, solve_seconds));
  }
  if (world.rank() != 0) return kExitOk;
  if (writer == nullptr) {
    auto created = AtomicFileWriter::Create(path);
    if (!created.ok()) return ReportError(created.status());
    writer = std::move(*created);
  }
  const DatabaseIdentity identity{game.name, kPluginAbiVersion, game.data_version,
                                  builder.codec()};
  status = writer->Commit(identity, builder);
  if (!status.ok()) return ReportError(WithCheckpointNote(status, own_checkpoint));
  const int resumed = own_checkpoint != nullptr ? own_checkpoint->restored() : 0;
  const int resumed_snapshots =
      own_checkpoint != nullptr ? own_checkpoint->snapshots_restored() : 0;
  if (own_checkpoint != nullptr) {
    if (absl::Status removed = own_checkpoint->Remove(); !removed.ok()) {
      std::fprintf(stderr, "retro: warning: %s\n", std::string(removed.message()).c_str());
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::error_code size_error;
  const uintmax_t size = std::filesystem::file_size(path, size_error);
  const uint64_t file_bytes = size_error ? 0 : size;
  const double rate = seconds > 0 ? plan.positions / seconds : 0;
  if (request.args.Flag("json")) {
    JsonWriter json;
    json.BeginObject().Key("positions").Uint(plan.positions).Key("seconds").Double(seconds);
    json.Key("positions_per_second").Double(rate).Key("threads").Int(threads);
    if (distributed) {
      json.Key("ranks").Int(world.size());
      json.Key("memory_per_rank_bytes").Uint(MemoryPerRank(plan, world.size()));
    }
    if (measured) WriteRankReports(json, rank_reports);
    json.Key("file_bytes").Uint(file_bytes).Key("resumed_slices").Int(resumed);
    json.Key("resumed_snapshots").Int(resumed_snapshots).EndObject();
    JsonEnvelope::Current().PrintSuccess(json.Take());
  } else {
    std::printf("solved %s: %s positions in %s (%s positions/s, %d thread%s%s)\n",
                game.name.c_str(), Grouped(plan.positions).c_str(),
                HumanSeconds(seconds).c_str(), HumanCount(static_cast<uint64_t>(rate)).c_str(),
                threads, threads == 1 ? "" : "s",
                distributed ? absl::StrCat(" on each of ", world.size(), " MPI ranks").c_str()
                            : "");
    std::printf("wrote %s (%s)\n", path.c_str(), HumanBytes(file_bytes).c_str());
    if (distributed) {
      std::printf("memory: about %s per rank (estimated)\n",
                  HumanBytes(MemoryPerRank(plan, world.size())).c_str());
    }
    if (measured) PrintRankTable(rank_reports);
    if (resume) {
      std::printf("resumed: %d finished slice%s%s restored from the checkpoint\n", resumed,
                  resumed == 1 ? "" : "s",
                  resumed_snapshots == 0
                      ? ""
                      : absl::StrCat(" and ", resumed_snapshots, " slice",
                                     resumed_snapshots == 1 ? "" : "s", " in progress")
                            .c_str());
    }
  }
  return kExitOk;
}

}  // namespace retro::cli
