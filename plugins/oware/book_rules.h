// The oware endgame book as a game of the finite-horizon kit (the concept
// retro::kit::FiniteHorizonRules, retro/kit/finite_horizon_rules.h): slice n
// holds the boards with n seeds (n = 0..N) in colex order, a move's reward
// is the seeds it captures (a capture goes to a smaller slice), V_0 is the
// at-limit rule's value, a board with no move is worth the mover's own
// seeds, and the horizon is the turn limit. The hooks give the parameters
// (--seeds, --turn-limit, --grand-slam, --at-limit), the memory and file
// estimates, and how probe and stats read. This is the read side: the
// solve and the export's game side are book_build.h.
#ifndef PLUGINS_OWARE_BOOK_RULES_H_
#define PLUGINS_OWARE_BOOK_RULES_H_

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "games/oware/board.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "games/oware/rules.h"
#include "retro/contract/checkable_game.h"
#include "retro/kit/game_info.h"
#include "retro/parameters.h"

// Declared, not included: the plan's estimates (retro/kit/size_estimates.h)
// and probe's words (retro/kit/finite_horizon_words.h), which only the kit
// reads.
namespace retro::kit {
struct FiniteHorizonWords;
struct SizeEstimates;
}  // namespace retro::kit

namespace retro::oware {

// The book's codec and layout version, part of every book's identity.
inline constexpr uint32_t kBookDataVersion = 1;
inline constexpr char kBookCodec[] = "oware-net-score-changes-v1";

// The identity of the oware plugin and of its books (book.cc).
kit::GameInfo OwareInfo();

// The largest book the parameters allow, and the largest turn limit.
inline constexpr int kMaxBookSeeds = 48;
inline constexpr int kMaxTurnLimit = 1 << 23;

// The name of the slice holding the boards with `seeds` seeds: "seeds-9".
std::string SliceName(int seeds);

// The largest book the indexing scheme `indexer` of games/oware (colex,
// lexicographic, pext, incremental or hash: docs/indexing.md) can rank (0
// for an unknown name). A book is always in colex
// order; its header notes the scheme that ranked the boards while solving
// ("indexer"), which is colex since the other schemes (benchmarks and tests
// only; they give identical books, more slowly) left the product.
int IndexerSeedLimit(std::string_view indexer);

// The book of up to `seeds` seeds under `rules`.
class BookRules {
 public:
  using Position = Board;
  using Move = oware::Move;
  static constexpr int kMaxMoves = oware::kMaxMoves;

  BookRules(int seeds, Rules rules, std::string indexer_note = "colex")
      : seeds_(seeds), rules_(rules), indexer_note_(std::move(indexer_note)), colex_(seeds) {}

  // The parameters, and the rules for resolved values.
  static std::vector<ParameterSpec> Parameters();
  static absl::StatusOr<BookRules> Create(const ParameterValues& values);
  std::vector<std::pair<std::string, std::string>> canonical_parameters() const;
  // The header's note of the scheme that ranked the boards while solving
  // (any scheme in older books; the book is in colex order whatever it
  // was): books written by other programs may leave it out.
  static std::vector<std::string> OptionalHeaderParameters() { return {"indexer"}; }
  std::string default_file_name() const;

  int seeds() const { return seeds_; }
  const Rules& rules() const { return rules_; }
  const ColexIndexer& indexer() const { return colex_; }

  int num_slices() const { return seeds_ + 1; }
  uint64_t slice_size(int seeds) const { return colex_.Size(seeds); }
  std::string slice_name(int seeds) const { return SliceName(seeds); }
  Board Unrank(int seeds, uint64_t index) const { return colex_.Unrank(seeds, index); }
  SliceIndex Rank(const Board& board) const {
    const int seeds = TotalSeeds(board);
    return {seeds, seeds > seeds_ ? 0 : colex_.Rank(board)};
  }

  int horizon() const { return rules_.turn_limit; }
  int LimitValue(const Board& board) const { return oware::LimitValue(board, rules_.at_limit); }
  int TerminalValue(const Board& board) const { return oware::TerminalValue(board); }
  int MinValue(int seeds) const { return -seeds; }
  int MaxValue(int seeds) const { return seeds; }
  template <typename Visit>
  void ForEachMove(const Board& board, Visit&& visit) const {
    Move moves[kMaxMoves];
    const int count = GenerateMoves(board, rules_, moves);
    for (int m = 0; m < count; ++m) visit(moves[m], moves[m].child, int{moves[m].captured});
  }

  std::string Format(const Board& board) const { return FormatBoard(board); }
  absl::StatusOr<Board> Parse(const std::string& text) const { return ParseBoard(text); }
  static constexpr int kPositionCells = kHouses;
  absl::StatusOr<Board> FromCells(std::span<const int32_t> houses) const {
    return BoardFromCells(houses);
  }
  std::string FormatMove(const Board&, const Move& move) const {
    return std::to_string(move.house);
  }
  absl::Status Covers(const Board& board) const { return CheckSeedsCovered(board, seeds_); }

  // Planning: the memory model fitted to measured peaks, the file size
  // model fitted to measured books, what every rank of a distributed solve
  // holds (docs/distributed.md), and what would fit instead.
  kit::SizeEstimates EstimateSizes(uint64_t available_bytes) const;

  // What the colex solver adapter (solver_game.h) the book is solved with
  // (book_build.h) reports for `board` against the rules' moves ("" when
  // it agrees).
  std::string Inconsistency(const Board& board) const;

  // How probe and stats read.
  std::string PositionNote(const Board& board) const;
  std::string GameOverNote(const Board&) const {
    return "no legal move: the mover takes the seeds on its side";
  }
  std::string StatsTitle() const;
  kit::FiniteHorizonWords words() const;

  // retro explore: the board drawn (board_svg.h), and a board of the book's
  // largest slice to start from, its seeds dealt one by one in sowing order
  // from house 0 (48 seeds: the game's start).
  std::string RenderSvg(const Board& board) const;
  Board StartPosition() const;

 private:
  int seeds_;
  Rules rules_;
  std::string indexer_note_;
  ColexIndexer colex_;
};

}  // namespace retro::oware

#endif  // PLUGINS_OWARE_BOOK_RULES_H_
