// `retro compare --db FILE --expected FILE [--relative-tolerance R]`: checks
// a database against a reference listing (a brute force's, say), one line a
// position, "<position>\t<expected>", where <expected> is what the probe's
// one-line answer must say after the position. retro_add_game_tests runs it.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/option_table.h"
#include "cli/plugin_options.h"
#include "cli/probe_line_match.h"
#include "retro/json_writer.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro compare --db FILE --expected FILE [--relative-tolerance R]\n"
    "                     [game probe options] [--json]\n"
    "\n"
    "Compares a database with a reference listing, one position a line:\n"
    "the position in the game's notation, a tab, and what retro probe's\n"
    "one-line answer must say after the position (\"draw 5\", \"D=3.2727\").\n"
    "Fields compare as text; decimal numbers within the relative tolerance.\n"
    "Exit status 0 when every position agrees, 1 when any disagrees.\n";

// The options of `retro compare` besides the game's probe options.
constexpr CommandOption kOptions[] = {
    {"db", "  --db FILE                 the database\n"},
    {"expected", "  --expected FILE           the reference listing\n"},
    {"relative-tolerance",
     "  --relative-tolerance R    how far decimal numbers may differ, relative to\n"
     "                            the larger magnitude (0 up to, not including, 1)\n"
     "                            [default: 1e-9]\n"},
    {"json", "  --json                    one JSON object\n", true},
    {"plugin-dir", "  --plugin-dir DIR          also look for plugins in DIR (repeatable)\n"},
};

constexpr char kUsageTail[] = "The game's own probe options are listed by retro games.\n";

// One line of the reference listing.
struct Expectation {
  int line = 0;
  std::string position;
  std::string expected;
};

// Reads the listing `path`: one "<position>\t<expected>" a line, blank lines
// skipped. Errors name the file and the line.
absl::StatusOr<std::vector<Expectation>> ReadListing(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    return absl::NotFoundError(
        absl::StrCat("cannot read the listing ", path, ": no such readable file"));
  }
  std::vector<Expectation> listing;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    const size_t tab = text.find('\t');
    if (tab == std::string::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, " line ", line, " has no tab: write <position><TAB><expected>"));
    }
    listing.push_back({line, text.substr(0, tab), text.substr(tab + 1)});
  }
  if (listing.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(path, " lists no position"));
  }
  return listing;
}

absl::StatusOr<double> TakeTolerance(Arguments& args) {
  const std::optional<std::string> text = args.Take("relative-tolerance");
  if (!text.has_value()) return 1e-9;
  double tolerance = 0;
  if (!absl::SimpleAtod(*text, &tolerance) || !(tolerance >= 0 && tolerance < 1)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--relative-tolerance '", *text, "' is not a number from 0 up to (not including) 1"));
  }
  return tolerance;
}

// The outcome of comparing the whole listing: the mismatches, and the first
// one's line, expectation and probe answer.
struct Comparison {
  uint64_t mismatches = 0;
  int first_line = 0;
  std::string first_expected, first_probed;
};

absl::StatusOr<Comparison> Compare(OpenDatabase& database, const ParameterValues& options,
                                   const std::vector<Expectation>& listing,
                                   const std::string& listing_path, double tolerance) {
  Comparison comparison;
  for (const Expectation& item : listing) {
    auto report = database.Probe(item.position, options);
    if (!report.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(listing_path, " line ", item.line, ": ", report.status().message()));
    }
    const std::string probed = OneLineAnswer(*report);
    const std::string wanted = absl::StrCat(item.position, " ", item.expected);
    if (ProbeLineMatches(wanted, probed, tolerance)) continue;
    if (comparison.mismatches++ == 0) {
      comparison.first_line = item.line;
      comparison.first_expected = wanted;
      comparison.first_probed = probed;
    }
  }
  return comparison;
}

}  // namespace

absl::StatusOr<int> RunCompare(int argc, char** argv, int first) {
  std::string db;
  RETRO_ASSIGN_OR_RETURN(Arguments args,
                         StartDatabaseCommand(argc, argv, first, "compare", kOptions, &db));
  if (args.Flag("help")) return PrintUsage(UsageText(kUsageHead, kOptions, kUsageTail));
  // 1. The options: the listing, the tolerance, the game's probe options.
  const std::optional<std::string> listing_path = args.Take("expected");
  if (!listing_path.has_value() || listing_path->empty()) {
    return absl::InvalidArgumentError(
        "retro compare needs --expected FILE, the reference listing to compare with");
  }
  RETRO_ASSIGN_OR_RETURN(const double tolerance, TakeTolerance(args));
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseSession> session,
                         OpenCommandDatabase(db, args.plugin_dirs));
  const GameDescription& game = session->plugin->module().Describe();
  RETRO_ASSIGN_OR_RETURN(
      const ParameterValues options,
      ResolvePluginOptions(args, kOptions, game.probe_parameters,
                           absl::StrCat("retro compare on a ", game.name, " database"),
                           absl::StrCat("probing ", game.name)));
  // 2. The listing, probed position by position.
  RETRO_ASSIGN_OR_RETURN(const std::vector<Expectation> listing, ReadListing(*listing_path));
  RETRO_ASSIGN_OR_RETURN(const Comparison result,
                         Compare(*session->database, options, listing, *listing_path, tolerance));
  // 3. The verdict.
  const uint64_t positions = listing.size();
  const std::string failure =
      result.mismatches == 0
          ? std::string()
          : absl::StrCat(Grouped(result.mismatches), " of ", Grouped(positions),
                         positions == 1 ? " position disagrees" : " positions disagree", " with ",
                         *listing_path, "; first, line ", result.first_line, ": expected '",
                         result.first_expected, "', retro probe: '", result.first_probed, "'");
  if (args.Flag("json")) {
    JsonWriter out;
    out.BeginObject();
    out.Key("positions").Uint(positions);
    out.Key("mismatches").Uint(result.mismatches);
    out.Key("relative_tolerance").Double(tolerance);
    if (result.mismatches == 0) {
      out.Key("first_mismatch").Null();
    } else {
      out.Key("first_mismatch").BeginObject().Key("line").Int(result.first_line);
      out.Key("expected").String(result.first_expected);
      out.Key("probed").String(result.first_probed).EndObject();
    }
    out.EndObject();
    PrintResultEnvelope(failure, out.Take());
  } else if (failure.empty()) {
    std::printf("%s %s with %s\n", Grouped(positions).c_str(),
                positions == 1 ? "position agrees" : "positions agree", listing_path->c_str());
  }
  if (!failure.empty()) {
    std::fprintf(stderr, "retro: error: %s\n", failure.c_str());
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace retro::cli
