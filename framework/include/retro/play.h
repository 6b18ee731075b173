// Playing whole games: the optional capability a game plugin offers for
// `retro play` (one search from a position) and `retro match` (many games
// between two players). The framework owns the command line, the player-spec
// syntax, the match runner (pairs, colours, seeds, threads, progress) and the
// statistics (retro/host/match.h, retro/host/match_statistics.h); the plugin supplies
// only the game: what a player spec may say, how to read a position, how to
// create a player, a random opening, one whole game, and a search report.
//
//   PlayCapability* play = module.Play();          // nullptr: no play
//   auto spec = ParsePlayerSpec("book=oware-12.retro,depth=8");
//   RETRO_RETURN_IF_ERROR(CheckPlayerSpec(play->DescribePlay(), *spec, "--a"));
//   auto player = play->CreatePlayer(*spec);       // validates the values
//   GameRecord game = *play->PlayGame(**player, **player, play->RandomOpening(7));
//
// Every method is called from the host once per command or once per game
// (never per move), so the virtual calls cost nothing.
#ifndef RETRO_PLAY_H_
#define RETRO_PLAY_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/game_module.h"
#include "retro/parameters.h"

namespace retro {

// What a game's play capability accepts, for help texts and the host's checks.
struct PlayDescription {
  // The keys of a player spec ("depth", "book", ...). The host refuses any
  // other key and, for keys with choices, any other value; defaults are for
  // help only (absent keys are not filled in: the plugin decides).
  std::vector<ParameterSpec> player_options;
  // The player key `retro play --db FILE` sets (e.g. "book"); empty: none.
  std::string database_key;
  // The options of `retro play` that complete --position (e.g. the score
  // and plies played), resolved with their defaults by the host.
  std::vector<ParameterSpec> position_options;
  // How to write a position for `retro play`, with an example.
  std::string position_syntax;
};

// A player: a search with its settings and resources (an opened database,
// say), created by PlayCapability::CreatePlayer. Immutable once created, so
// that games on several threads can share it; per-game state (search tables)
// lives inside PlayGame.
class Player {
 public:
  virtual ~Player();
};

// Outcome of a game for one player.
enum class Outcome { kLoss = -1, kDraw = 0, kWin = 1 };

// What one player's searches in a game (or a match) cost.
struct SearchTotals {
  uint64_t moves = 0;       // searches made (moves chosen)
  uint64_t nodes = 0;
  uint64_t book_hits = 0;   // positions answered by a database
  double seconds = 0;       // time spent searching

  SearchTotals& operator+=(const SearchTotals& other) {
    moves += other.moves;
    nodes += other.nodes;
    book_hits += other.book_hits;
    seconds += other.seconds;
    return *this;
  }
};

// One whole game, from the view of the player who moved first.
struct GameRecord {
  Outcome outcome = Outcome::kDraw;
  // Final scores (the game's own unit, e.g. seeds) of the first and the
  // second player.
  int first_score = 0;
  int second_score = 0;
  int plies = 0;             // plies of the whole game, opening included
  SearchTotals first;        // the first player's searches
  SearchTotals second;
  std::string moves;         // the moves played after the opening, in notation
};

// The game-specific side of `retro play` and `retro match`. A module that
// offers play returns one from GameModule::Play(); it lives as long as the
// module. PlayGame, RandomOpening and Analyse may be called from several
// threads at once.
class PlayCapability {
 public:
  virtual ~PlayCapability();

  virtual const PlayDescription& DescribePlay() const = 0;

  // Creates a player from `spec`, which holds only the keys given (already
  // checked by CheckPlayerSpec). Validates the values and their combination;
  // errors are InvalidArgument and name the key and what is valid. A
  // database named in several specs should be opened once.
  virtual absl::StatusOr<std::unique_ptr<Player>> CreatePlayer(
      const ParameterValues& spec) = 0;

  // A random opening determined by `seed`: a few random plies after the
  // start, written as PlayGame reads it (and people can read it).
  virtual std::string RandomOpening(uint64_t seed) const = 0;

  // Plays `opening` and then one whole game: `first` plays the side that
  // moves first at the start, `second` the other. Deterministic for
  // deterministic budgets (depth, nodes).
  virtual absl::StatusOr<GameRecord> PlayGame(const Player& first,
                                              const Player& second,
                                              const std::string& opening) const = 0;

  // `retro play`: `player` searches `position` (empty: the start position),
  // completed by the resolved `position_options`. Reports the best move,
  // the expected result, the principal variation, depth, nodes, database
  // hits and time.
  virtual absl::StatusOr<Report> Analyse(
      const Player& player, const std::string& position,
      const ParameterValues& position_options) const = 0;
};

// Splits a player spec "key=value,key=value" into its pairs. An empty spec
// is a player with every default. Errors (InvalidArgument) for a piece that
// is not key=value, an empty key or value, or a key given twice.
absl::StatusOr<ParameterValues> ParsePlayerSpec(std::string_view spec);

// Checks the keys of `spec` against `play.player_options`, and the values of
// keys that have choices; `what` names the spec in errors (e.g. "--a"). The
// errors list the valid keys or values.
absl::Status CheckPlayerSpec(const PlayDescription& play,
                             const ParameterValues& spec, std::string_view what);

// "key=value,key=value" in key order: the canonical form of a spec.
std::string FormatPlayerSpec(const ParameterValues& spec);

}  // namespace retro

#endif  // RETRO_PLAY_H_
