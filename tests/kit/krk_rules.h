// King and rook against king (KRK) on an N×N board, N = 3..8, for the loopy
// win/draw/loss kit (retro/kit/loopy_wdl_rules.h): the test-only example of
// a game with cycles, two slices and a conversion. White has a king (K) and
// a rook (R), black a king (k); chess rules restricted to these pieces.
// Black may capture an unprotected rook next to its king, which converts the
// game to bare kings, a draw. Slices, solved in order:
//   0 "kk"   (wk * S + bk) * 2 + stm           S = N * N squares
//   1 "krk"  ((wk * S + wr) * S + bk) * 2 + stm
// with squares rank * N + file (a1 = 0) and stm 0 white, 1 black to move.
// Notation: "Kb2 Rc3 ka1 w" (white pieces upper case, then the side to
// move, w or b); without the rook in "kk", e.g. "Kb2 kd4 b".
#ifndef RETRO_TESTS_KIT_KRK_RULES_H_
#define RETRO_TESTS_KIT_KRK_RULES_H_

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "retro/kit/loopy_wdl_rules.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace krk {

inline constexpr int kMinSize = 3;
inline constexpr int kMaxSize = 8;
inline constexpr int kDefaultSize = 4;
inline constexpr int kNoRook = -1;

// A board: the three pieces' squares (wr == kNoRook once the rook is
// captured) and the side to move. Any such triple; IsPosition tells whether
// it is one the game can have.
struct Position {
  int wk = 0, wr = kNoRook, bk = 0;
  bool white_to_move = true;
  friend bool operator==(const Position&, const Position&) = default;
};

// One move: the piece ('K', 'R' or 'k'), its squares, and whether it takes
// the rook (black only).
struct Move {
  char piece = 'K';
  int from = 0, to = 0;
  bool capture = false;
};

// The game on an N×N board, as the kit's LoopyWdlRules.
class Rules {
 public:
  using Position = krk::Position;
  using Move = krk::Move;

  explicit Rules(int size = kDefaultSize) : n_(size), squares_(size * size) {}

  // The solve parameter --size, and the rules for its value.
  static std::vector<retro::ParameterSpec> Parameters() {
    return {{.name = "size",
             .value_name = "N",
             .description = absl::StrCat("the board is N×N squares (", kMinSize, "..", kMaxSize,
                                         ")"),
             .default_value = std::to_string(kDefaultSize),
             .choices = {}}};
  }
  static absl::StatusOr<Rules> Create(const retro::ParameterValues& values) {
    RETRO_ASSIGN_OR_RETURN(const int64_t size,
                           retro::GetIntParameter(values, "size", kMinSize, kMaxSize));
    return Rules(static_cast<int>(size));
  }
  std::string default_file_name() const { return absl::StrCat("krk-", n_, ".retro"); }
  int size() const { return n_; }

  // Indexer.
  int num_slices() const { return 2; }
  uint64_t slice_size(int slice) const {
    const uint64_t s = squares_;
    return (slice == 0 ? s * s : s * s * s) * 2;
  }
  std::string slice_name(int slice) const { return slice == 0 ? "kk" : "krk"; }
  Position Unrank(int slice, uint64_t index) const {
    Position p;
    p.white_to_move = index % 2 == 0;
    index /= 2;
    p.bk = static_cast<int>(index % squares_);
    index /= squares_;
    if (slice == 1) {
      p.wr = static_cast<int>(index % squares_);
      index /= squares_;
    }
    p.wk = static_cast<int>(index);
    return p;
  }
  retro::SliceIndex Rank(const Position& p) const {
    const uint64_t stm = p.white_to_move ? 0 : 1, wk = p.wk, wr = p.wr, bk = p.bk;
    if (p.wr == kNoRook) return {0, (wk * squares_ + bk) * 2 + stm};
    return {1, ((wk * squares_ + wr) * squares_ + bk) * 2 + stm};
  }
  bool IsPosition(const Position& p) const { return Illegality(p) == nullptr; }

  // Outcome and moves.
  std::optional<retro::WdlOutcome> Outcome(const Position& p) const {
    if (p.wr == kNoRook) return retro::WdlOutcome::Draw();
    bool any = false;
    ForEachMove(p, [&](const Move&, const Position&) { any = true; });
    if (any) return std::nullopt;
    return InCheck(p) ? retro::WdlOutcome::Loss(0) : retro::WdlOutcome::Draw();
  }
  // Calls visit(move, child) per legal move; none with bare kings.
  template <typename Visit>
  void ForEachMove(const Position& p, Visit&& visit) const {
    if (p.wr == kNoRook) return;
    if (p.white_to_move) {
      ForEachNeighbour(p.wk, [&](int to) {
        if (to != p.wr && !Adjacent(to, p.bk)) {
          visit(Move{'K', p.wk, to, false}, Position{to, p.wr, p.bk, false});
        }
      });
      ForEachRookSquare(p, [&](int to) {
        visit(Move{'R', p.wr, to, false}, Position{p.wk, to, p.bk, false});
      });
    } else {
      ForEachNeighbour(p.bk, [&](int to) {
        if (Adjacent(to, p.wk)) return;
        if (to == p.wr) {
          visit(Move{'k', p.bk, to, true}, Position{p.wk, kNoRook, to, true});
        } else if (!RookAttacks(p.wr, p.wk, to)) {
          visit(Move{'k', p.bk, to, false}, Position{p.wk, p.wr, to, true});
        }
      });
    }
  }
  // Calls visit(parent) per move parent -> p inside p's slice. Every parent
  // found has that move, so none is over; captures leave the slice, so
  // there are no un-captures.
  template <typename Visit>
  void ForEachTakeBack(const Position& p, Visit&& visit) const {
    if (p.wr == kNoRook) return;
    if (p.white_to_move) {
      // Black moved last: its king came from an empty square next to it,
      // not next to the white king (the rook, which ignores the black king,
      // does not attack p.bk, so the move was legal).
      ForEachNeighbour(p.bk, [&](int from) {
        if (from != p.wk && from != p.wr && !Adjacent(from, p.wk)) {
          visit(Position{p.wk, p.wr, from, false});
        }
      });
      return;
    }
    // White moved last, and black was not in check before it.
    ForEachNeighbour(p.wk, [&](int from) {
      if (from != p.wr && from != p.bk && !Adjacent(from, p.bk) &&
          !RookAttacks(p.wr, from, p.bk)) {
        visit(Position{from, p.wr, p.bk, true});
      }
    });
    ForEachRookSquare(p, [&](int from) {
      if (!RookAttacks(from, p.wk, p.bk)) visit(Position{p.wk, from, p.bk, true});
    });
  }

  // Notation.
  std::string Format(const Position& p) const {
    std::string text = absl::StrCat("K", SquareName(p.wk), " ");
    if (p.wr != kNoRook) absl::StrAppend(&text, "R", SquareName(p.wr), " ");
    absl::StrAppend(&text, "k", SquareName(p.bk), p.white_to_move ? " w" : " b");
    return text;
  }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    const std::string quoted = absl::StrCat("position '", text, "'");
    const std::vector<std::string> tokens = absl::StrSplit(text, ' ', absl::SkipEmpty());
    if (tokens.size() != 3 && tokens.size() != 4) {
      return absl::InvalidArgumentError(absl::StrCat(
          quoted, " is not 'K<square> [R<square>] k<square> <w|b>', e.g. ", kExample));
    }
    const bool rook = tokens.size() == 4;
    const std::vector<char> pieces =
        rook ? std::vector<char>{'K', 'R', 'k'} : std::vector<char>{'K', 'k'};
    std::vector<int> squares;
    for (size_t i = 0; i < pieces.size(); ++i) {
      const std::string& token = tokens[i];
      if (token.empty() || token[0] != pieces[i]) {
        return absl::InvalidArgumentError(
            absl::StrCat(quoted, ": expected a piece '", std::string(1, pieces[i]),
                         "' and its square in place of '", token,
                         "'; write 'K<square> [R<square>] k<square> <w|b>', e.g. ",
                         kExample));
      }
      RETRO_ASSIGN_OR_RETURN(const int square, ParseSquare(token.substr(1), quoted));
      squares.push_back(square);
    }
    const std::string& side = tokens.back();
    if (side != "w" && side != "b") {
      return absl::InvalidArgumentError(absl::StrCat(
          quoted, " ends in '", side, "'; the side to move is w (white) or b (black)"));
    }
    const Position p{squares.front(), rook ? squares[1] : kNoRook, squares.back(), side == "w"};
    if (const char* why = Illegality(p)) {
      return absl::InvalidArgumentError(absl::StrCat(quoted, " is illegal: ", why));
    }
    return p;
  }
  std::string FormatMove(const Position&, const Move& move) const {
    return absl::StrCat(std::string(1, move.piece), move.capture ? "x" : "", SquareName(move.to));
  }

  // Optional hooks: the side to move and why a game is over.
  std::string SideToMove(const Position& p) const { return p.white_to_move ? "white" : "black"; }
  std::string GameOverNote(const Position& p) const {
    if (p.wr == kNoRook) return "only the kings are left";
    return InCheck(p) ? "checkmate" : "stalemate";
  }

  // "a1" .. for square rank * N + file.
  std::string SquareName(int square) const {
    return absl::StrCat(std::string(1, static_cast<char>('a' + square % n_)), 1 + square / n_);
  }
  // True when the side to move is in check (only black can be).
  bool InCheck(const Position& p) const {
    return !p.white_to_move && p.wr != kNoRook && RookAttacks(p.wr, p.wk, p.bk);
  }

 private:
  static constexpr char kExample[] = "Ka1 Rc3 kc1 b";

  // Why `p` is no position of the game, or nullptr.
  const char* Illegality(const Position& p) const {
    if (p.wk == p.bk || p.wk == p.wr || p.bk == p.wr) return "two pieces share a square";
    if (Adjacent(p.wk, p.bk)) return "the kings are next to each other";
    if (p.white_to_move && p.wr != kNoRook && RookAttacks(p.wr, p.wk, p.bk)) {
      return "black is in check with white to move";
    }
    return nullptr;
  }

  // The square of "c3" on this board, or InvalidArgument.
  absl::StatusOr<int> ParseSquare(const std::string& name, const std::string& quoted) const {
    const std::string board = absl::StrCat("the ", n_, "x", n_, " board has files a-",
                                           std::string(1, static_cast<char>('a' + n_ - 1)),
                                           " and ranks 1-", n_);
    const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    if (name.size() < 2 || name.size() > 3 || name[0] < 'a' || name[0] > 'z' ||
        !is_digit(name[1]) || name[1] == '0' || (name.size() == 3 && !is_digit(name[2]))) {
      return absl::InvalidArgumentError(
          absl::StrCat(quoted, ": '", name, "' is not a square like c3"));
    }
    const int file = name[0] - 'a';
    const int rank = std::stoi(name.substr(1));
    if (file >= n_ || rank > n_) {
      return absl::InvalidArgumentError(
          absl::StrCat(quoted, ": square '", name, "' is off the board; ", board));
    }
    return (rank - 1) * n_ + file;
  }

  bool Adjacent(int a, int b) const {
    return a != b && std::abs(a % n_ - b % n_) <= 1 && std::abs(a / n_ - b / n_) <= 1;
  }

  // Calls visit(square) per square next to `square`.
  template <typename Visit>
  void ForEachNeighbour(int square, Visit&& visit) const {
    const int file = square % n_, rank = square / n_;
    for (int dr = -1; dr <= 1; ++dr) {
      for (int df = -1; df <= 1; ++df) {
        const int f = file + df, r = rank + dr;
        if ((df != 0 || dr != 0) && f >= 0 && f < n_ && r >= 0 && r < n_) visit(r * n_ + f);
      }
    }
  }

  // Calls visit(square) per square the rook of `p` slides to along its rank
  // and file, stopping before either king (the squares it can come from).
  template <typename Visit>
  void ForEachRookSquare(const Position& p, Visit&& visit) const {
    const int from = p.wr;
    static constexpr int kSteps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (const auto& [df, dr] : kSteps) {
      for (int f = from % n_ + df, r = from / n_ + dr; f >= 0 && f < n_ && r >= 0 && r < n_;
           f += df, r += dr) {
        const int square = r * n_ + f;
        if (square == p.wk || square == p.bk) break;
        visit(square);
      }
    }
  }

  // True when a rook on `rook` attacks `target` on a board where only the
  // white king on `king` blocks (the black king does not shield the squares
  // behind it).
  bool RookAttacks(int rook, int king, int target) const {
    if (rook == target) return false;
    const int rf = rook % n_, rr = rook / n_, tf = target % n_, tr = target / n_;
    if (rf != tf && rr != tr) return false;
    const int kf = king % n_, kr = king / n_;
    if (rf == tf) return !(kf == rf && kr > std::min(rr, tr) && kr < std::max(rr, tr));
    return !(kr == rr && kf > std::min(rf, tf) && kf < std::max(rf, tf));
  }

  int n_;
  int squares_;
};

}  // namespace krk

#endif  // RETRO_TESTS_KIT_KRK_RULES_H_
