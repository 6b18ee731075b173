// The Plakoto plugin's module: parameters, memory planning, building the
// pin-distance databases (one slice per (P, p)) with the game's chance-solver
// builder, opening database files. Exported with RETRO_PLUGIN at the bottom.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "games/plakoto/bearoff_indexer.h"
#include "plugins/plakoto/contract.h"
#include "plugins/plakoto/pin_database.h"
#include "plugins/plakoto/turn_distribution.h"
#include "plugins/plakoto/pin_file.h"
#include "plugins/plakoto/plakoto_database.h"
#include "retro/contract/check_contract.h"
#include "retro/plugin.h"
#include "retro/solver/chance_workspace.h"
#include "retro/status_macros.h"
#include "retro/system_memory.h"

namespace retro::plakoto {
namespace {

// Solver memory per 14-checker board: the partial-move table record
// (pin_table_game.h) and the value.
constexpr uint64_t kBytesPerBoard = 144 + 8;

struct SolveSettings {
  int points = 12;
  std::vector<int> pins;
  std::string pin_text;
  int turns = 0;  // 0: no turn distribution
};

absl::StatusOr<SolveSettings> ReadSettings(const ParameterValues& values) {
  SolveSettings settings;
  RETRO_ASSIGN_OR_RETURN(const int64_t points, GetIntParameter(values, "points", 6, 12));
  settings.points = static_cast<int>(points);
  if (absl::Status s = ValidatePoints(settings.points); !s.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid --points ", points, ": must be 6 or 12"));
  }
  settings.pin_text = values.at("pin");
  RETRO_ASSIGN_OR_RETURN(settings.pins, ParsePins(settings.pin_text));
  RETRO_ASSIGN_OR_RETURN(settings.turns, ParseDistributionTurns(values.at("distribution")));
  if (settings.turns > 0 && settings.points > kMaxDistributionPoints) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--distribution is available for --points ", kMaxDistributionPoints,
        " only: for P = 12 it needs about ", settings.turns * 10,
        " MB and minutes of single-threaded work per pin point (docs/games/plakoto.md)"));
  }
  return settings;
}

// All 14-checker boards on `points` points (the solver's state space).
uint64_t Boards(int points) { return BearoffIndexer(points, kCheckers).Size(); }
// The records of one database (13 free checkers).
uint64_t Records(int points) { return BearoffIndexer(points, kFreeCheckers).Size(); }

uint64_t EstimateMemory(const SolveSettings& settings) {
  const uint64_t records = Records(settings.points);
  const uint64_t pins = settings.pins.size();
  // The tables and values of one solve, the finished slices (plus one being
  // encoded), and the turn distributions likewise.
  return kBytesPerBoard * Boards(settings.points) + records * sizeof(double) * (pins + 1) +
         records * settings.turns * sizeof(float) * (pins + 1);
}

class PlakotoModule : public GameModule {
 public:
  PlakotoModule() {
    description_.name = "plakoto";
    description_.summary =
        "Plakoto pin endgame: expected turns a pin on point p = 2..6 holds, 14 checkers on "
        "points 1..P (P = 6 or 12)";
    description_.data_version = kPinFileDataVersion;
    description_.solve_parameters = {
        {"points", "P", "the mover's checkers lie on points 1..P", "12", {"6", "12"}},
        {"pin", "p", "the pin point, or all five", "all", {"2", "3", "4", "5", "6", "all"}},
        {"distribution", "T",
         "also store P(T = t), t = 1..T, per position (\"none\" or 1..4096 turns; P = 6 only)",
         "none", {}},
    };
    description_.position_syntax =
        "p=<pin point> then the mover's checker counts on points 1..P (P = 6 or 12, 14 "
        "checkers, the pinning one included), e.g. \"p=2 13 1 0 0 0 0\"";
    description_.supports_perft = false;
  }

  const GameDescription& Describe() const override { return description_; }

  absl::StatusOr<SolvePlan> Plan(const ParameterValues& values) const override {
    RETRO_ASSIGN_OR_RETURN(const SolveSettings settings, ReadSettings(values));
    SolvePlan plan;
    plan.canonical_parameters = {
        {"points", std::to_string(settings.points)},
        {"pin", settings.pin_text},
        {"distribution", settings.turns == 0 ? "none" : std::to_string(settings.turns)},
    };
    std::string name = absl::StrCat("plakoto-", settings.points);
    if (settings.pins.size() == 1) absl::StrAppend(&name, "-pin", settings.pins.front());
    if (settings.turns > 0) absl::StrAppend(&name, "-turns", settings.turns);
    plan.default_file_name = name + ".retro";
    plan.positions = Records(settings.points) * settings.pins.size();
    plan.estimated_memory_bytes = EstimateMemory(settings);
    // A double per record and pin, and the turn distributions' floats.
    plan.estimated_file_bytes = Records(settings.points) * settings.pins.size() *
                                (sizeof(double) + settings.turns * sizeof(float));
    const uint64_t available = AvailableMemoryBytes();
    if (available > 0 && plan.estimated_memory_bytes > available) {
      SolveSettings smaller = settings;
      smaller.points = 6;
      smaller.turns = 0;
      smaller.pins = {2};
      const bool six_fits = EstimateMemory(smaller) <= available;
      return absl::ResourceExhaustedError(absl::StrFormat(
          "the plakoto databases for --points %d --pin %s need about %.0f MiB, but only "
          "%.0f MiB is available%s",
          settings.points, settings.pin_text, plan.estimated_memory_bytes / 1048576.0,
          available / 1048576.0,
          six_fits && settings.points == 12 ? "; --points 6 fits" : ""));
    }
    return plan;
  }

  absl::Status Solve(const ParameterValues& values, const WorkContext& context,
                     DatabaseBuilder& out) override {
    RETRO_ASSIGN_OR_RETURN(const SolveSettings settings, ReadSettings(values));
    out.SetCodec(kPinFileCodec);
    chance::Workspace workspace;  // the tables, reused from one pin to the next
    PinBuildOptions options;
    options.pool = context.pool;
    options.progress = context.progress;
    options.workspace = &workspace;
    for (const int pin : settings.pins) {
      RETRO_ASSIGN_OR_RETURN(const PinDatabase db,
                             PinDatabase::Build(settings.points, pin, options));
      out.AddSlice(ValueSliceName(settings.points, pin), EncodeValues(db.values()));
      if (settings.turns > 0) {
        TurnDistributionOptions turns;
        turns.max_turns = settings.turns;
        turns.progress = context.progress;
        RETRO_ASSIGN_OR_RETURN(const TurnDistribution distribution,
                               TurnDistribution::Build(db, turns));
        out.AddSlice(DistributionSliceName(settings.points, pin),
                     EncodeDistribution(distribution));
      }
    }
    return absl::OkStatus();
  }

  // Checks the records of each pin point (plugins/plakoto/contract.h).
  absl::StatusOr<CheckResult> Check(const ParameterValues& values, const CheckOptions& options,
                                    const WorkContext& context) override {
    RETRO_ASSIGN_OR_RETURN(const SolveSettings settings, ReadSettings(values));
    return CheckContract(ContractGame(settings.points, settings.pins), options, context.pool,
                         context.progress);
  }

  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(const DatabaseFile& file) override {
    RETRO_ASSIGN_OR_RETURN(std::unique_ptr<PinFile> pins, PinFile::FromFile(file));
    return MakePlakotoDatabase(std::move(pins));
  }

  // Perft is left to the default (Unimplemented): a one-sided dice game has
  // no move tree worth counting leaves of.

 private:
  GameDescription description_;
};

std::unique_ptr<GameModule> CreatePlakotoModule() { return std::make_unique<PlakotoModule>(); }

}  // namespace
}  // namespace retro::plakoto

RETRO_PLUGIN(retro::plakoto::CreatePlakotoModule)
