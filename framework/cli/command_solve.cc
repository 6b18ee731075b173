// `retro solve --game G [game parameters]`: builds a database and writes it
// atomically, with a progress bar and a closing summary. Finished slices are
// kept in a checkpoint folder beside the output (retro/checkpoint.h) until
// the database is written, so `--resume` continues a killed solve.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <new>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/cord.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/command_agreement.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/game_parameters.h"
#include "cli/heap_reuse.h"
#include "cli/json_envelope.h"
#include "cli/option_table.h"
#include "cli/progress_bar.h"
#include "cli/rank_table.h"
#include "retro/checkpoint.h"
#include "retro/distributed/memory_per_rank.h"
#include "retro/distributed/status_agreement.h"
#include "retro/distributed/world.h"
#include "retro/host/atomic_file_writer.h"
#include "retro/host/distributed_checkpoint.h"
#include "retro/host/file_checkpoint.h"
#include "retro/host/rank_report.h"
#include "retro/internal/scratch_file.h"
#include "retro/json_writer.h"
#include "retro/plugin.h"
#include "retro/status_macros.h"
#include "retro/system_memory.h"

namespace retro::cli {
namespace {

// The options of `retro solve` besides the game's parameters.
constexpr CommandOption kHostOptions[] = {
    {"game", "  --game G          the game to solve (see retro games)\n"},
    {"out", "  --out FILE        output file [default: derived from the parameters]\n"},
    kThreadsOption,
    {"json", "  --json            print the summary as one JSON object\n", true},
    kPluginDirOption,
    {"no-check", "  --no-check        skip the quick contract check (retro check) before solving\n",
     true},
    {"resume",
     "  --resume          continue a killed solve from its checkpoint (FILE.checkpoint)\n", true},
    {"no-checkpoint", "  --no-checkpoint   keep no checkpoint of finished slices while solving\n",
     true},
    {"checkpoint-interval",
     "  --checkpoint-interval SECONDS\n"
     "                    snapshot a slice in progress at most this often, so that a kill\n"
     "                    loses about this much work (0..86400) [default: 180]\n"},
    {"scratch",
     "  --scratch DIR     keep large working tables in unnamed files in DIR instead of\n"
     "                    memory (gone when retro ends) [default: the output's folder]\n"},
    {"progress", RETRO_CLI_PROGRESS_HELP},
};

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
      "the game's contract check failed, so the database would be wrong: ", check->first_failure,
      " (retro check --game ", module.Describe().name, " checks more; --no-check solves anyway)"));
}

// What `retro solve` was asked, read and checked before any file is made.
struct SolveRequest {
  std::string help;  // the help to print instead (--help)
  Arguments args;
  std::unique_ptr<LoadedPlugin> plugin;
  ParameterValues values;
  SolvePlan plan;
  MemoryLimit memory;  // what this machine has for the solve
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
    return absl::InvalidArgumentError(
        absl::StrCat("--scratch '", *scratch, "' is not a folder", why,
                     "; give an existing folder with room for the working tables"));
  }
  if (absl::StatusOr<internal::ScratchFile> probe = internal::ScratchFile::Create(*scratch);
      !probe.ok()) {
    return absl::InvalidArgumentError(probe.status().message());
  }
  return *scratch;
}

// Reads the command line of one of `ranks` ranks into `*request`, touching
// no file (but for an unnamed probe of --scratch).
absl::Status ParseSolve(int argc, char** argv, int first, int ranks, SolveRequest* request) {
  RETRO_RETURN_IF_ERROR(StartGameCommand(argc, argv, first, "solve", kHostOptions,
                                         "Builds the database of game G.\n", &request->args,
                                         &request->plugin, &request->help));
  if (!request->help.empty()) return absl::OkStatus();
  Arguments& args = request->args;
  const GameDescription& game = request->plugin->module().Describe();
  const std::optional<std::string> out = args.Take("out");
  const std::optional<std::string> scratch = args.Take("scratch");
  auto threads = TakeThreads(args);
  uint64_t interval = FileCheckpoint::kDefaultInterval.count();
  const absl::Status interval_taken =
      TakeIntOption(args, "checkpoint-interval", 0, 86400, &interval);
  absl::StatusOr<ProgressStyle> style = TakeProgressStyle(args);
  RETRO_RETURN_IF_ERROR(CheckGameOptions(args, game, OptionNames(kHostOptions, "game")));
  if (!threads.ok()) return threads.status();
  RETRO_RETURN_IF_ERROR(interval_taken);
  if (!style.ok()) return style.status();
  request->progress = *style;
  request->threads = *threads;
  request->interval = std::chrono::seconds(interval);
  RETRO_ASSIGN_OR_RETURN(request->values, ResolveParameters(game.solve_parameters, args.options,
                                                            absl::StrCat("game ", game.name)));
  request->memory = AvailableMemory();
  RETRO_ASSIGN_OR_RETURN(
      request->plan,
      request->plugin->module().Plan(
          request->values, {.ranks = ranks, .available_memory_bytes = request->memory.bytes}));
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
  CommandSummary summary = {
      {"retro", "solve"}, {"--game", game.name}, {"data version", absl::StrCat(game.data_version)}};
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
// and how to continue; unchanged when it is the checkpoint's own error (it
// names the folder and says what to do, e.g. for a damaged slice). Its
// payloads are kept: an error the ranks agreed on
// (retro/distributed/status_agreement.h) stays agreed, so that it is
// reported once, with its rank prefix once, instead of aborting the job.
absl::Status WithCheckpointNote(const absl::Status& status, const FileCheckpoint* checkpoint) {
  if (checkpoint == nullptr || checkpoint->saved() + checkpoint->restored() == 0) return status;
  if (absl::StrContains(status.message(), checkpoint->folder())) return status;
  absl::Status noted(
      status.code(),
      absl::StrCat(status.message(), " (the finished slices are kept in ", checkpoint->folder(),
                   ": run the same command with --resume to continue)"));
  status.ForEachPayload([&noted](absl::string_view type_url, const absl::Cord& payload) {
    noted.SetPayload(type_url, payload);
  });
  return noted;
}

// On rank 0, creates the output's temporary and checks the output's free
// space; a distributed solve drops the temporary again: Open MPI may end
// rank 0 with SIGKILL when another rank fails, which no handler can clean
// up after, so it is created again once the database is solved.
absl::Status PrepareOutput(const SolveRequest& request, const distributed::Communicator& world,
                           std::unique_ptr<AtomicFileWriter>* writer) {
  if (world.rank() != 0) return absl::OkStatus();
  RETRO_ASSIGN_OR_RETURN(*writer, AtomicFileWriter::Create(request.path));
  // The checkpoint holds up to a copy of the database until it is written.
  const absl::Status free_space = (*writer)->CheckFreeSpace((request.checkpointing ? 2 : 1) *
                                                            request.plan.estimated_file_bytes);
  if (world.size() > 1) writer->reset();
  return free_space;
}

// The checkpoint of a solve: rank 0's folder beside the output (a single
// process's as well); under mpirun the other ranks read it when resuming,
// and every rank restores through one DistributedCheckpoint.
struct SolveCheckpoint {
  std::unique_ptr<FileCheckpoint> file;                        // a single process's
  std::unique_ptr<distributed::DistributedCheckpoint> shared;  // under mpirun
  FileCheckpoint* own = nullptr;  // rank 0's (or the single process's) folder, for notes
  Checkpoint* solver = nullptr;   // what the solve saves to and restores from
};

// This rank's view of the checkpoint folder: rank 0's writes it, another
// rank's only reads it when resuming (null otherwise).
absl::StatusOr<std::unique_ptr<FileCheckpoint>> OpenCheckpointFolder(
    const SolveRequest& request, int rank, const AtomicFileWriter* writer) {
  if (rank != 0 && !request.resume) return nullptr;
  const internal::CheckpointFolder::Mode mode =
      rank != 0        ? internal::CheckpointFolder::Mode::kReadOnly
      : request.resume ? internal::CheckpointFolder::Mode::kResume
                       : internal::CheckpointFolder::Mode::kFresh;
  const GameDescription& game = request.plugin->module().Describe();
  return FileCheckpoint::Create(writer != nullptr ? writer->path() : request.path, game.name,
                                game.data_version, request.plan.canonical_parameters, mode,
                                request.interval);
}

// Opens the checkpoint (none with --no-checkpoint); the ranks of a
// distributed solve agree on whether they could. Sets the note a resource
// limit ending the solve gives (retro/database.h).
absl::Status OpenCheckpoint(const SolveRequest& request, distributed::Communicator& world,
                            const AtomicFileWriter* writer, SolveCheckpoint* checkpoint) {
  if (!request.checkpointing) return absl::OkStatus();
  absl::StatusOr<std::unique_ptr<FileCheckpoint>> folder =
      OpenCheckpointFolder(request, world.rank(), writer);
  if (world.size() == 1) {
    RETRO_ASSIGN_OR_RETURN(checkpoint->file, std::move(folder));
    checkpoint->own = checkpoint->file.get();
    checkpoint->solver = checkpoint->file.get();
  } else {
    RETRO_RETURN_IF_ERROR(distributed::AgreeOnStatus(world, folder.status()));
    checkpoint->shared =
        std::make_unique<distributed::DistributedCheckpoint>(std::move(*folder), world);
    checkpoint->own = world.rank() == 0 ? checkpoint->shared->local() : nullptr;
    checkpoint->solver = checkpoint->shared.get();
  }
  static std::string limit_note;
  if (checkpoint->own != nullptr) {
    limit_note = absl::StrCat("the finished work is kept in ", checkpoint->own->folder(),
                              ": raise the limit and run the same command with --resume");
    SetLimitNote(limit_note.c_str());
  }
  return absl::OkStatus();
}

// Checks the game's contract on a sample (unless --no-check), then solves
// into `builder` with the request's threads and progress (drawn by rank 0:
// every rank advances through the same slices and layers).
absl::Status SolveInto(const SolveRequest& request, distributed::Communicator& world,
                       Checkpoint* checkpoint, DatabaseBuilder& builder) {
  GameModule& module = request.plugin->module();
  for (const auto& [key, value] : request.plan.canonical_parameters) {
    builder.SetParameter(key, value);
  }
  ThreadPool pool(request.threads);
  Progress progress;
  ProgressBar bar(progress, world.rank() == 0 ? request.progress : ProgressStyle::kNone);
  const WorkContext context{&pool, &progress, checkpoint, &world, request.scratch_directory};
  if (!request.args.Flag("no-check")) {
    RETRO_RETURN_IF_ERROR(QuickCheck(module, request.values, context));
  }
  // Out of memory on any thread reaches here as an exception (the pool
  // rethrows it on the caller): an error like any other, so that the
  // checkpoint's note is given too.
  try {
    return module.Solve(request.values, context, builder);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError("out of memory");
  }
}

// The check of a resumed solve's written file (its temporary, `written`)
// before it takes the output's name: every record of each slice restored
// from `checkpoint`, finished or in progress, is recomputed from its
// children with the game's rules and compared, as `retro verify` does. The
// kits' restore checks see one slice's bytes alone (every byte a value,
// counters in range); a value changed into another valid one, its
// checksums recomputed, only this finds. All records, not a sample: one
// changed record is enough to make a wrong database, and a full check of a
// slice costs about 0.8 of solving it (docs/benchmarks.md), still less
// than solving it again. Refuses, naming the folder, on any mismatch.
absl::Status VerifyRestoredSlices(const SolveRequest& request, const FileCheckpoint& checkpoint,
                                  const std::string& written) {
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseFile> file,
                         DatabaseFile::Open(written, /*verify_slices=*/false));
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<OpenDatabase> database,
                         request.plugin->module().Open(*file));
  // One process checks (communicator null): only rank 0 writes.
  const absl::StatusOr<VerifyResult> result =
      RunWithProgress(request.threads, request.progress, [&](const WorkContext& context) {
        return database->Verify({.slices = checkpoint.restored_slices()}, context);
      });
  if (!result.ok()) return result.status();
  if (result->mismatches == 0) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      "checkpoint ", checkpoint.folder(), " is damaged: the slices restored from it (",
      absl::StrJoin(checkpoint.restored_slices(), ", "), ") disagree with the game's rules at ",
      Grouped(result->mismatches), " of ", Grouped(result->records_checked),
      " records; first: ", result->first_mismatch, "; ", request.path,
      " was not written; delete the folder or solve without --resume to start afresh"));
}

// On rank 0, writes the database (creating the output's temporary again
// after a distributed solve) and removes the checkpoint, warning when it
// cannot. A resumed solve's file is checked first (VerifyRestoredSlices).
// An error writing says where the finished slices are kept.
absl::Status WriteDatabase(const SolveRequest& request, const DatabaseBuilder& builder,
                           std::unique_ptr<AtomicFileWriter> writer, FileCheckpoint* checkpoint) {
  if (writer == nullptr) {
    RETRO_ASSIGN_OR_RETURN(writer, AtomicFileWriter::Create(request.path));
  }
  const GameDescription& game = request.plugin->module().Describe();
  const DatabaseIdentity identity{game.name, kPluginAbiVersion, game.data_version, builder.codec()};
  AtomicFileWriter::WrittenCheck check = nullptr;
  if (checkpoint != nullptr && !checkpoint->restored_slices().empty()) {
    check = [&request, checkpoint](const std::string& written) {
      return VerifyRestoredSlices(request, *checkpoint, written);
    };
  }
  if (absl::Status status =
          writer->Commit(identity, builder, AtomicFileWriter::Durability::kSynced, check);
      !status.ok()) {
    return WithCheckpointNote(status, checkpoint);
  }
  if (checkpoint != nullptr) {
    if (absl::Status removed = checkpoint->Remove(); !removed.ok()) {
      std::fprintf(stderr, "retro: warning: %s\n", std::string(removed.message()).c_str());
    }
  }
  return absl::OkStatus();
}

// What the closing summary reports of a finished solve.
struct SolveOutcome {
  double seconds = 0;
  uint64_t file_bytes = 0;
  int resumed = 0;                // finished slices restored from the checkpoint
  int resumed_snapshots = 0;      // slices in progress restored
  bool checkpoint_found = false;  // --resume had a checkpoint to resume from
  int ranks = 1;
  bool measured = false;  // rank_reports were gathered (under mpirun)
  std::vector<distributed::RankReport> rank_reports;
};

// The summary as one JSON object (--json).
void PrintJsonSummary(const SolveRequest& request, const SolveOutcome& outcome) {
  const double rate = outcome.seconds > 0 ? request.plan.positions / outcome.seconds : 0;
  JsonWriter json;
  json.BeginObject().Key("positions").Uint(request.plan.positions);
  json.Key("seconds").Double(outcome.seconds);
  json.Key("positions_per_second").Double(rate).Key("threads").Int(request.threads);
  if (outcome.ranks > 1) {
    json.Key("ranks").Int(outcome.ranks);
    json.Key("memory_per_rank_bytes").Uint(distributed::MemoryPerRank(request.plan, outcome.ranks));
  }
  if (outcome.measured) WriteRankReports(json, outcome.rank_reports);
  json.Key("file_bytes").Uint(outcome.file_bytes).Key("resumed_slices").Int(outcome.resumed);
  json.Key("resumed_snapshots").Int(outcome.resumed_snapshots).EndObject();
  JsonEnvelope::Current().PrintSuccess(json.Take());
}

// The summary for people: positions, time and rate, the file, the memory
// per rank and what each rank used (under mpirun), and what was resumed.
void PrintTextSummary(const SolveRequest& request, const SolveOutcome& outcome) {
  const double rate = outcome.seconds > 0 ? request.plan.positions / outcome.seconds : 0;
  const int threads = request.threads;
  const bool distributed = outcome.ranks > 1;
  std::printf("solved %s: %s positions in %s (%s positions/s, %d thread%s%s)\n",
              request.plugin->module().Describe().name.c_str(),
              Grouped(request.plan.positions).c_str(), HumanSeconds(outcome.seconds).c_str(),
              HumanCount(static_cast<uint64_t>(rate)).c_str(), threads, threads == 1 ? "" : "s",
              distributed ? absl::StrCat(" on each of ", outcome.ranks, " MPI ranks").c_str() : "");
  std::printf("wrote %s (%s)\n", request.path.c_str(), HumanBytes(outcome.file_bytes).c_str());
  if (distributed) {
    std::printf("memory: about %s per rank (estimated)\n",
                HumanBytes(distributed::MemoryPerRank(request.plan, outcome.ranks)).c_str());
  }
  if (outcome.measured) PrintRankTable(outcome.rank_reports);
  if (!request.resume) return;
  if (!outcome.checkpoint_found) {
    std::printf("resumed: no checkpoint (%s.checkpoint) was found, so the solve started afresh\n",
                request.path.c_str());
    return;
  }
  const int resumed = outcome.resumed, snapshots = outcome.resumed_snapshots;
  std::printf("resumed: %d finished slice%s%s restored from the checkpoint\n", resumed,
              resumed == 1 ? "" : "s",
              snapshots == 0 ? ""
                             : absl::StrCat(" and ", snapshots, " slice", snapshots == 1 ? "" : "s",
                                            " in progress")
                                   .c_str());
}

// The size of the file at `path`, 0 if it cannot be read.
uint64_t FileBytes(const std::string& path) {
  std::error_code error;
  const uintmax_t size = std::filesystem::file_size(path, error);
  return error ? 0 : size;
}

}  // namespace

// Under mpirun every rank solves its part of each slice; rank 0 alone
// writes the file and the checkpoint (docs/distributed.md).
absl::StatusOr<int> RunSolve(int argc, char** argv, int first) {
  // 1. The command line, which every rank must have understood alike (a
  //    rank that could not read its own takes part too).
  distributed::Communicator& world = distributed::World();
  SolveRequest request;
  const absl::Status parsed = ParseSolve(argc, argv, first, world.size(), &request);
  const absl::StatusOr<CommandSummary> summary =
      parsed.ok() ? absl::StatusOr<CommandSummary>(SummarizeSolve(request)) : parsed;
  RETRO_RETURN_IF_ERROR(AgreeOnCommand(world, summary));
  if (!request.help.empty()) return world.rank() == 0 ? PrintUsage(request.help) : kExitOk;
  // 2. Memory and output, before any work: the ranks agree. Each rank
  //    refuses (ResourceExhausted) when the ranks on its machine need more
  //    memory than it has.
  const bool distributed = world.size() > 1;
  std::unique_ptr<AtomicFileWriter> writer;
  absl::Status ready = distributed::CheckSolveFitsMemory(
      request.plan, request.plugin->module().Describe().name, world.size(),
      distributed::RanksOnThisMachine(world.size()), request.memory);
  if (ready.ok()) ready = PrepareOutput(request, world, &writer);
  if (auto s = distributed::AgreeOnStatus(world, ready); !s.ok()) return distributed ? s : ready;
  // 3. The checkpoint, then the solve, whose freed heap memory is kept
  //    for its next lists.
  KeepFreedHeapForReuse();
  SolveCheckpoint checkpoint;
  RETRO_RETURN_IF_ERROR(OpenCheckpoint(request, world, writer.get(), &checkpoint));
  const auto start = std::chrono::steady_clock::now();
  DatabaseBuilder builder;
  if (absl::Status s = SolveInto(request, world, checkpoint.solver, builder); !s.ok()) {
    return ReportError(WithCheckpointNote(s, checkpoint.own));
  }
  // 4. What every rank used, measured by each at the end of its solve (also
  //    for a job of one rank, as a yardstick).
  SolveOutcome outcome;
  outcome.ranks = world.size();
  outcome.measured = distributed || distributed::LaunchedAsMpiJob();
  if (outcome.measured) {
    outcome.rank_reports = distributed::GatherRankReports(
        world, distributed::MeasureThisRank(world, SecondsSince(start)));
  }
  if (world.rank() != 0) return kExitOk;
  // 5. The file, and the summary.
  if (checkpoint.own != nullptr) {
    outcome.resumed = checkpoint.own->restored();
    outcome.resumed_snapshots = checkpoint.own->snapshots_restored();
    outcome.checkpoint_found = checkpoint.own->found();
  }
  if (absl::Status s = WriteDatabase(request, builder, std::move(writer), checkpoint.own);
      !s.ok()) {
    return ReportError(s);
  }
  outcome.seconds = SecondsSince(start);
  outcome.file_bytes = FileBytes(request.path);
  if (request.args.Flag("json")) {
    PrintJsonSummary(request, outcome);
  } else {
    PrintTextSummary(request, outcome);
  }
  return kExitOk;
}

}  // namespace retro::cli
