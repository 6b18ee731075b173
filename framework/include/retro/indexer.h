// The indexer contract shared by every game: a perfect hash from the
// positions of one slice (oware: the boards with n seeds) onto the dense
// range [0, Size(slice)), and its inverse. Solvers store one value per index,
// so the index function sits on the hottest path of every retrograde solve;
// games usually offer several schemes and benchmarks compare them
// (docs/indexing.md).
//
//   template <SlicedIndexer<Board> Indexer>
//   void Walk(const Indexer& indexer, int slice) {
//     for (uint64_t i = 0; i < indexer.Size(slice); ++i) {
//       const Board board = indexer.Unrank(slice, i);
//       assert(indexer.Rank(board) == i);
//     }
//   }
//
// Required (SlicedIndexer<I, Position>), on a const indexer and safe to call
// from several threads at once:
//   uint64_t Size(int slice)                 positions in `slice`
//   uint64_t Rank(const Position& p)         rank of p within its own slice,
//                                            in [0, Size(slice of p))
//   Position Unrank(int slice, uint64_t r)   the position of `slice` with
//                                            rank r < Size(slice)
// Rank and Unrank are inverse bijections for every slice the indexer was
// built for. The slice of a position is the game's business (the caller
// knows it: oware computes it from the captures of a move).
//
// A game whose slices are separate tables (Surakarta: one per piece count;
// Plakoto: one per checker count) numbers each with a TableIndexer:
//   uint64_t Size()  uint64_t Rank(const Position&)  Position Unrank(r)
// and retro::TableSlices (retro/table_slices.h) makes the tables one
// SlicedIndexer.
//
// Optional (IncrementalRanking<I, Position, Move>): re-ranking a child from
// its parent's rank, for schemes where a move changes the rank by a few table
// terms:
//   uint64_t RankChild(const Position& parent, uint64_t parent_rank,
//                      const Move& move)     == Rank(child of move)
// Solver adapters use it when present (`if constexpr`).
#ifndef RETRO_INDEXER_H_
#define RETRO_INDEXER_H_

#include <concepts>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace retro {

// A bijection between each slice's positions and [0, Size(slice)); see the
// contract above.
template <typename I, typename Position>
concept SlicedIndexer = requires(const I& indexer, const Position& position,
                                 int slice, uint64_t rank) {
  { indexer.Size(slice) } -> std::convertible_to<uint64_t>;
  { indexer.Rank(position) } -> std::convertible_to<uint64_t>;
  { indexer.Unrank(slice, rank) } -> std::same_as<Position>;
};

// A bijection between the positions of one table and [0, Size()).
template <typename T, typename Position>
concept TableIndexer = requires(const T& table, const Position& position, uint64_t rank) {
  { table.Size() } -> std::convertible_to<uint64_t>;
  { table.Rank(position) } -> std::convertible_to<uint64_t>;
  { table.Unrank(rank) } -> std::same_as<Position>;
};

// The position type a table indexer unranks to.
template <typename T>
using TablePosition = std::remove_cvref_t<decltype(std::declval<const T&>().Unrank(uint64_t{}))>;

// A SlicedIndexer that can also rank the child a move leads to from the
// parent's rank: RankChild(parent, parent_rank, move) == Rank(child).
template <typename I, typename Position, typename Move>
concept IncrementalRanking =
    SlicedIndexer<I, Position> &&
    requires(const I& indexer, const Position& parent, uint64_t parent_rank,
             const Move& move) {
      {
        indexer.RankChild(parent, parent_rank, move)
      } -> std::convertible_to<uint64_t>;
    };

}  // namespace retro

#endif  // RETRO_INDEXER_H_
