// The moves of one occupied set, for a scheme that ranks a placement from a
// part its occupied set alone gives (SymmetricIndexer::OfSet, then
// Rank(us, set)). Every step, un-step or capture leads to an occupied set
// that depends on the set and the move only, not on the colours, so the
// costly part of each child's or predecessor's rank (its set's smallest
// image under the symmetries and its block) is computed once per point of
// the set and reused by every colouring: the solver meets the colourings of
// a set one after another. Points are prepared lazily, so that a scattered
// visit (a sparse frontier) pays no more than ranking directly.
#ifndef PLUGINS_SURAKARTA_OCCUPIED_SET_EDGES_H_
#define PLUGINS_SURAKARTA_OCCUPIED_SET_EDGES_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <utility>

#include "games/surakarta/board.h"
#include "games/surakarta/movegen.h"

namespace retro::surakarta {

// What a scheme offers to rank by occupied set (SymmetricIndexer).
template <typename Scheme>
concept RanksBySet = requires(const Scheme& s, Bitboard b) {
  { s.OfSet(b) } -> std::same_as<typename Scheme::SetRank>;
  { s.Rank(b, s.OfSet(b)) } -> std::convertible_to<uint64_t>;
};

// The edges of the occupied set last given to Reset, by point.
template <RanksBySet Scheme>
class OccupiedSetEdges {
 public:
  using SetRank = typename Scheme::SetRank;

  // One move's far end: the set it leads to (a step's child or an
  // un-step's predecessor) and the point the moving piece stands on there.
  struct Edge {
    SetRank set;
    Bitboard mover = 0;
    // For steps, set by MarkSharedSteps: another step of the set leads to a
    // set of the same orbit (the same smallest image), so the two may reach
    // the same class; steps not shared reach classes of their own.
    bool shared = false;
  };

  // Starts over for `occupied` unless it is the set already held.
  void Reset(Bitboard occupied) {
    if (occupied == occupied_ && valid_) return;
    occupied_ = occupied;
    valid_ = true;
    steps_ready_ = unsteps_ready_ = captures_ready_ = 0;
    steps_marked_ = false;
  }

  // The steps of the piece on `from` (a point of the set): each child's set
  // (the set with `from` moved to an empty neighbour), ranked by `scheme`.
  std::span<const Edge> StepsFrom(int from, const Scheme& scheme) {
    return EdgesOf(from, StepTargets(from, occupied_), scheme, steps_, step_count_, steps_ready_);
  }

  // The un-steps onto `to` (a point of the set): each predecessor's set
  // (the piece on `to` back on an empty neighbour `mover`).
  std::span<const Edge> UnStepsTo(int to, const Scheme& scheme) {
    return EdgesOf(to, Neighbours(to) & ~occupied_, scheme, unsteps_, unstep_count_,
                   unsteps_ready_);
  }

  // Prepares the steps of every point of the set and marks the shared ones;
  // then HasSharedSteps(from) tells the points with shared steps and
  // UnsharedStepCount(from) the number of the others.
  void MarkSharedSteps(const Scheme& scheme) {
    if (steps_marked_) return;
    for (Bitboard b = occupied_; b;) StepsFrom(PopLowest(b), scheme);
    shared_steps_ = MarkShared(steps_, step_count_, unshared_steps_);
    steps_marked_ = true;
  }
  bool HasSharedSteps(int from) const { return shared_steps_ & SquareBit(from); }
  int UnsharedStepCount(int from) const { return unshared_steps_[from]; }

  // The pieces a capture walk from `from` meets first (CaptureFirstHits;
  // none from a corner), and the set after any capture by it (the set
  // without `from`), ranked by `smaller`.
  Bitboard FirstHits(int from, const Scheme& smaller) {
    if (!(captures_ready_ & SquareBit(from))) {
      const Bitboard from_bit = SquareBit(from);
      first_hits_[from] = (from_bit & kCorners) ? 0 : CaptureFirstHits(from, occupied_);
      if (first_hits_[from] != 0) capture_sets_[from] = smaller.OfSet(occupied_ ^ from_bit);
      captures_ready_ |= from_bit;
    }
    return first_hits_[from];
  }
  const SetRank& CaptureSet(int from) const { return capture_sets_[from]; }

 private:
  // Most empty neighbours of a point.
  static constexpr int kMaxNeighbours = 8;
  using PointEdges = std::array<std::array<Edge, kMaxNeighbours>, kSquares>;

  // The edges of `point` (in `edges`, `count` of them), made on first use
  // (`ready` marks the points done): one per point of `movers`, each
  // leading to the set with the piece on `point` moved there.
  std::span<const Edge> EdgesOf(int point, Bitboard movers, const Scheme& scheme, PointEdges& edges,
                                std::array<uint8_t, kSquares>& count, Bitboard& ready) const {
    if (!(ready & SquareBit(point))) {
      int n = 0;
      for (; movers; ++n) {
        edges[point][n].mover = SquareBit(PopLowest(movers));
        edges[point][n].set = scheme.OfSet((occupied_ ^ SquareBit(point)) | edges[point][n].mover);
      }
      count[point] = static_cast<uint8_t>(n);
      ready |= SquareBit(point);
    }
    return {edges[point].data(), count[point]};
  }

  // Marks the edges of the set's points in `edges` (with `count` edges a
  // point) that share their set's orbit with another; counts the others
  // per point in `unshared`. Returns the points with a shared edge.
  Bitboard MarkShared(PointEdges& edges, const std::array<uint8_t, kSquares>& count,
                      std::array<uint8_t, kSquares>& unshared) const {
    std::array<std::pair<Bitboard, Edge*>, kSquares * kMaxNeighbours> orbits;
    int n = 0;
    for (Bitboard b = occupied_; b;) {
      const int point = PopLowest(b);
      for (int i = 0; i < count[point]; ++i) {
        edges[point][i].shared = false;
        orbits[n++] = {edges[point][i].set.smallest, &edges[point][i]};
      }
      unshared[point] = count[point];
    }
    std::sort(orbits.begin(), orbits.begin() + n,
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (int i = 1; i < n; ++i) {
      if (orbits[i].first == orbits[i - 1].first) {
        orbits[i].second->shared = orbits[i - 1].second->shared = true;
      }
    }
    Bitboard points = 0;
    for (Bitboard b = occupied_; b;) {
      const int point = PopLowest(b);
      for (int i = 0; i < count[point]; ++i) {
        if (edges[point][i].shared) {
          --unshared[point];
          points |= SquareBit(point);
        }
      }
    }
    return points;
  }

  Bitboard occupied_ = 0;
  bool valid_ = false;
  Bitboard steps_ready_ = 0, unsteps_ready_ = 0, captures_ready_ = 0;
  bool steps_marked_ = false;
  Bitboard shared_steps_ = 0;
  PointEdges steps_;
  std::array<uint8_t, kSquares> step_count_;
  std::array<uint8_t, kSquares> unshared_steps_;
  PointEdges unsteps_;
  std::array<uint8_t, kSquares> unstep_count_;
  std::array<Bitboard, kSquares> first_hits_;
  std::array<SetRank, kSquares> capture_sets_;
};

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_OCCUPIED_SET_EDGES_H_
