// The plugin boundary. A game plugin is a shared library exporting a factory
// that returns a GameModule (see retro/plugin.h). The host calls the module
// once per command: describe, plan, solve, open a database, perft, check,
// play (retro/play.h), export (retro/export.h). Inside, the plugin runs the framework's solver
// templates instantiated for its own concrete types, so no virtual call
// happens per position or per move.
//
// Rules for implementers: never let an exception escape a method (return an
// absl::Status instead); keep every object the module hands out alive no
// longer than the module itself (the host destroys them in that order).
#ifndef RETRO_GAME_MODULE_H_
#define RETRO_GAME_MODULE_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/contract/check_result.h"
#include "retro/database.h"
#include "retro/parameters.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"
#include "retro/value_probe.h"
#include "retro/work_context.h"

namespace retro {

class ExportCapability;  // retro/export.h
class PlayCapability;    // retro/play.h

// What `retro games` shows and what the host needs to parse a command line.
struct GameDescription {
  std::string name;     // the --game name, e.g. "oware"
  std::string summary;  // one line
  // The plugin's database layout version, written into every database it
  // makes; a file with another version is refused when opened.
  uint32_t data_version = 1;
  std::vector<ParameterSpec> solve_parameters;
  std::vector<ParameterSpec> probe_parameters;
  std::string position_syntax;   // how to write a position, with an example
  PositionCells position_cells;  // its binary form (retro/value_probe.h)
  bool supports_perft = false;
};

// What the host learns before solving: the validated, canonical parameters
// (recorded in the database header), a default file name, and the size.
struct SolvePlan {
  std::vector<std::pair<std::string, std::string>> canonical_parameters;
  std::string default_file_name;  // e.g. "oware-9.retro"
  uint64_t positions = 0;          // records the database will describe
  uint64_t estimated_memory_bytes = 0;
  // Of estimated_memory_bytes, what a rank of a distributed solve holds
  // whatever the number of ranks (the most any rank does: every rank's
  // replicas, or what one rank gathers; docs/distributed.md); the rest is
  // split across the ranks. 0: estimated_file_bytes (the finished slices).
  uint64_t replicated_memory_bytes = 0;
  // About how large the database file will be (0: unknown). The host refuses
  // to start when the output's file system has less free space than this,
  // so keep it a close estimate, not a generous upper bound.
  uint64_t estimated_file_bytes = 0;
  // How the host's refusal of a solve that does not fit memory names the
  // database ("Surakarta 1..8 pieces table"); "{game} database" if empty.
  std::string database_name = {};
  // For that refusal in a single process: what would fit in
  // PlanContext::available_memory_bytes ("the largest book that fits is
  // --seeds 19"); empty if the game cannot say.
  std::string what_fits = {};
};

// What the host tells GameModule::Plan about where the solve will run. The
// host, not the plan, refuses a solve that does not fit memory.
struct PlanContext {
  int ranks = 1;  // processes of the solve (more than 1 under mpirun)
  // The memory available to a single process (0: unknown), for
  // SolvePlan::what_fits.
  uint64_t available_memory_bytes = 0;
};

// Output of probe and stats: text for people, one JSON object for programs.
struct Report {
  std::string text;  // may span lines; no trailing newline needed
  std::string line;  // the same on one line (batch probing); may be empty
  std::string json;  // a single JSON value on one line
};

// Options of `retro verify`.
struct VerifyOptions {
  uint64_t sample = 0;  // 0: every record; else this many random records
  uint64_t seed = 1;    // random seed for sampling
  // The slices to check, by name (e.g. those a resumed solve restored from
  // its checkpoint); empty: every slice. The sample is drawn from these.
  std::vector<std::string> slices = {};

  // Whether the slice called `name` is one to check.
  bool Checks(std::string_view name) const {
    return slices.empty() || std::find(slices.begin(), slices.end(), name) != slices.end();
  }
};

// Outcome of the consistency check.
struct VerifyResult {
  uint64_t records_checked = 0;
  uint64_t mismatches = 0;
  std::string first_mismatch;  // a description of the first bad record
};

// The values of one slice, one number per record in index order, for
// analysis (the Python module's Database.values, docs/python.md). Either a
// view of memory the OpenDatabase maps or owns, valid while it lives (no
// copy: `view` non-null), or numbers computed for the request (`computed`).
struct SliceValues {
  // What each number is, and so its type (little-endian, as in memory).
  enum class Encoding {
    kWdlByte,  // uint8: retro/format/wdl/wdl.h's byte codec, 255: no position
    kInt8,     // int8: the value probe reports
    kFloat64,  // double: the value probe reports
  };
  Encoding encoding = Encoding::kWdlByte;
  std::span<const uint8_t> view = {};  // zero-copy, when view.data() != nullptr
  std::vector<uint8_t> computed = {};  // otherwise: the numbers' bytes

  std::span<const uint8_t> bytes() const {
    return view.data() != nullptr ? view : std::span<const uint8_t>(computed);
  }
};

// A database opened by its plugin. Created by GameModule::Open.
class OpenDatabase {
 public:
  virtual ~OpenDatabase();

  // The value of `position` and of each legal move in it. `options` holds
  // the game's probe parameters, resolved (defaults filled in).
  virtual absl::StatusOr<Report> Probe(const std::string& position,
                                       const ParameterValues& options) = 0;

  // A value-only prober for the game's probe parameters `options`
  // (resolved, as Probe's): the value Probe reports for a position, typed
  // (retro/value_probe.h). InvalidArgument naming a bad option. The
  // default says the game offers none (Unimplemented).
  virtual absl::StatusOr<std::unique_ptr<ValueProbe>> PrepareValues(
      const ParameterValues& options);

  // Per-slice statistics defined by the game.
  virtual absl::StatusOr<Report> Stats(const WorkContext& context) = 0;

  // Recomputes records from their children's stored values with the game's
  // rules and compares with what is stored.
  virtual absl::StatusOr<VerifyResult> Verify(const VerifyOptions& options,
                                              const WorkContext& context) = 0;

  // The values of the slice called `slice` (a name of the file's slice
  // table holding one value per record). `options` holds the game's probe
  // parameters, resolved; those that select values (a finite-horizon
  // game's plies-left) apply, the others are ignored. InvalidArgument for
  // a slice without values (naming those with values) or a bad option.
  // The default says the game offers none (Unimplemented).
  virtual absl::StatusOr<SliceValues> Values(const std::string& slice,
                                             const ParameterValues& options);

  // Optional, for `retro explore` (docs/explore.md): a picture of
  // `position` as one standalone SVG element (`<svg ...>...</svg>`, no
  // script, no external reference), or InvalidArgument naming the problem
  // when the position is not one of this database. The default says the
  // game draws nothing (Unimplemented); the page then shows the notation.
  virtual absl::StatusOr<std::string> RenderSvg(const std::string& position);

  // Optional, for `retro explore`: a position of this database to start
  // exploring from, in the game's notation. The default: Unimplemented (the
  // page then asks for a position).
  virtual absl::StatusOr<std::string> StartPosition();

  // Probe, PrepareValues, the ValueProbes, RenderSvg and StartPosition only
  // read the database: `retro explore` and the C API call them from several
  // threads at once, so they must be safe to call concurrently (the kits'
  // databases are: they read the file's bytes and const rules).
};

// The object a plugin's factory returns.
class GameModule {
 public:
  virtual ~GameModule();

  virtual const GameDescription& Describe() const = 0;

  // Validates resolved solve parameters and sizes the work (the host then
  // refuses work that won't fit in memory, with the plan's what_fits).
  // Errors name the bad parameter and the valid values.
  virtual absl::StatusOr<SolvePlan> Plan(const ParameterValues& values,
                                         const PlanContext& context) const = 0;

  // Builds the database for `values` into `out` (codec and slices; the host
  // records the canonical parameters from Plan and the identity).
  virtual absl::Status Solve(const ParameterValues& values,
                             const WorkContext& context,
                             DatabaseBuilder& out) = 0;

  // Interprets a database file made by this game. `file` outlives the
  // returned object. The host has validated the container header (identity,
  // parameters, slice table within the file) but verifies the slice
  // checksums only after Open returns, and a checksum proves nothing against
  // a crafted file anyway: Open must check every slice size, offset, count
  // and table it relies on against the header's parameters (cheap size
  // checks before any pass over the data), so that no later read can go out
  // of bounds, and refuse the file, naming the slice and the problem,
  // otherwise. A pass over a slice's data may wait for the slice's first
  // use (the finite-horizon kit's do), as long as every read of the slice
  // comes after it and fails with its error.
  virtual absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(
      const DatabaseFile& file) = 0;

  // Leaf count of the move tree of `position` to `depth` plies, under the
  // rules of `values` (the resolved solve parameters, as Check takes them).
  virtual absl::StatusOr<uint64_t> Perft(const ParameterValues& values,
                                         const std::string& position, int depth,
                                         const WorkContext& context);

  // `retro check`: checks the game's contract with the solver for `values`
  // (the resolved solve parameters): indexer bijection, notation round
  // trip, moves, take-backs (retro/contract/check_contract.h). The default
  // says the game offers no check.
  virtual absl::StatusOr<CheckResult> Check(const ParameterValues& values,
                                            const CheckOptions& options,
                                            const WorkContext& context);

  // `retro play` and `retro match`: the game's play capability
  // (retro/play.h), owned by the module, or nullptr (the default) when the
  // game offers no play.
  virtual PlayCapability* Play();

  // `retro export`: the game's export capability (retro/export.h), owned
  // by the module, or nullptr (the default) when the game offers no export.
  virtual ExportCapability* Export();
};

}  // namespace retro

#endif  // RETRO_GAME_MODULE_H_
