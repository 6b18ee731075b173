// Surakarta's distance-to-conversion tablebases as a game of the loopy
// win/draw/loss kit (the concept retro::kit::LoopyWdlRules,
// retro/kit/loopy_wdl_rules.h). Slice n - 1 is the table of n pieces
// (n = 1..--pieces), named "pieces-n": every placement of n pieces, all
// splits between the side to move ("us") and the opponent, numbered by
// FuChouIndexer (one record per placement) or, with --indexer symmetric, by
// SymmetricIndexer (one record per class under the 8 board symmetries,
// Unrank giving the canonical member). A step stays in its table; a capture
// converts into the table below and is worth one ply whatever follows
// (ConversionValue). We have no pieces: lost in 0; the opponent has none:
// won in 0; no legal move: the no-move rule, in 0.
//
// The hooks give the parameters (--pieces, --no-move, --indexer), the codec
// the layout chooses, the memory model and refusal, the optimised solver
// adapters (TableSlice for FuChou tables, SchemeTableSlice for symmetric
// ones) checked against the rules by `retro check`, verify's children of a
// record read off its index (child_indices.h), and what probe and stats show
// (piece counts, why a game is over, results by material with a total per
// table, positions counted through their symmetry classes).
#ifndef PLUGINS_SURAKARTA_RULES_H_
#define PLUGINS_SURAKARTA_RULES_H_

#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "games/surakarta/board.h"
#include "games/surakarta/combination.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/move.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/no_move_rule.h"
#include "games/surakarta/notation.h"
#include "games/surakarta/piece_count_slices.h"
#include "games/surakarta/position.h"
#include "games/surakarta/symmetric_indexer.h"
#include "plugins/surakarta/child_indices.h"
#include "plugins/surakarta/solved_outcomes.h"
#include "plugins/surakarta/table_indexing.h"
#include "retro/contract/checkable_game.h"
#include "retro/format/wdl/wdl.h"
#include "retro/kit/game_info.h"
#include "retro/kit/loopy_wdl_rules.h"
#include "retro/parameters.h"

// Declared, not included: SolveSlice below only names it, and a reader of
// tables (dtc_tables.h) must not pull the solver in
// (retro/solver/solve_context.h defines it; rules.cc includes it).
namespace retro::solver {
struct SolveContext;
}  // namespace retro::solver

namespace retro::surakarta {

// The version of the tablebase's data layout (slices and codec), and the
// codecs of the two layouts; part of every tablebase's identity.
inline constexpr uint32_t kDtcDataVersion = 1;
inline constexpr char kDtcCodec[] = "surakarta-dtc-wdl-byte-v1";
inline constexpr char kDtcSymmetricCodec[] = "surakarta-dtc-wdl-byte-symmetric-v1";

// The codec naming a layout, and the largest table it can hold.
const char* DtcCodec(TableIndexing indexing);
int MaxTablePiecesOf(TableIndexing indexing);

// The name of the slice holding the tables of `pieces` pieces ("pieces-3").
std::string DtcSliceName(int pieces);

// Number of placements of `pieces` pieces: C(36, n) * 2^n.
uint64_t TableSize(int pieces);

// The identity of the Surakarta plugin and of its tablebases.
kit::GameInfo SurakartaInfo();

// The tables of 1..pieces pieces under a no-move rule and a layout.
class SurakartaRules {
 public:
  using Position = surakarta::Position;
  using Move = surakarta::Move;

  SurakartaRules(int pieces, NoMoveRule rule, TableIndexing indexing);

  // The parameters, and the rules for resolved values. Files written before
  // --indexer existed are FuChou-ordered.
  static std::vector<ParameterSpec> Parameters();
  static absl::StatusOr<SurakartaRules> Create(const ParameterValues& values);
  std::vector<std::pair<std::string, std::string>> canonical_parameters() const;
  static std::vector<std::string> OptionalHeaderParameters() { return {"indexer"}; }
  std::string default_file_name() const;

  int pieces() const { return pieces_; }
  NoMoveRule no_move_rule() const { return rule_; }
  TableIndexing indexing() const { return indexing_; }

  // Slices and indexer.
  int num_slices() const { return pieces_; }
  uint64_t slice_size(int slice) const;
  std::string slice_name(int slice) const { return DtcSliceName(slice + 1); }
  Position Unrank(int slice, uint64_t index) const;
  // The same for scans in index order: the 2^n colourings of an occupied
  // set are consecutive FuChou indices, and the next set is one Gosper
  // step; a symmetric table keeps its indexer's block cache.
  struct UnrankCache {
    int pieces = -1;  // the table `symmetric` belongs to
    SymmetricIndexer::UnrankCache symmetric = {};
    CombinationCursor occupied_set;  // FuChou's
  };
  Position Unrank(int slice, uint64_t index, UnrankCache& cache) const;
  // Inline: the tablebase reader's (dtc_tables.cc) one call a lookup.
  SliceIndex Rank(const Position& p) const {
    const int n = p.piece_count();
    if (n < 1 || n > pieces_) return {n - 1, 0};
    return {n - 1, indexing_ == TableIndexing::kFuChou ? fuchou_->Rank(p)
                                                       : Symmetric(n).Rank(p.us, p.them)};
  }
  // The same for the children of records checked in index order: the
  // records of one occupied set are consecutive and share their children's
  // occupied sets, so the part of a rank fixed by the set (a colex rank,
  // and for the symmetric layout the set's canonical image) is kept per
  // set in a small direct-mapped table.
  struct RankCache {
    struct Entry {
      Bitboard occupied = ~Bitboard{0};  // no set
      uint64_t base = 0;                 // FuChouIndexer::SetBase
      SymmetricIndexer::SetRank set;     // symmetric layout
    };
    std::array<Entry, 256> entries;
  };
  SliceIndex Rank(const Position& p, RankCache& cache) const;
  // Verify's children of a record read off its index (child_indices.h).
  struct ChildScratch {
    FuChouChildScratch fuchou;
    SymmetricChildScratch symmetric;
  };
  bool has_child_indices() const { return true; }
  template <typename Visit>
  std::optional<WdlOutcome> ForEachChildIndex(int slice, uint64_t index, ChildScratch& scratch,
                                              Visit&& visit) const {
    if (indexing_ == TableIndexing::kSymmetric) {
      return ForEachSymmetricChild(Symmetric(slice + 1), Symmetric(slice), rule_, index,
                                   scratch.symmetric, visit);
    }
    return ForEachFuChouChild(fuchou_->table(slice + 1), fuchou_->table(slice), rule_, index,
                              scratch.fuchou, visit);
  }
  bool IsPosition(const Position&) const { return true; }
  kit::IndexTraits index_traits() const {
    return {.indexes_classes = indexing_ == TableIndexing::kSymmetric,
            .every_index_is_a_position = true,
            .codec = DtcCodec(indexing_)};
  }

  // Values and moves.
  std::optional<WdlOutcome> Outcome(const Position& p) const {
    if (p.us == 0) return WdlOutcome::Loss(0);
    if (p.them == 0) return WdlOutcome::Win(0);
    if (!HasMove(p)) return NoMoveOutcome(rule_, p.us, p.them);
    return std::nullopt;
  }
  // Captures first, then steps (the generator's order).
  template <typename Visit>
  void ForEachMove(const Position& p, Visit&& visit) const {
    if (p.us == 0 || p.them == 0) return;
    MoveList moves;
    GenerateMoves(p, moves);
    for (const Move& m : moves) visit(m, PlayMove(p, m));
  }
  // Steps of the side that just moved (them), from an empty neighbour;
  // none into a position where we have no pieces (the parent's opponent
  // would have had none: the game was over).
  template <typename Visit>
  void ForEachTakeBack(const Position& p, Visit&& visit) const {
    if (p.us == 0) return;
    const Bitboard occupied = p.us | p.them;
    for (Bitboard movers = p.them; movers;) {
      const int to = PopLowest(movers);
      for (Bitboard from = Neighbours(to) & ~occupied; from;) {
        visit(Position{.us = p.them ^ SquareBit(to) ^ SquareBit(PopLowest(from)),
                       .them = p.us,
                       .to_move = Opponent(p.to_move)});
      }
    }
  }
  // A capture converts: one ply, whatever follows it.
  WdlOutcome ConversionValue(WdlOutcome child) const { return CaptureOutcome(child); }

  // The optimised solver adapters (table_slice.h, scheme_table_slice.h),
  // and what they report against the rules (plugins/surakarta/contract.h).
  absl::StatusOr<std::vector<uint8_t>> SolveSlice(int slice,
                                                  std::span<const std::vector<uint8_t>> solved,
                                                  const solver::SolveContext& context) const;
  std::string Inconsistency(const Position& p) const;
  void ForEachSolverParent(const Position& p, absl::FunctionRef<void(const Position&)> visit) const;

  // Notation.
  std::string Format(const Position& p) const { return FormatPosition(p); }
  absl::StatusOr<Position> Parse(const std::string& text) const { return ParsePosition(text); }
  static constexpr int kPositionCells = 37;
  absl::StatusOr<Position> FromCells(std::span<const int32_t> cells) const {
    return PositionFromCells(cells);
  }
  std::string FormatMove(const Position&, const Move& m) const { return surakarta::FormatMove(m); }

  // Probe: which positions the tables hold, and how a position is shown.
  // (Inline: every probe takes it. A mover without pieces has lost,
  // whatever the count.)
  absl::Status Covers(const Position& p) const {
    const int n = p.piece_count();
    if (n != 0 && (p.us == 0 || n <= pieces_)) [[likely]]
      return absl::OkStatus();
    return NotCovered(p);
  }
  std::string SideToMove(const Position& p) const { return p.to_move == Color::kX ? "X" : "O"; }
  std::string PositionNote(const Position& p) const;
  std::string GameOverNote(const Position& p) const;

  // retro explore: the board drawn (board_svg.cc), and a position of the
  // largest table to start from: X (to move) on rank 2 from file a, O on
  // rank 5 (then the back ranks), X holding the odd piece.
  std::string RenderSvg(const Position& p) const;
  Position StartPosition() const;

  // Stats: by material (our pieces v theirs) with a total per table, in
  // positions (a symmetric record counts its class's size).
  std::string stats_group_label() const { return "material"; }
  int num_stats_groups() const { return (pieces_ + 1) * (pieces_ + 2) / 2 - 1; }
  kit::StatsKey StatsKeyOf(const Position& p) const {
    return {.group = MaterialGroup(p.piece_count(), PopCount(p.us)), .weight = RecordWeight(p)};
  }
  // A FuChou index holds the piece count (its table) and our pieces (the
  // set bits of its colouring), so stats need not unrank it.
  std::optional<kit::StatsKey> StatsKeyAt(int slice, uint64_t index) const {
    if (indexing_ != TableIndexing::kFuChou) return std::nullopt;
    const int n = slice + 1;
    const int ours = std::popcount(index & ((uint64_t{1} << n) - 1));
    return kit::StatsKey{.group = MaterialGroup(n, ours), .weight = 1};
  }
  std::string stats_group_name(int group) const;
  kit::StatsLayout stats_layout() const { return {.slice_totals = true, .row_examples = true}; }
  std::string StatsTitle() const;
  // The positions the record of `p` stands for: its symmetry class's size
  // in the symmetric layout, else 1.
  uint64_t RecordWeight(const Position& p) const;
  // The stats group of `ours` of n pieces: groups in order of n, then of
  // their pieces, most of ours first.
  static int MaterialGroup(int n, int ours) { return (n - 1) * (n + 2) / 2 + (n - ours); }

  // Planning: the positions the tables describe (placements, whatever the
  // layout), the memory model fitted to measured peaks, one byte per record
  // in the file, the part of that memory every rank of a distributed solve
  // holds (the finished tables, kept and handed to the builder, and the
  // symmetric layout's indexers), and what would fit instead.
  kit::SizeEstimates EstimateSizes(uint64_t available_bytes) const;

 private:
  // Covers' error for a position the tables do not hold (an empty board,
  // or more pieces than the tables while the mover has some; a mover
  // without pieces has lost, covered whatever the count).
  absl::Status NotCovered(const Position& p) const;

  bool HasMove(const Position& p) const;
  const SymmetricIndexer& Symmetric(int pieces) const;
  // The adapters, built on first use (rules_build.cc).
  struct Adapters;
  const Adapters& AdaptersOnce() const;

  int pieces_;
  NoMoveRule rule_;
  TableIndexing indexing_;
  // The FuChou layout's tables n = 0..min(pieces, 7), sliced by piece count.
  std::optional<PieceCountSlices<FuChouIndexer>> fuchou_;
  // Built on first use, once, whichever thread asks first, and shared by
  // copies: the symmetric indexers and the solver adapters `retro check`
  // compares. `symmetric_ready` publishes each built indexer, so that a
  // lookup after the first is one acquire load (no call_once, whose
  // thread-local state costs a call into the dynamic loader from inside a
  // plugin).
  struct Shared {
    std::array<std::once_flag, kMaxClassTablePieces + 1> symmetric_once;
    std::array<std::optional<SymmetricIndexer>, kMaxClassTablePieces + 1> symmetric;
    std::array<std::atomic<const SymmetricIndexer*>, kMaxClassTablePieces + 1> symmetric_ready = {};
    std::once_flag adapters_once;
    std::shared_ptr<const Adapters> adapters;
  };
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
};

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_RULES_H_
