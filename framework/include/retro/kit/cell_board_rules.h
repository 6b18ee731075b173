// What the board bases of rules share (CellsRules for a rectangular grid,
// retro/kit/cells_rules.h; PointsRules for points joined by lines,
// retro/kit/points_rules.h): a board of n cells or points in k states with
// an optional side to move, indexed by the stock CellsIndexer
// (retro/cells_indexer.h) in one slice "positions"; positions picked by the
// game's Illegality (or its own IsPosition); the first position as the
// start `retro explore` shows; stats grouped by the number of pieces. The
// notation and the picture are the bases' own.
//
// The game's rules class writes `const char* Illegality(const Position&)`
// (why a board cannot arise in a game, nullptr when it can; Parse quotes
// it), or its own `bool IsPosition(const Position&)`. Optionally a
// `static constexpr char kNotationExample[]`, the example Parse's errors
// give (default: the start position).
#ifndef RETRO_KIT_CELL_BOARD_RULES_H_
#define RETRO_KIT_CELL_BOARD_RULES_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/cells_indexer.h"
#include "retro/contract/checkable_game.h"
#include "retro/kit/stats_key.h"

namespace retro::kit {

// The shared part of a board base (CRTP: Derived is the game's rules class)
// for kCells cells of kStates states, with the side to move when kSides.
template <typename Derived, int kCellCount, int kStates, bool kSides>
class CellBoardRules {
 public:
  static constexpr int kCells = kCellCount;
  using Indexer = CellsIndexer<kCells, kStates, kSides>;
  using Position = typename Indexer::Board;

  // The indexer: one slice of every board.
  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return Indexer::Size(); }
  std::string slice_name(int) const { return "positions"; }
  Position Unrank(int, uint64_t index) const { return Indexer::Unrank(index); }
  SliceIndex Rank(const Position& p) const { return {0, Indexer::Rank(p)}; }
  bool IsPosition(const Position& p) const { return derived().Illegality(p) == nullptr; }

  // retro explore: the first index that is a position.
  Position StartPosition() const {
    uint64_t index = 0;
    while (index + 1 < Indexer::Size() && !derived().IsPosition(Indexer::Unrank(index))) ++index;
    return Indexer::Unrank(index);
  }

  // Stats by the number of pieces, one position a record.
  std::string stats_group_label() const { return "pieces"; }
  int num_stats_groups() const { return kCells + 1; }
  std::string stats_group_name(int pieces) const { return std::to_string(pieces); }
  StatsKey StatsKeyOf(const Position& p) const { return {.group = kCells - CountCells(p, 0)}; }
  std::optional<StatsKey> StatsKeyAt(int, uint64_t) const { return std::nullopt; }
  StatsLayout stats_layout() const { return {}; }

  // The number of cells of `p` in state `state`.
  static constexpr int CountCells(const Position& p, int state) {
    int count = 0;
    for (const uint8_t cell : p.cells) count += cell == state ? 1 : 0;
    return count;
  }

 protected:
  const Derived& derived() const { return static_cast<const Derived&>(*this); }
  // `parsed` (the board the notation read from `text`), or an error when it
  // is no position, quoting Illegality.
  absl::StatusOr<Position> RefuseNonPositions(absl::StatusOr<Position> parsed,
                                              const std::string& text) const {
    if (!parsed.ok() || derived().IsPosition(*parsed)) return parsed;
    std::string why;
    if constexpr (requires { derived().Illegality(*parsed); }) {
      why = absl::StrCat(": ", derived().Illegality(*parsed));
    }
    return absl::InvalidArgumentError(
        absl::StrCat("position '", text, "' cannot arise in a game", why));
  }
  // The example Parse's errors give (see the file comment).
  std::string NotationExample() const {
    if constexpr (requires { Derived::kNotationExample; }) {
      return Derived::kNotationExample;
    } else {
      return derived().Format(StartPosition());
    }
  }
};

}  // namespace retro::kit

#endif  // RETRO_KIT_CELL_BOARD_RULES_H_
