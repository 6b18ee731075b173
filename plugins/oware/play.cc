// Oware's play capability: player specs, the engine per game, random
// openings, whole games and the search report of `retro play`.
#include "plugins/oware/play.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "games/oware/engine.h"
#include "games/oware/evaluation.h"
#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "games/oware/position.h"
#include "games/oware/search_value.h"
#include "plugins/oware/book_oracle.h"
#include "retro/json_writer.h"
#include "retro/parameters.h"
#include "retro/run_on_stack.h"
#include "retro/split_mix64.h"
#include "retro/status_macros.h"

namespace retro::oware {
namespace {

// Seeds in a game of oware.
constexpr int kGameSeeds = 4 * kHouses;
// The budget of a player whose spec names none.
constexpr uint64_t kDefaultNodes = 1'000'000;
// The largest index of final values a player's book gets (books of up to
// 16 seeds: 58 MiB).
constexpr uint64_t kMaxFinalValueIndexBytes = uint64_t{64} << 20;

// The stack the engines search on (RunOnStack), whatever `ulimit -s` says:
// room for the engines themselves and the evaluation, plus a generous bound
// on one ply's frames for each ply of the deepest search.
constexpr size_t kSearchStackBytes =
    (size_t{1} << 20) + (kMaxSearchDepth + 2) * (size_t{16} << 10);

// The evaluations by name, in EvaluationKind's order.
constexpr std::string_view kEvalNames[] = {"material", "evolved3", "evolved5"};

// One player: engine settings, budget and the shared book (if any).
class OwarePlayer : public Player {
 public:
  EngineOptions options;
  SearchLimits limits;
  std::shared_ptr<const Book> book;
  std::optional<BookOracle> oracle;
  std::string eval_name;
};

// A fresh engine of a player's kind for one game (its own table), with or
// without the book, and its search of `pos` under the player's budget.
using GameEngine = std::variant<Engine<>, Engine<BookOracle>>;
GameEngine NewEngine(const OwarePlayer& player) {
  if (!player.oracle.has_value()) return GameEngine(std::in_place_index<0>, player.options);
  return GameEngine(std::in_place_index<1>, player.options, *player.oracle);
}
SearchResult Search(GameEngine& engine, const OwarePlayer& player, const Position& pos) {
  return std::visit([&](auto& e) { return e.Search(pos, player.limits); }, engine);
}

// `text` as a whole number in [min, max], digits only; nullopt otherwise.
std::optional<int64_t> WholeNumber(const std::string& text, int64_t min, int64_t max) {
  int64_t value = 0;
  if (text.find_first_not_of("0123456789") != std::string::npos ||
      !absl::SimpleAtoi(text, &value) || value < min || value > max) {
    return std::nullopt;
  }
  return value;
}

// Reads a whole number in [min, max] for player key `key`.
absl::StatusOr<int64_t> SpecInt(const ParameterValues& spec, const std::string& key, int64_t min,
                                int64_t max) {
  const std::string& text = spec.at(key);
  const std::optional<int64_t> value = WholeNumber(text, min, max);
  if (!value.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(key, "=", text, ": ", key,
                                                   " must be a whole number in ", min, "..",
                                                   max));
  }
  return *value;
}

// The move of `pos` played from `house`, if legal.
std::optional<Move> FindMove(const Position& pos, const Rules& rules, int house) {
  Move moves[kMaxMoves];
  const int n = GenerateMoves(pos.board, rules, moves);
  for (int i = 0; i < n; ++i) {
    if (moves[i].house == house) return moves[i];
  }
  return std::nullopt;
}

const char* OutcomeName(int difference) {
  return difference > 0 ? "win" : difference < 0 ? "loss" : "draw";
}

// Parses "A-B" (the side to move's score first).
absl::StatusOr<std::pair<int, int>> ParseScore(const std::string& text) {
  const std::vector<std::string> parts = absl::StrSplit(text, '-');
  const std::optional<int64_t> a = WholeNumber(parts[0], 0, kGameSeeds);
  const std::optional<int64_t> b =
      parts.size() == 2 ? WholeNumber(parts[1], 0, kGameSeeds) : std::nullopt;
  if (!a.has_value() || !b.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--score '", text,
        "' is not a score: write A-B, the seeds captured by the side to move and by the "
        "other side, each 0..48 (e.g. 10-7)"));
  }
  return std::pair<int, int>(*a, *b);
}

// Runs `run` on the search stack (kSearchStackBytes), reporting a failed
// allocation (the transposition tables) as `out_of_memory`.
template <typename Run>
auto OnSearchStack(const char* out_of_memory, Run run) -> decltype(run()) {
  try {
    decltype(run()) result;
    RETRO_RETURN_IF_ERROR(RunOnStack(kSearchStackBytes, [&] { result = run(); }));
    return result;
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(out_of_memory);
  }
}

}  // namespace

OwarePlay::OwarePlay() {
  description_.player_options = {
      {"book", "FILE", "an oware book (retro solve --game oware) probed at every node it covers",
       "", {}},
      {"eval", "NAME", "leaf evaluation: seeds captured, or the owarega.me evolved weights",
       "material", {std::begin(kEvalNames), std::end(kEvalNames)}},
      {"depth", "D", "budget per move: search D plies (1..100)", "", {}},
      {"nodes", "N", "budget per move: about N nodes (1..10^12)", "1000000", {}},
      {"time-ms", "T", "budget per move: T milliseconds (1..86400000)", "", {}},
      {"hash-mb", "MB", "transposition table per engine, MiB (1..4096)", "16", {}},
  };
  description_.database_key = "book";
  description_.position_options = {
      {"score", "A-B", "seeds captured so far: the side to move's, then the other side's", "0-0",
       {}},
      {"plies-played", "K", "plies played so far, 0..199 (the game ends after 200)", "0", {}},
  };
  description_.position_syntax =
      "12 house counts, the side to move's 6 then the other side's, e.g. "
      "\"4 4 4 4 4 4 | 4 4 4 4 4 4\" (the start, the default)";
}

absl::StatusOr<std::shared_ptr<const Book>> OwarePlay::OpenBook(const std::string& path) {
  std::error_code error;
  std::string key = std::filesystem::weakly_canonical(path, error).string();
  if (error) key = path;
  std::lock_guard<std::mutex> lock(books_mutex_);
  if (auto it = books_.find(key); it != books_.end()) return it->second;
  absl::StatusOr<std::unique_ptr<Book>> book = Book::Open(path);
  if (!book.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "book=", path, " is not a usable oware book (make one with retro solve --game oware): ",
        book.status().message()));
  }
  // The engine probes the book at every covered node, mostly at many plies
  // left: keep the final values in memory (Book::IndexFinalValues) when
  // that costs little beside the book (2 bytes a board; 16 seeds or fewer).
  uint64_t boards = 0;
  for (int n = 0; n <= (*book)->seeds(); ++n) boards += (*book)->store(n).states();
  if (FiniteHorizonStoreView::kFinalValueIndexBytesPerState * boards <= kMaxFinalValueIndexBytes) {
    (*book)->IndexFinalValues();
  }
  std::shared_ptr<const Book> shared = std::move(*book);
  books_.emplace(key, shared);
  return shared;
}

absl::StatusOr<std::unique_ptr<Player>> OwarePlay::CreatePlayer(const ParameterValues& spec) {
  auto player = std::make_unique<OwarePlayer>();
  player->eval_name = spec.count("eval") ? spec.at("eval") : "material";
  const auto eval = std::find(std::begin(kEvalNames), std::end(kEvalNames), player->eval_name);
  if (eval == std::end(kEvalNames)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "eval=", player->eval_name, ": valid: material, evolved3, evolved5"));
  }
  player->options.evaluation = static_cast<EvaluationKind>(eval - std::begin(kEvalNames));
  std::vector<std::string> budgets;
  for (const char* key : {"depth", "nodes", "time-ms"}) {
    if (spec.count(key)) budgets.push_back(key);
  }
  if (budgets.size() > 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "give one budget per move, depth, nodes or time-ms; got ",
        absl::StrJoin(budgets, " and ")));
  }
  if (spec.count("depth")) {
    RETRO_ASSIGN_OR_RETURN(const int64_t depth, SpecInt(spec, "depth", 1, kMaxSearchDepth));
    player->limits.max_depth = static_cast<int>(depth);
  } else if (spec.count("time-ms")) {
    RETRO_ASSIGN_OR_RETURN(const int64_t ms, SpecInt(spec, "time-ms", 1, 86'400'000));
    player->limits.max_seconds = ms / 1000.0;
  } else if (spec.count("nodes")) {
    RETRO_ASSIGN_OR_RETURN(const int64_t nodes, SpecInt(spec, "nodes", 1, 1'000'000'000'000));
    player->limits.max_nodes = static_cast<uint64_t>(nodes);
  } else {
    player->limits.max_nodes = kDefaultNodes;
  }
  if (spec.count("hash-mb")) {
    RETRO_ASSIGN_OR_RETURN(const int64_t mb, SpecInt(spec, "hash-mb", 1, 4096));
    player->options.table_megabytes = static_cast<size_t>(mb);
  }
  if (spec.count("book")) {
    RETRO_ASSIGN_OR_RETURN(player->book, OpenBook(spec.at("book")));
    auto oracle = BookOracle::Create(*player->book, player->options.game.rules);
    if (!oracle.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("book=", spec.at("book"), ": ", oracle.status().message()));
    }
    player->oracle.emplace(*std::move(oracle));
  }
  return player;
}

std::string OwarePlay::RandomOpening(uint64_t seed) const {
  const GameRules game;
  uint64_t state = seed;
  Position pos = Position::Start();
  std::vector<int> houses;
  for (int ply = 0; ply < kOpeningPlies && !FinalDifference(pos, game).has_value(); ++ply) {
    Move moves[kMaxMoves];
    const int n = GenerateMoves(pos.board, game.rules, moves);
    const Move& move = moves[NextSplitMix64(state) % n];
    houses.push_back(move.house);
    pos = pos.Play(move);
  }
  return absl::StrJoin(houses, " ");
}

namespace {

// One whole game (OwarePlay::PlayGame without the out-of-memory guard).
absl::StatusOr<GameRecord> PlayWholeGame(const OwarePlayer& first, const OwarePlayer& second,
                                         const std::string& opening) {
  const GameRules game;
  Position pos = Position::Start();
  for (absl::string_view word : absl::StrSplit(opening, ' ', absl::SkipEmpty())) {
    int house = -1;
    const std::optional<Move> move =
        absl::SimpleAtoi(word, &house) && !FinalDifference(pos, game).has_value()
            ? FindMove(pos, game.rules, house)
            : std::nullopt;
    if (!move.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat("opening '", opening, "': '",
                                                     word,
                                                     "' is not a legal move (a house 0..5)"));
    }
    pos = pos.Play(*move);
  }
  GameEngine engines[2] = {NewEngine(first), NewEngine(second)};
  GameRecord record;
  std::vector<int> played;
  while (!FinalDifference(pos, game).has_value()) {
    const int side = pos.plies % 2;  // 0: the first player is to move
    const SearchResult r = Search(engines[side], side == 0 ? first : second, pos);
    SearchTotals& totals = side == 0 ? record.first : record.second;
    ++totals.moves;
    totals.nodes += r.nodes;
    totals.book_hits += r.book_hits;
    totals.seconds += r.seconds;
    const std::optional<Move> move = FindMove(pos, game.rules, r.best_move);
    if (!move.has_value()) {
      return absl::InternalError(absl::StrCat("the engine chose house ", r.best_move,
                                              ", not a legal move, at ", FormatPosition(pos)));
    }
    played.push_back(r.best_move);
    pos = pos.Play(*move);
  }
  const FinalScores scores = *FinalScoresOf(pos, game);
  const bool first_to_move = pos.plies % 2 == 0;
  record.first_score = first_to_move ? scores.mover : scores.opponent;
  record.second_score = first_to_move ? scores.opponent : scores.mover;
  record.outcome = record.first_score > record.second_score   ? Outcome::kWin
                   : record.first_score < record.second_score ? Outcome::kLoss
                                                              : Outcome::kDraw;
  record.plies = pos.plies;
  record.moves = absl::StrJoin(played, " ");
  return record;
}

// The search report of `retro play` (OwarePlay::Analyse without the guard).
absl::StatusOr<Report> AnalysePosition(const OwarePlayer& p, const std::string& position,
                                       const ParameterValues& position_options) {
  const GameRules& game = p.options.game;
  Position pos = Position::Start();
  if (!position.empty()) {
    RETRO_ASSIGN_OR_RETURN(pos.board, ParseBoard(position));
  }
  RETRO_ASSIGN_OR_RETURN(std::tie(pos.mover_score, pos.opponent_score),
                         ParseScore(position_options.at("score")));
  RETRO_ASSIGN_OR_RETURN(const int64_t plies, GetIntParameter(position_options, "plies-played", 0,
                                                              game.rules.turn_limit - 1));
  pos.plies = static_cast<int>(plies);
  if (pos.TotalGameSeeds() > kGameSeeds) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%d seeds on the board and %d captured make %d; a game of oware has %d",
        TotalSeeds(pos.board), pos.mover_score + pos.opponent_score, pos.TotalGameSeeds(),
        kGameSeeds));
  }
  if (MajorityReached(pos, game)) {
    const bool mover = 2 * pos.mover_score > pos.TotalGameSeeds();
    return absl::InvalidArgumentError(absl::StrFormat(
        "the game is over: score %d-%d with %d seeds on the board makes %d seeds in the game, "
        "and the %s has captured %d of them, more than half",
        pos.mover_score, pos.opponent_score, TotalSeeds(pos.board), pos.TotalGameSeeds(),
        mover ? "side to move" : "other side", mover ? pos.mover_score : pos.opponent_score));
  }
  if (std::optional<int> end = FinalDifference(pos, game)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "the game is over: the side to move has no legal move (final difference %+d)", *end));
  }
  GameEngine engine = NewEngine(p);
  const SearchResult r = Search(engine, p, pos);
  const std::optional<int> final_difference = r.final_difference();

  // A decisive value outside an exact result: a forced win or loss was found
  // (its sign is proven), but not every line was, so the margin is that of
  // the principal variation only.
  const bool decisive = !final_difference.has_value() && IsDecisive(r.value);
  const bool material = p.options.evaluation == EvaluationKind::kMaterial;
  const double heuristic = material ? r.value : r.value / 1e4;  // seeds or f
  std::string expected;
  if (final_difference.has_value()) {
    expected = absl::StrFormat("%s, final score difference %+d (exact)",
                               OutcomeName(*final_difference), *final_difference);
  } else if (decisive) {
    expected = absl::StrFormat(
        "%s (forced; final score difference %+d along the principal variation, margin not "
        "proven optimal)",
        OutcomeName(ProvenDifference(r.value)), ProvenDifference(r.value));
  } else if (material) {
    expected = absl::StrFormat("%+d seeds (heuristic: material at depth %d, not proven)", r.value,
                               r.depth);
  } else {
    expected = absl::StrFormat("%+.4f (heuristic: %s at depth %d, not proven)", heuristic,
                               p.eval_name, r.depth);
  }
  const double rate = r.seconds > 0 ? r.nodes / r.seconds : 0;
  Report report;
  report.text = absl::StrFormat(
      "%s  (%d plies left)\nbest move: %d\nexpected: %s\nprincipal variation: %s\n"
      "depth %d, %d nodes, %d book hits, %.1f ms (%.2f M nodes/s)",
      FormatPosition(pos), PliesLeft(pos, game), r.best_move, expected, absl::StrJoin(r.pv, " "),
      r.depth, r.nodes, r.book_hits, r.seconds * 1e3, rate / 1e6);
  report.line = absl::StrFormat("best %d, %s", r.best_move, expected);
  JsonWriter json;
  json.BeginObject().Key("position").String(FormatBoard(pos.board));
  json.Key("score").BeginArray().Int(pos.mover_score).Int(pos.opponent_score).EndArray();
  json.Key("plies_played").Int(pos.plies).Key("best_move").Int(r.best_move);
  const bool proven = final_difference.has_value() || decisive;
  json.Key("exact").Bool(final_difference.has_value()).Key("result");
  proven ? json.String(OutcomeName(ProvenDifference(r.value))) : json.Null();
  json.Key("final_difference");
  final_difference.has_value() ? json.Int(*final_difference) : json.Null();
  json.Key("heuristic");
  proven ? json.Null() : json.Double(heuristic);
  json.Key("eval").String(p.eval_name);
  json.Key("pv").BeginArray();
  for (int house : r.pv) json.Int(house);
  json.EndArray();
  json.Key("depth").Int(r.depth).Key("nodes").Uint(r.nodes).Key("book_hits").Uint(r.book_hits);
  json.Key("seconds").Double(r.seconds).EndObject();
  report.json = json.Take();
  return report;
}

}  // namespace

absl::StatusOr<GameRecord> OwarePlay::PlayGame(const Player& first, const Player& second,
                                               const std::string& opening) const {
  return OnSearchStack("out of memory for the engines' transposition tables (see hash-mb)", [&] {
    return PlayWholeGame(static_cast<const OwarePlayer&>(first),
                         static_cast<const OwarePlayer&>(second), opening);
  });
}

absl::StatusOr<Report> OwarePlay::Analyse(const Player& player, const std::string& position,
                                          const ParameterValues& position_options) const {
  return OnSearchStack("out of memory for the engine's transposition table (see hash-mb)", [&] {
    return AnalysePosition(static_cast<const OwarePlayer&>(player), position, position_options);
  });
}

}  // namespace retro::oware
