// `retro probe --db FILE [--position P] [game probe options] [--json]`: the
// value of a position and of each legal move. Without --position, positions
// are read from stdin, one per line, and one result line is printed for each.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/json_envelope.h"
#include "cli/option_table.h"
#include "cli/plugin_options.h"
#include "retro/json_writer.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro probe --db FILE [--position P] [game probe options] [--json]\n"
    "\n"
    "Prints the stored value of position P and of each legal move, best\n"
    "move(s) first. Without --position, reads positions from stdin, one per\n"
    "line, and prints one result line per input line (one JSON object per\n"
    "line with --json); a bad line prints an error line and probing goes on,\n"
    "the exit status then being 2. A line longer than 1 MiB, or input that\n"
    "cannot be read, gets an error line naming the line and ends probing\n"
    "(exit status 2); every line before it has its answer.\n";

// The options of `retro probe` besides the game's probe options.
constexpr CommandOption kOptions[] = {
    {"db", "  --db FILE         the database (from retro solve)\n"},
    {"position", "  --position P      the position, in the game's notation\n"},
    {"json", "  --json            JSON output\n", true},
    kPluginDirOption,
};

constexpr char kUsageTail[] = "The game's own probe options are listed by retro games.\n";

}  // namespace

absl::StatusOr<int> RunProbe(int argc, char** argv, int first) {
  std::string db;
  RETRO_ASSIGN_OR_RETURN(Arguments args,
                         StartDatabaseCommand(argc, argv, first, "probe", kOptions, &db));
  if (args.Flag("help")) return PrintUsage(UsageText(kUsageHead, kOptions, kUsageTail));
  RETRO_ASSIGN_OR_RETURN(const std::optional<std::string> position,
                         TakePosition(args, "to read positions from standard input, one per line"));
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseSession> session,
                         OpenCommandDatabase(db, args.plugin_dirs));
  const GameDescription& game = session->plugin->module().Describe();
  RETRO_ASSIGN_OR_RETURN(
      const ParameterValues options,
      ResolvePluginOptions(args, kOptions, game.probe_parameters,
                           absl::StrCat("retro probe on a ", game.name, " database"),
                           absl::StrCat("probing ", game.name)));
  const bool json = args.Flag("json");
  if (!position.has_value()) return ProbeBatch(*session, options, json, stdin, stdout);
  RETRO_ASSIGN_OR_RETURN(const Report report, session->Probe(*position, options));
  return PrintReport(report, json);
}

namespace {

// How reading one line of the batch input ended.
enum class LineEnd { kLine, kEndOfInput, kTooLong, kReadError };

// Reads the next line of `in` (without its '\n') into `*line`, holding at
// most kMaxBatchLineBytes of it: a longer line is kTooLong, read no further.
// A last line without '\n' is a line; nothing left is kEndOfInput. On
// kReadError, `*error` is the errno of the failed read.
LineEnd ReadLine(std::FILE* in, std::string* line, int* error) {
  line->clear();
  bool any = false;
  while (true) {
    errno = 0;
    const int c = getc_unlocked(in);
    if (c == EOF) {
      if (std::ferror(in)) {
        *error = errno;
        return LineEnd::kReadError;
      }
      return any ? LineEnd::kLine : LineEnd::kEndOfInput;
    }
    any = true;
    if (c == '\n') return LineEnd::kLine;
    if (line->size() == kMaxBatchLineBytes) return LineEnd::kTooLong;
    line->push_back(static_cast<char>(c));
  }
}

// The text error line (with its '\n') of `error`. Input echoed in the
// message may hold NUL, escape or other control bytes: escaped as in the
// JSON form.
std::string ErrorLine(const absl::Status& error) {
  return absl::StrCat("error: ", EscapeControl(std::string(error.message())), "\n");
}

// The output line (with its '\n') for input line `input`.
std::string ResultLine(const DatabaseSession& database, const ParameterValues& options, bool json,
                       const std::string& input, bool* bad) {
  const absl::StatusOr<Report> report = database.Probe(input, options);
  const JsonEnvelope& envelope = JsonEnvelope::Current();
  // One output line per input line, whatever the plugin returned.
  if (report.ok()) {
    return absl::StrCat(json ? envelope.Success(report->json) : OneLineAnswer(*report), "\n");
  }
  *bad = true;
  if (!json) return ErrorLine(report.status());
  return absl::StrCat(envelope.Failure(std::string(report.status().message()), kExitUsage, {},
                                       {{"input", JsonWriter::Quote(input)}}),
                      "\n");
}

// Ends a batch at an input line that cannot be probed (`error`): in text,
// its error line on `out_file` (the line's answer) and the error on stderr;
// in JSON, the error's envelope, which is both. Returns ReportError's exit
// status (kExitUsage for the input's errors, kExitFailure for the file's).
int EndBatch(const absl::Status& error, bool json, std::FILE* out_file) {
  if (!json) {
    const std::string line = ErrorLine(error);
    std::fwrite(line.data(), 1, line.size(), out_file);
    std::fflush(out_file);
  }
  return ReportError(error);
}

}  // namespace

int ProbeBatch(const DatabaseSession& database, const ParameterValues& options, bool json,
               std::FILE* in, std::FILE* out_file) {
  bool bad = false;
  std::string line;
  for (uint64_t number = 1;; ++number) {
    // Each answer goes out before the next line is awaited (a program
    // driving retro through pipes gets it at once). A failed flush is seen
    // after the next write, which main's final flush then reports with the
    // system's reason.
    std::fflush(out_file);
    int error = 0;
    switch (ReadLine(in, &line, &error)) {
      case LineEnd::kEndOfInput:
        return bad ? kExitUsage : kExitOk;
      case LineEnd::kTooLong:
        return EndBatch(absl::InvalidArgumentError(absl::StrCat(
                            "line ", number,
                            " of the input is longer than 1 MiB, the most "
                            "retro probe reads in a line; give one position per line")),
                        json, out_file);
      case LineEnd::kReadError:
        return EndBatch(absl::InvalidArgumentError(
                            absl::StrCat("cannot read the input at line ", number, ": ",
                                         error != 0 ? std::strerror(error) : "read error")),
                        json, out_file);
      case LineEnd::kLine:
        break;
    }
    const std::string out =
        ResultLine(database, options, json, std::string(absl::StripAsciiWhitespace(line)), &bad);
    // A file truncated under its mapping: this answer and every later one
    // may hold zeros read in place of the file.
    if (absl::Status intact = database.file->CheckIntact(); !intact.ok()) {
      return EndBatch(intact, json, out_file);
    }
    std::fwrite(out.data(), 1, out.size(), out_file);
    // Stop at the first failed write (a full disk, a closed pipe end)
    // instead of probing the rest for nothing; main reports it.
    if (std::ferror(out_file)) return kExitFailure;
  }
}

}  // namespace retro::cli
