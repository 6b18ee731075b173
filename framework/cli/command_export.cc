// `retro export --db FILE --format F --out FILE [format options] [--json]`:
// writes a database in another form its game offers (retro/export.h), e.g.
// an oware book as one C++ header for a bot. The output is written whole
// under a temporary name and renamed into place, as `retro solve` writes.
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/commands.h"
#include "cli/game_parameters.h"
#include "cli/json_envelope.h"
#include "cli/option_table.h"
#include "cli/plugin_options.h"
#include "retro/export.h"
#include "retro/host/atomic_file_writer.h"
#include "retro/host/plugin_loader.h"
#include "retro/json_writer.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro export --db FILE --format F --out FILE [format options] [--json]\n"
    "\n"
    "Writes database FILE in format F, one its game offers, to --out (written\n"
    "whole under a temporary name, then renamed; an existing regular file is\n"
    "replaced, as by retro solve). Prints what it wrote.\n";

// The options of `retro export` besides the format's options.
constexpr CommandOption kOptions[] = {
    {"db", "  --db FILE         the database (from retro solve)\n"},
    {"format", "  --format F        the output format (below)\n"},
    {"out", "  --out FILE        the output file\n"},
    {"json", "  --json            print the summary as one JSON object\n", true},
    kPluginDirOption,
};

// The formats of every installed game that offers export, with their
// options (each game once, in search order).
std::string FormatsHelp(const std::vector<std::string>& plugin_dirs) {
  std::string text;
  std::set<std::string> seen;
  for (const std::string& path : FindPluginFiles(PluginSearchDirs(plugin_dirs))) {
    auto plugin = LoadPlugin(path);
    if (!plugin.ok() || (*plugin)->module().Export() == nullptr) continue;
    const std::string& game = (*plugin)->module().Describe().name;
    if (!seen.insert(game).second) continue;
    for (const ExportFormat& format : (*plugin)->module().Export()->DescribeExport().formats) {
      absl::StrAppend(&text, "  ", format.name, " (", game, "): ", format.summary, "\n",
                      SpecHelpLines(format.options, "    --", " ", 24, "", true, " [required]"));
    }
  }
  return absl::StrCat("\nformats of the installed games:\n",
                      text.empty() ? std::string("  none\n") : text);
}

// The names of `description`'s formats: "cpp, json".
std::string FormatNames(const ExportDescription& description) {
  std::vector<std::string> names;
  for (const ExportFormat& format : description.formats) names.push_back(format.name);
  return absl::StrJoin(names, ", ");
}

}  // namespace

absl::StatusOr<int> RunExport(int argc, char** argv, int first) {
  RETRO_ASSIGN_OR_RETURN(Arguments args, ParseArguments(argc, argv, first, ParserFlags(kOptions)));
  if (args.Flag("help")) {
    return PrintUsage(UsageText(kUsageHead, kOptions, FormatsHelp(args.plugin_dirs)));
  }
  const std::optional<std::string> db = args.Take("db");
  const std::optional<std::string> format_name = args.Take("format");
  const std::optional<std::string> out = args.Take("out");
  RETRO_RETURN_IF_ERROR(args.MissingValueStatus());
  if (!db.has_value()) return absl::InvalidArgumentError("retro export needs --db FILE");
  if (!out.has_value()) {
    return absl::InvalidArgumentError("retro export needs --out FILE, the file to write");
  }
  JsonEnvelope::Current().SetFile(*db);
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseSession> session,
                         OpenCommandDatabase(*db, args.plugin_dirs));
  GameModule& module = session->plugin->module();
  const std::string& game = module.Describe().name;
  ExportCapability* exporter = module.Export();
  if (exporter == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        "game ", game, " offers no export; games that do: ",
        GamesThatOffer(args.plugin_dirs, [](GameModule& m) { return m.Export() != nullptr; })));
  }
  const ExportDescription& description = exporter->DescribeExport();
  if (!format_name.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat("retro export needs --format F; valid for game ",
                                                   game, ": ", FormatNames(description)));
  }
  const ExportFormat* format = FindExportFormat(description, *format_name);
  if (format == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("unknown export format '", *format_name,
                                                   "' for game ", game,
                                                   "; valid: ", FormatNames(description)));
  }
  const std::string context = absl::StrCat("retro export --format ", format->name);
  RETRO_ASSIGN_OR_RETURN(const ParameterValues options,
                         ResolvePluginOptions(args, kOptions, format->options, context, context));
  // The output is checked (and its temporary made) before the work.
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<AtomicFileWriter> writer, AtomicFileWriter::Create(*out));
  RETRO_ASSIGN_OR_RETURN(const ExportResult result,
                         exporter->Export(*session->file, format->name, options));
  RETRO_RETURN_IF_ERROR(writer->CommitBytes(result.bytes));
  JsonWriter json;
  json.BeginObject().Key("out").String(*out).Key("format").String(format->name);
  json.Key("export").Raw(result.json).EndObject();
  return PrintReport(
      {.text = absl::StrCat("wrote ", *out, " (", game, " ", format->name, "): ", result.summary),
       .line = {},
       .json = json.Take()},
      args.Flag("json"));
}

}  // namespace retro::cli
