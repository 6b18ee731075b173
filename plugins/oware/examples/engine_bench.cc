// Nodes per second of the whole-game engine (games/oware/engine.h) with and
// without a book, from mid-game positions reached by a fixed random playout,
// and the warm cost of one book probe. Not a test: prints a table.
//
//   oware_engine_bench oware-9.retro [nodes per search] [evaluation:
//   material|d3|d5]
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "games/oware/engine.h"
#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "games/oware/position.h"
#include "plugins/oware/book.h"
#include "plugins/oware/book_oracle.h"

namespace retro::oware {
namespace {

// Positions of a random game (fixed seed) when the board first holds at most
// each of `targets` seeds.
std::vector<Position> MidGamePositions(const std::vector<int>& targets, uint32_t seed) {
  std::vector<Position> out;
  std::mt19937 rng(seed);
  const GameRules game;
  Position pos = Position::Start();
  size_t next = 0;
  while (next < targets.size() && !FinalDifference(pos, game)) {
    if (TotalSeeds(pos.board) <= targets[next]) {
      if (out.empty() || !(out.back() == pos)) out.push_back(pos);
      ++next;
      continue;
    }
    Move moves[kMaxMoves];
    const int n = GenerateMoves(pos.board, game.rules, moves);
    // Prefer captures, so that seeds leave the board at a realistic pace.
    int pick = std::uniform_int_distribution<int>(0, n - 1)(rng);
    for (int i = 0; i < n; ++i) {
      if (moves[i].captured > moves[pick].captured) pick = i;
    }
    pos = pos.Play(moves[pick]);
  }
  return out;
}

int Run(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s BOOK [NODES] [material|d3|d5]\n", argv[0]);
    return 2;
  }
  auto book = Book::Open(argv[1]);
  if (!book.ok()) {
    std::fprintf(stderr, "%s\n", std::string(book.status().message()).c_str());
    return 1;
  }
  const uint64_t nodes = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 2'000'000;
  EngineOptions options;
  options.table_megabytes = 64;
  if (argc > 3 && std::string(argv[3]) == "d3") options.evaluation = EvaluationKind::kEvolvedDepth3;
  if (argc > 3 && std::string(argv[3]) == "d5") options.evaluation = EvaluationKind::kEvolvedDepth5;
  auto oracle = BookOracle::Create(**book, options.game.rules);
  if (!oracle.ok()) {
    std::fprintf(stderr, "%s\n", std::string(oracle.status().message()).c_str());
    return 1;
  }

  // Warm probe cost: random boards with at most the book's seeds, at 100
  // to 129 plies left; without and with the index of final values (which
  // `retro play`'s engine makes for books of up to 16 seeds, and the
  // searches below use).
  auto probe_cost = [&](const char* what) {
    std::mt19937 rng(1);
    std::vector<Board> boards(1 << 16);
    for (Board& b : boards) {
      const int seeds = std::uniform_int_distribution<int>(1, (*book)->seeds())(rng);
      for (int i = 0; i < seeds; ++i) ++b.houses[std::uniform_int_distribution<int>(0, 11)(rng)];
    }
    int64_t sum = 0;
    for (const Board& b : boards) sum += *oracle->NetValue(b, 150);
    const auto start = std::chrono::steady_clock::now();
    constexpr int kRounds = 30;
    for (int r = 0; r < kRounds; ++r) {
      for (const Board& b : boards) sum += *oracle->NetValue(b, 100 + r);
    }
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("book %d seeds: warm probe %.1f ns %s (checksum %lld)\n", (*book)->seeds(),
                1e9 * s / (kRounds * boards.size()), what, static_cast<long long>(sum));
  };
  probe_cost("without the index");
  const auto index_start = std::chrono::steady_clock::now();
  const uint64_t index_bytes = (*book)->IndexFinalValues();
  const double index_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - index_start).count();
  probe_cost(("with the index of final values (" + std::to_string(index_bytes) +
              " bytes, made in " + std::to_string(static_cast<int>(1000 * index_seconds)) + " ms)")
                 .c_str());

  // One search of `pos` by a fresh engine, with or without the book.
  const auto search = [&](const Position& pos, bool with_book, uint64_t max_nodes) {
    SearchLimits limits;
    limits.max_nodes = max_nodes;
    return with_book ? Engine<BookOracle>(options, *oracle).Search(pos, limits)
                     : Engine<>(options).Search(pos, limits);
  };
  std::printf("%-28s %5s %6s %10s %8s %10s %9s %6s %5s\n", "position", "seeds", "book", "nodes",
              "seconds", "nodes/s", "hits", "depth", "exact");
  for (const uint32_t seed : {1u, 2u, 3u}) {
    for (const Position& pos : MidGamePositions({28, 20, 16, 13}, seed)) {
      for (const bool with_book : {false, true}) {
        const SearchResult r = search(pos, with_book, nodes);
        std::printf("%-28s %5d %6s %10llu %8.3f %10.0f %9llu %6d %5s\n",
                    FormatBoard(pos.board).c_str(), TotalSeeds(pos.board), with_book ? "yes" : "no",
                    static_cast<unsigned long long>(r.nodes), r.seconds, r.nodes / r.seconds,
                    static_cast<unsigned long long>(r.book_hits), r.depth, r.exact ? "yes" : "no");
      }
    }
  }
  // Solving: nodes until the root value is exact (or the budget of 20x the
  // per-search nodes runs out), a few seeds above the book.
  std::printf("\nsolve (budget %llu nodes)\n", static_cast<unsigned long long>(20 * nodes));
  std::printf("%-28s %5s %6s %10s %8s %6s %5s %6s\n", "position", "seeds", "book", "nodes",
              "seconds", "depth", "exact", "diff");
  const int above = (*book)->seeds();
  for (const uint32_t seed : {1u, 2u, 3u, 4u}) {
    for (const Position& pos : MidGamePositions({above + 3, above + 1}, seed)) {
      for (const bool with_book : {false, true}) {
        const SearchResult r = search(pos, with_book, 20 * nodes);
        std::printf("%-28s %5d %6s %10llu %8.3f %6d %5s %6s\n", FormatBoard(pos.board).c_str(),
                    TotalSeeds(pos.board), with_book ? "yes" : "no",
                    static_cast<unsigned long long>(r.nodes), r.seconds, r.depth,
                    r.exact ? "yes" : "no",
                    r.exact ? std::to_string(*r.final_difference()).c_str() : "-");
      }
    }
  }
  return 0;
}

}  // namespace
}  // namespace retro::oware

int main(int argc, char** argv) { return retro::oware::Run(argc, argv); }
