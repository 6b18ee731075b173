// The Plakoto pin databases for the chance-expectation kit (retro/kit/
// chance_rules.h): one slice per pin point p of a board size P, its records
// the 13 free checkers ranked by BearoffIndexer, its value D (expected turns
// the pin holds, this turn counted; pin_database.h). What is Plakoto's own
// here: the parameters (points, pin, distribution) and their strict header
// reading, the solver (SolveSlice: the partial-move tables of
// pin_table_game.h, far faster than the kit's afterstate view), the memory
// estimate, the probe's labels and remarks, the contract checker's pip
// test, and the optional turn distribution as a companion slice
// (turn_distribution.h).
#ifndef PLUGINS_PLAKOTO_RULES_H_
#define PLUGINS_PLAKOTO_RULES_H_

#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/move_generator.h"
#include "games/plakoto/notation.h"
#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"
#include "plugins/plakoto/pin_best_plays.h"
#include "retro/database_layout.h"
#include "retro/kit/chance_reader.h"
#include "retro/game_module.h"
#include "retro/json_writer.h"
#include "retro/kit/chance_rules.h"
#include "retro/kit/chance_slice_context.h"
#include "retro/kit/game_info.h"

namespace retro::plakoto {

// The plugin's identity for the kit: name, summary, codec, layout version.
kit::GameInfo PinGameInfo();

// The pin databases of `points` and `pins`, with turn distributions of
// `turns` turns (0: none).
class PinRules {
 public:
  using Position = plakoto::Position;
  using Move = Play;
  static constexpr int kNumOutcomes = kNumRolls;
  static constexpr chance::Objective kObjective = chance::Objective::kMaximize;
  // GeneratePlays gives one play per afterstate: probe need not filter.
  static constexpr bool kDistinctChoices = true;

  // Parameters: points, pin, distribution.
  static std::vector<ParameterSpec> Parameters();
  static absl::StatusOr<PinRules> Create(const ParameterValues& values);
  std::vector<std::pair<std::string, std::string>> canonical_parameters() const;
  static std::vector<std::string> OptionalHeaderParameters() { return {}; }
  std::string default_file_name() const;
  // The plan's estimates: a solve's memory, the file (kit::ChanceFileBytes)
  // and, of the memory, what every rank of a distributed solve holds: all
  // but the partial-move tables (docs/distributed.md).
  kit::SizeEstimates EstimateSizes(uint64_t available_bytes) const;

  // Slices and records.
  int num_slices() const { return static_cast<int>(pins_.size()); }
  uint64_t slice_size(int) const { return indexer_.Size(); }
  std::string slice_name(int slice) const {
    return absl::StrCat("p", points_, "-pin", pins_[slice]);
  }
  Position Unrank(int slice, uint64_t index) const {
    return PositionFromFree(points_, pins_[slice], indexer_.Unrank(index));
  }
  SliceIndex Rank(const Position& p) const {
    return {slice_of_pin_[p.pin], indexer_.Rank(p.FreeBoard())};
  }
  // A play that frees the pin ends the game: no more turns (0).
  std::optional<double> Terminal(const Position& p) const {
    return p.PinHolds() ? std::nullopt : std::optional<double>(0.0);
  }

  // The 21 rolls; a turn counts 1.
  double OutcomeWeight(int outcome) const { return kRolls[outcome].Probability(); }
  std::string FormatOutcome(int outcome) const { return FormatRoll(kRolls[outcome]); }
  double TurnReward() const { return 1.0; }
  // Every play of roll kRolls[outcome], one per afterstate (GeneratePlays).
  template <typename Visit>
  void ForEachChoice(const Position& p, int outcome, Visit&& visit) const {
    PlayBuffer buffer;
    GeneratePlays(p, kRolls[outcome], &buffer.plays());
    for (const Play& play : buffer.plays()) visit(play, play.after);
  }

  // Notation; Parse refuses positions of another P or pin point.
  std::string Format(const Position& p) const { return FormatPosition(p); }
  absl::StatusOr<Position> Parse(const std::string& text) const;
  std::string FormatMove(const Position&, const Play& play) const { return FormatPlay(play); }

  // retro explore: the board drawn (board_svg.cc), and a position of the
  // first pin's slice to start from: the 13 free checkers on point P.
  std::string RenderSvg(const Position& p) const;
  Position StartPosition() const;

  // The partial-move tables' solver (pin_database.h).
  absl::StatusOr<std::vector<double>> SolveSlice(int slice,
                                                 const kit::ChanceSliceContext& context) const;

  // For a full verify: every record's value recomputed through
  // partial-play tables (pin_best_plays.h).
  PinBestPlays MakeBestChoices(const kit::ChanceTables<PinRules>& tables,
                               const WorkContext&) const;

  // Probe and stats.
  static kit::ChanceLabels labels();
  std::string PositionNote(const Position& p) const {
    return absl::StrCat("P = ", p.points, ", pin on point ", p.pin);
  }
  std::string GameOverNote(const Position&) const { return "releases the pin"; }
  std::string StatsTitle() const;
  // The pips drop by the dice of each play; q is that of the rolls without
  // a play (what the solver relies on; `retro check` reports it: the
  // Inconsistency hook of retro/kit/rules_hooks.h).
  std::string Inconsistency(const Position& p) const;

  // The turn distribution as the companion slice of each pin.
  int num_companions() const { return turns_ > 0 ? 1 : 0; }
  std::string companion_name(int slice, int) const {
    return absl::StrCat(slice_name(slice), "-turns");
  }
  uint64_t companion_record_bytes(int) const { return turns_ * sizeof(float); }
  absl::StatusOr<std::vector<uint8_t>> BuildCompanion(int slice, int,
                                                      std::span<const double> values,
                                                      const WorkContext& context) const;
  std::string CompanionRecordProblem(int, std::span<const uint8_t> record) const;
  std::string VerifyCompanion(const kit::ChanceTables<PinRules>& tables, int slice, int,
                              uint64_t index) const;
  void ProbeCompanion(const kit::ChanceTables<PinRules>& tables, int slice, int, uint64_t index,
                      std::string* text, JsonWriter& json) const;

  int points() const { return points_; }
  const std::vector<int>& pins() const { return pins_; }
  int turns() const { return turns_; }

 private:
  // The plays of one ForEachChoice call, from a per-thread stack of buffers
  // (a visitor may generate plays of its own).
  class PlayBuffer {
   public:
    PlayBuffer();
    ~PlayBuffer() { --depth_; }
    std::vector<Play>& plays() { return *plays_; }

   private:
    static thread_local std::deque<std::vector<Play>> stack_;
    static thread_local int depth_;
    std::vector<Play>* plays_;
  };

  PinRules(int points, std::vector<int> pins, std::string pin_text, int turns);
  // P(T = t), t = 1..turns, of record `index` of `slice`.
  std::vector<float> Distribution(const kit::ChanceTables<PinRules>& tables, int slice,
                                  uint64_t index) const;

  int points_;
  std::vector<int> pins_;
  std::string pin_text_;  // "all" or the pin point
  int turns_;
  BearoffIndexer indexer_;
  int slice_of_pin_[kMaxPin + 1];  // -1 for a pin not held
};

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_RULES_H_
