// A slow, independent Surakarta tablebase solver for tests: explicit lists of
// positions (enumerated square by square), moves from the reference rules,
// values by plain forward value iteration in order of distance, one piece
// count at a time. Shares nothing with the real solver but the WdlOutcome
// type.
#ifndef TESTS_SURAKARTA_REFERENCE_SOLVER_H_
#define TESTS_SURAKARTA_REFERENCE_SOLVER_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "retro/solver/loopy_wdl.h"
#include "tests/surakarta/reference_rules.h"

namespace retro::surakarta::reference {

// Values keyed by (our pieces, their pieces) bit sets.
using Key = std::pair<uint64_t, uint64_t>;
using ValueMap = absl::flat_hash_map<Key, WdlOutcome>;

inline Key KeyOf(const Board& board) {
  Key key{0, 0};
  for (int s = 0; s < 36; ++s) {
    if (board[s] == 'u') key.first |= uint64_t{1} << s;
    if (board[s] == 't') key.second |= uint64_t{1} << s;
  }
  return key;
}

// All boards with `pieces` pieces, each 'u' or 't'.
inline void EnumerateBoards(int pieces, int square, Board& board,
                            std::vector<Board>& out) {
  if (pieces == 0) {
    out.push_back(board);
    return;
  }
  if (36 - square < pieces) return;
  for (char c : {'u', 't'}) {
    board[square] = c;
    EnumerateBoards(pieces - 1, square + 1, board, out);
  }
  board[square] = '.';
  EnumerateBoards(pieces, square + 1, board, out);
}

// Solves all tables of 1..max_pieces pieces; result[n] holds the n-piece
// positions. `count_rule`: a side with no move wins with more pieces, draws
// with equal material (otherwise it loses).
inline std::vector<ValueMap> SolveAll(int max_pieces, bool count_rule) {
  std::vector<ValueMap> result(max_pieces + 1);
  for (int n = 1; n <= max_pieces; ++n) {
    Board empty;
    empty.fill('.');
    std::vector<Board> boards;
    EnumerateBoards(n, 0, empty, boards);
    absl::flat_hash_map<Key, uint32_t> id;
    for (uint32_t i = 0; i < boards.size(); ++i) id[KeyOf(boards[i])] = i;

    struct Node {
      bool terminal = false;
      WdlOutcome terminal_value;
      std::vector<uint32_t> children;
      std::vector<WdlOutcome> captures;
    };
    std::vector<Node> nodes(boards.size());
    for (uint32_t i = 0; i < boards.size(); ++i) {
      const Board& b = boards[i];
      Node& node = nodes[i];
      int mine = 0, theirs = 0;
      for (char c : b) {
        mine += c == 'u';
        theirs += c == 't';
      }
      if (mine == 0 || theirs == 0) {
        node.terminal = true;
        node.terminal_value =
            mine == 0 ? WdlOutcome::Loss(0) : WdlOutcome::Win(0);
        continue;
      }
      const MoveSet moves = LegalMoves(b);
      if (moves.empty()) {
        node.terminal = true;
        node.terminal_value = !count_rule      ? WdlOutcome::Loss(0)
                              : mine > theirs  ? WdlOutcome::Win(0)
                              : mine == theirs ? WdlOutcome::Draw()
                                               : WdlOutcome::Loss(0);
        continue;
      }
      for (const auto& [from, to, capture] : moves) {
        Board child = b;
        child[to] = 'u';
        child[from] = '.';
        for (char& c : child) c = c == 'u' ? 't' : c == 't' ? 'u' : '.';
        if (capture) {
          const WdlOutcome v = result[n - 1].at(KeyOf(child));
          node.captures.push_back(v.result == Wdl::kLoss  ? WdlOutcome::Win(1)
                                  : v.result == Wdl::kWin ? WdlOutcome::Loss(1)
                                                          : WdlOutcome::Draw());
        } else {
          node.children.push_back(id.at(KeyOf(child)));
        }
      }
    }
    // Value iteration: at step k every value of distance < k is known; give
    // Win(k) to positions with a move worth Win(k), Loss(k) to positions all
    // of whose moves are known losses, the longest worth Loss(k).
    std::vector<bool> known(nodes.size(), false);
    std::vector<WdlOutcome> value(nodes.size(), WdlOutcome::Draw());
    for (int k = 0;; ++k) {
      std::vector<std::pair<uint32_t, WdlOutcome>> found;
      for (uint32_t i = 0; i < nodes.size(); ++i) {
        if (known[i]) continue;
        const Node& node = nodes[i];
        if (node.terminal) {
          if (node.terminal_value.distance == k &&
              node.terminal_value.result != Wdl::kDraw) {
            found.push_back({i, node.terminal_value});
          }
          continue;
        }
        bool win = false, all_lose = true;
        int longest = 0;
        auto consider = [&](WdlOutcome m) {
          if (m == WdlOutcome::Win(k)) win = true;
          if (m.result != Wdl::kLoss) all_lose = false;
          longest = std::max(longest, m.distance);
        };
        for (const WdlOutcome& m : node.captures) consider(m);
        for (uint32_t c : node.children) {
          if (known[c]) {
            consider(WdlOutcome::AfterMove(value[c]));
          } else {
            all_lose = false;
          }
        }
        if (win) {
          found.push_back({i, WdlOutcome::Win(k)});
        } else if (all_lose && longest == k) {
          found.push_back({i, WdlOutcome::Loss(k)});
        }
      }
      if (found.empty() && k >= 1) break;
      for (const auto& [i, v] : found) {
        known[i] = true;
        value[i] = v;
      }
    }
    for (uint32_t i = 0; i < boards.size(); ++i) {
      result[n][KeyOf(boards[i])] = value[i];
    }
  }
  return result;
}

}  // namespace retro::surakarta::reference

#endif  // TESTS_SURAKARTA_REFERENCE_SOLVER_H_
