// Oware's play capability (retro/play.h): players are the whole-game engine
// (games/oware/engine.h) with an evaluation, a budget and optionally an
// endgame book (plugins/oware/book_oracle.h); games are abapa under the
// default rules (200 plies, seeds left at the limit to nobody, 25 of 48
// wins). Player spec keys:
//   book=FILE      an oware book, probed at every node it covers
//   eval=material|evolved3|evolved5
//   depth=D | nodes=N | time-ms=T   the budget per move (at most one;
//                                   default nodes=1000000)
//   hash-mb=MB     transposition table per engine, 1..4096 MiB (default 16)
// A book named by several players is opened once and shared.
#ifndef PLUGINS_OWARE_PLAY_H_
#define PLUGINS_OWARE_PLAY_H_

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "absl/status/statusor.h"
#include "plugins/oware/book.h"
#include "retro/play.h"

namespace retro::oware {

// Plies of a random opening (RandomOpening), each a uniformly random legal
// move from the start.
inline constexpr int kOpeningPlies = 6;

class OwarePlay : public PlayCapability {
 public:
  OwarePlay();

  const PlayDescription& DescribePlay() const override { return description_; }
  absl::StatusOr<std::unique_ptr<Player>> CreatePlayer(const ParameterValues& spec) override;
  // kOpeningPlies random moves from the start, as houses: "2 5 0 3 1 4".
  std::string RandomOpening(uint64_t seed) const override;
  absl::StatusOr<GameRecord> PlayGame(const Player& first, const Player& second,
                                      const std::string& opening) const override;
  // `position`: a board (notation.h; empty: the start), completed by the
  // options score ("A-B", the side to move's first) and plies-played.
  absl::StatusOr<Report> Analyse(const Player& player, const std::string& position,
                                 const ParameterValues& position_options) const override;

 private:
  // The book at `path`, opened on first use.
  absl::StatusOr<std::shared_ptr<const Book>> OpenBook(const std::string& path);

  PlayDescription description_;
  std::mutex books_mutex_;
  std::map<std::string, std::shared_ptr<const Book>> books_;
};

}  // namespace retro::oware

#endif  // PLUGINS_OWARE_PLAY_H_
