// A slow, independent implementation of the Surakarta move rules written
// straight from the specification (coordinates, explicit circuit walks), used
// to cross-check the bitboard move generator and by the slow reference
// solver.
#ifndef TESTS_SURAKARTA_REFERENCE_RULES_H_
#define TESTS_SURAKARTA_REFERENCE_RULES_H_

#include <array>
#include <cstdint>
#include <set>
#include <utility>

namespace retro::surakarta::reference {

// 'u' = side to move, 't' = opponent, '.' = empty; index 6 * row + column.
using Board = std::array<char, 36>;

// (from, to, capture) triples.
using MoveSet = std::set<std::tuple<int, int, bool>>;

inline MoveSet LegalMoves(const Board& board) {
  static const int kLoops[2][24] = {
      {6,  7,  8,  9,  10, 11, 4,  10, 16, 22, 28, 34,
       29, 28, 27, 26, 25, 24, 31, 25, 19, 13, 7,  1},
      {12, 13, 14, 15, 16, 17, 3,  9,  15, 21, 27, 33,
       23, 22, 21, 20, 19, 18, 32, 26, 20, 14, 8,  2}};
  MoveSet moves;
  for (int from = 0; from < 36; ++from) {
    if (board[from] != 'u') continue;
    const int r = from / 6, c = from % 6;
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        const int rr = r + dr, cc = c + dc;
        if ((dr || dc) && rr >= 0 && rr < 6 && cc >= 0 && cc < 6 &&
            board[rr * 6 + cc] == '.') {
          moves.insert({from, rr * 6 + cc, false});
        }
      }
    }
    for (const auto& loop : kLoops) {
      for (int start = 0; start < 24; ++start) {
        if (loop[start] != from) continue;
        for (int dir : {1, -1}) {
          int i = start, arcs = 0;
          for (int walked = 0; walked < 24; ++walked) {
            // Entries 5|6, 11|12, 17|18 and 23|0 are joined by arcs.
            const int next = (i + dir + 24) % 24;
            const int low = dir > 0 ? i : next;
            if (low % 6 == 5) ++arcs;
            i = next;
            const int sq = loop[i];
            if (sq == from) continue;  // the start square is empty now
            if (board[sq] == 'u') break;
            if (board[sq] == 't') {
              if (arcs > 0) moves.insert({from, sq, true});
              break;
            }
          }
        }
      }
    }
  }
  return moves;
}

}  // namespace retro::surakarta::reference

#endif  // TESTS_SURAKARTA_REFERENCE_RULES_H_
