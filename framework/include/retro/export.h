// Exporting a database into another form: the optional capability a game
// plugin offers for `retro export` (e.g. a C++ header that carries a book
// into a program that cannot read files). The framework owns the command
// line, opening the database and writing the output atomically; the plugin
// lists its formats with their options and turns an opened database into
// the output's bytes.
//
//   ExportCapability* exporter = module.Export();       // nullptr: no export
//   const ExportFormat* cpp = FindExportFormat(exporter->DescribeExport(), "cpp");
//   auto options = ResolveParameters(cpp->options, given, "--format cpp");
//   absl::StatusOr<ExportResult> out = exporter->Export(file, "cpp", *options);
//
// Called once per command, from one thread.
#ifndef RETRO_EXPORT_H_
#define RETRO_EXPORT_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/database.h"
#include "retro/parameters.h"

namespace retro {

// One output format: its name for --format, a line for help texts, the
// options it takes (defaults filled in by the host) and the usual file
// name extension of its output.
struct ExportFormat {
  std::string name;     // e.g. "cpp"
  std::string summary;  // one line
  std::vector<ParameterSpec> options = {};
  std::string extension = {};  // e.g. "h"
};

// What a game's export capability offers.
struct ExportDescription {
  std::vector<ExportFormat> formats;
};

// An export's output and what to say about it.
struct ExportResult {
  std::string bytes;    // the whole output file
  std::string summary;  // one line for people (sizes, choices made)
  std::string json;     // the same as one JSON object (no "file" key)
};

// The game-specific side of `retro export`. A module that offers export
// returns one from GameModule::Export(); it lives as long as the module.
class ExportCapability {
 public:
  virtual ~ExportCapability();

  virtual const ExportDescription& DescribeExport() const = 0;

  // Writes `file` (a database of this game, opened and checked by the
  // host) in `format` (one of DescribeExport()'s) with `options` (that
  // format's, resolved). Errors: InvalidArgument naming a bad option value
  // or a book that cannot be exported as asked, DataLoss for a damaged
  // file.
  virtual absl::StatusOr<ExportResult> Export(const DatabaseFile& file, std::string_view format,
                                              const ParameterValues& options) = 0;
};

// The format called `name` in `description`, or nullptr.
const ExportFormat* FindExportFormat(const ExportDescription& description,
                                     std::string_view name);

}  // namespace retro

#endif  // RETRO_EXPORT_H_
