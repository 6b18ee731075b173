// Implementation of the Surakarta text notation (see notation.h).
#include "games/surakarta/notation.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "retro/status_macros.h"

namespace retro::surakarta {

std::string SquareName(int square) {
  if (square < 0 || square >= kSquares) return "??";
  return {static_cast<char>('a' + ColumnOf(square)), static_cast<char>('1' + RowOf(square))};
}

absl::StatusOr<int> ParseSquare(absl::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'f' || text[1] < '1' || text[1] > '6') {
    return absl::InvalidArgumentError(
        absl::StrCat("bad square '", text,
                     "': expected a file a..f followed by a rank 1..6, "
                     "e.g. 'c3'"));
  }
  return MakeSquare(text[1] - '1', text[0] - 'a');
}

std::string FormatPosition(const Position& p) {
  const Bitboard x = p.pieces(Color::kX);
  const Bitboard o = p.pieces(Color::kO);
  std::string text;
  for (int row = 0; row < kRows; ++row) {
    if (row > 0) text += '/';
    for (int column = 0; column < kColumns; ++column) {
      const Bitboard bit = SquareBit(MakeSquare(row, column));
      text += (x & bit) ? 'X' : (o & bit) ? 'O' : '.';
    }
  }
  text += p.to_move == Color::kX ? " X" : " O";
  return text;
}

absl::StatusOr<Position> PositionFromCells(std::span<const int32_t> cells) {
  constexpr int kCells = kRows * kColumns;
  if (cells.size() != kCells + 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("a binary Surakarta position has ", kCells + 1,
                     " integers (36 squares a1..f6, then the side to move), not ", cells.size()));
  }
  // Without a branch a square (probes read random boards): the bad
  // squares' bits gathered, named only when there is one. Where SSE2 is,
  // sixteen squares at a time: their integers narrowed to bytes with
  // signed saturation (which keeps every value outside 0..2 outside it),
  // then compared byte by byte.
  Bitboard x = 0, o = 0, bad = 0;
#if defined(__SSE2__)
  static_assert(kCells == 36);
  const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1), two = _mm_set1_epi8(2);
  const auto load = [&](int square) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(&cells[square]));
  };
  const auto narrow = [](__m128i a, __m128i b, __m128i c, __m128i d) {
    return _mm_packs_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d));
  };
  const auto gather = [&](__m128i sixteen, int first_square) {
    const auto mask = [](__m128i bytes) { return static_cast<uint32_t>(_mm_movemask_epi8(bytes)); };
    const uint32_t is_x = mask(_mm_cmpeq_epi8(sixteen, one));
    const uint32_t is_o = mask(_mm_cmpeq_epi8(sixteen, two));
    const uint32_t is_empty = mask(_mm_cmpeq_epi8(sixteen, zero));
    x |= Bitboard{is_x} << first_square;
    o |= Bitboard{is_o} << first_square;
    bad |= Bitboard{~(is_x | is_o | is_empty) & 0xFFFFu} << first_square;
  };
  gather(narrow(load(0), load(4), load(8), load(12)), 0);
  gather(narrow(load(16), load(20), load(24), load(28)), 16);
  gather(narrow(load(32), zero, zero, zero), 32);  // the last four (zeros: empty)
#else
  for (int square = 0; square < kCells; ++square) {
    const int32_t cell = cells[square];
    x |= Bitboard{cell == 1} << square;
    o |= Bitboard{cell == 2} << square;
    bad |= Bitboard{static_cast<uint32_t>(cell) > 2} << square;
  }
#endif
  if (bad != 0) {
    const int square = std::countr_zero(bad);
    return absl::InvalidArgumentError(absl::StrCat("square ", SquareName(square), " holds ",
                                                   cells[square],
                                                   "; a square is 0 (empty), 1 (X) or 2 (O)"));
  }
  const int32_t side = cells[kCells];
  if (side != 1 && side != 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("the side to move is ", side, "; it is 1 (X) or 2 (O)"));
  }
  return MakePosition(x, o, side == 1 ? Color::kX : Color::kO);
}

namespace {

// The position of `text` when it is exactly in the form FormatPosition
// writes (six rows of six of X, O and '.', '/' between them, a space, X or
// O), read in one pass; nullopt for any other text, which ParsePosition
// then reads field by field and names what is wrong.
std::optional<Position> ParseCanonical(absl::string_view text) {
  constexpr size_t kLength = kRows * (kColumns + 1) + 1;
  if (text.size() != kLength || text[kLength - 2] != ' ') return std::nullopt;
  Bitboard x = 0, o = 0;
  for (int row = 0; row < kRows; ++row) {
    const char* cells = text.data() + row * (kColumns + 1);
    if (row > 0 && cells[-1] != '/') return std::nullopt;
    for (int column = 0; column < kColumns; ++column) {
      const char ch = cells[column];
      const Bitboard bit = SquareBit(MakeSquare(row, column));
      x |= ch == 'X' ? bit : 0;
      o |= ch == 'O' ? bit : 0;
      if (ch != 'X' && ch != 'O' && ch != '.') return std::nullopt;
    }
  }
  const char side = text[kLength - 1];
  if (side != 'X' && side != 'O') return std::nullopt;
  return MakePosition(x, o, side == 'X' ? Color::kX : Color::kO);
}

}  // namespace

absl::StatusOr<Position> ParsePosition(absl::string_view text) {
  if (const std::optional<Position> p = ParseCanonical(text)) return *p;
  constexpr absl::string_view kExample =
      "expected six rows of six characters from {X, O, .} separated by '/' "
      "(rank 1 first), a space and the side to move X or O, e.g. "
      "'XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO X'";
  const absl::string_view stripped = absl::StripAsciiWhitespace(text);
  // Inline vectors: probes parse a position at every call.
  const absl::InlinedVector<absl::string_view, 4> fields =
      absl::StrSplit(stripped, ' ', absl::SkipEmpty());
  if (fields.size() != 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bad position '", text, "': found ", fields.size(), " space-separated fields; ", kExample));
  }
  const absl::InlinedVector<absl::string_view, 8> rows = absl::StrSplit(fields[0], '/');
  if (rows.size() != kRows) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad position '", text, "': found ", rows.size(), " rows; ", kExample));
  }
  for (int row = 0; row < kRows; ++row) {
    if (rows[row].size() != kColumns) {
      return absl::InvalidArgumentError(absl::StrCat("bad position '", text, "': row ", row + 1,
                                                     " ('", rows[row], "') has ", rows[row].size(),
                                                     " characters; ", kExample));
    }
    if (const size_t column = rows[row].find_first_not_of("XO.");
        column != absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad position '", text, "': unexpected character '",
                       rows[row].substr(column, 1), "' in row ", row + 1, "; ", kExample));
    }
  }
  if (fields[1] != "X" && fields[1] != "O") {
    return absl::InvalidArgumentError(
        absl::StrCat("bad position '", text, "': side to move '", fields[1], "' must be X or O"));
  }
  // Valid: the same fields with one space between them are canonical.
  return *ParseCanonical(absl::StrCat(fields[0], " ", fields[1]));
}

std::string FormatMove(Move move) {
  return absl::StrCat(SquareName(move.from), move.capture ? "x" : "-", SquareName(move.to));
}

absl::StatusOr<Move> ParseMove(absl::string_view text) {
  const absl::string_view stripped = absl::StripAsciiWhitespace(text);
  if (stripped.size() != 5 || (stripped[2] != '-' && stripped[2] != 'x')) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad move '", text,
                     "': expected from-square, '-' (step) or 'x' (capture), "
                     "to-square, e.g. 'b2-b3' or 'b2xd5'"));
  }
  RETRO_ASSIGN_OR_RETURN(const int from, ParseSquare(stripped.substr(0, 2)));
  RETRO_ASSIGN_OR_RETURN(const int to, ParseSquare(stripped.substr(3, 2)));
  return Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to), stripped[2] == 'x'};
}

absl::StatusOr<Move> ParseLegalMove(const Position& p, absl::string_view text) {
  RETRO_ASSIGN_OR_RETURN(const Move parsed, ParseMove(text));
  MoveList moves;
  GenerateMoves(p, moves);
  if (std::find(moves.begin(), moves.end(), parsed) != moves.end()) return parsed;
  const auto format = [](std::string* out, const Move& m) { out->append(FormatMove(m)); };
  return absl::InvalidArgumentError(
      absl::StrCat("illegal move '", text, "' in ", FormatPosition(p),
                   "; legal moves: ", moves.empty() ? "none" : absl::StrJoin(moves, " ", format)));
}

}  // namespace retro::surakarta
