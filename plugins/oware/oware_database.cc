// Probe, stats and verify of an oware book.
#include "plugins/oware/oware_database.h"

#include <algorithm>
#include <array>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "retro/json_writer.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"
#include "retro/verify_support.h"

namespace retro::oware {
namespace {

std::string Signed(int v) { return v > 0 ? absl::StrCat("+", v) : absl::StrCat(v); }

class OwareDatabase : public OpenDatabase {
 public:
  explicit OwareDatabase(std::unique_ptr<Book> book) : book_(std::move(book)) {}

  absl::StatusOr<Report> Probe(const std::string& position,
                               const ParameterValues& options) override {
    RETRO_ASSIGN_OR_RETURN(const Board board,
                           ParseBoard(position));
    RETRO_RETURN_IF_ERROR(CheckSeedsCovered(board, book_->seeds()));
    int t = book_->turn_limit();
    if (const std::string& text = options.at("plies-left"); text != "book") {
      RETRO_ASSIGN_OR_RETURN(const int64_t parsed,
                             GetIntParameter(options, "plies-left", 0, book_->turn_limit()));
      t = static_cast<int>(parsed);
    }
    const int value = book_->Value(board, t);
    Move moves[kMaxMoves];
    const int count = t == 0 ? 0 : GenerateMoves(board, book_->rules(), moves);
    struct Line {
      int house, captures, child, net;
    };
    std::vector<Line> lines;
    for (int m = 0; m < count; ++m) {
      const int child = book_->Value(moves[m].child, t - 1);
      lines.push_back({moves[m].house, moves[m].captured, child, moves[m].captured - child});
    }
    std::vector<int> best;
    for (const Line& line : lines) {
      if (line.net == value) best.push_back(line.house);
    }
    const std::string formatted = FormatBoard(board);
    Report report;
    JsonWriter json;
    json.BeginObject().Key("position").String(formatted).Key("plies_left").Int(t);
    json.Key("value").Int(value).Key("moves").BeginArray();
    for (const Line& line : lines) {
      json.BeginObject().Key("move").Int(line.house).Key("captures").Int(line.captures);
      json.Key("child_value").Int(line.child).Key("value").Int(line.net).EndObject();
    }
    json.EndArray().Key("best").BeginArray();
    for (const int house : best) json.Int(house);
    json.EndArray().EndObject();
    report.json = json.Take();

    report.text = absl::StrFormat("%s  (%d seeds, %d plies left)\nvalue: %s", formatted,
                                  TotalSeeds(board), t, Signed(value));
    if (t == 0) {
      absl::StrAppend(&report.text, "  (no ply left)");
    } else if (count == 0) {
      absl::StrAppend(&report.text, "  (no legal move: the mover takes the seeds on its side)");
    } else {
      absl::StrAppend(&report.text, "\nmove  captures  child value  net");
      for (const Line& line : lines) {
        absl::StrAppend(&report.text,
                        absl::StrFormat("\n%4d  %8d  %11s  %3s%s", line.house, line.captures,
                                        Signed(line.child), Signed(line.net),
                                        line.net == value ? "  best" : ""));
      }
    }
    report.line = absl::StrCat(formatted, "  t=", t, " value=", value,
                               best.empty() ? "" : " best=", absl::StrJoin(best, ","));
    return report;
  }

  absl::StatusOr<Report> Stats(const WorkContext& context) override {
    const int t = book_->turn_limit();
    Report report;
    JsonWriter json;
    json.BeginObject().Key("seeds").Int(book_->seeds()).Key("turn_limit").Int(t);
    json.Key("grand_slam").String(std::string(GrandSlamName(book_->rules().grand_slam)));
    json.Key("at_limit").String(std::string(AtLimitName(book_->rules().at_limit)));
    json.Key("fixed_point").Int(book_->fixed_point()).Key("slices").BeginArray();
    report.text = absl::StrFormat(
        "oware book: 0..%d seeds, turn limit %d, grand slam %s, at limit %s; "
        "values stop changing at t = %d\n\n"
        "seeds        boards  fixed point     changes  changes/board  values at t = %d",
        book_->seeds(), t, GrandSlamName(book_->rules().grand_slam),
        AtLimitName(book_->rules().at_limit), book_->fixed_point(), t);
    uint64_t total_boards = 0;
    context.progress->StartPhase("counting values", book_->seeds() + 1);
    for (int n = 0; n <= book_->seeds(); ++n) {
      const FiniteHorizonStoreView& store = book_->store(n);
      std::vector<std::array<uint64_t, 256>> histograms(context.pool->size());
      for (auto& h : histograms) h.fill(0);
      context.pool->ParallelFor(0, store.states(), 1 << 14, [&](int w, uint64_t b, uint64_t e) {
        for (uint64_t s = b; s < e; ++s) ++histograms[w][store.ValueAt(s, t) + 128];
      });
      std::array<uint64_t, 256> histogram{};
      for (const auto& h : histograms) {
        for (int v = 0; v < 256; ++v) histogram[v] += h[v];
      }
      total_boards += store.states();
      json.BeginObject().Key("seeds").Int(n).Key("boards").Uint(store.states());
      json.Key("fixed_point").Uint(store.last_change()).Key("changes").Uint(store.entries());
      json.Key("solver_evaluations").Uint(store.evaluations());
      json.Key("values").BeginObject();
      std::vector<std::string> parts;
      for (int v = 0; v < 256; ++v) {
        if (histogram[v] == 0) continue;
        json.Key(std::to_string(v - 128)).Uint(histogram[v]);
        parts.push_back(absl::StrCat(Signed(v - 128), ":", histogram[v]));
      }
      json.EndObject().EndObject();
      absl::StrAppend(&report.text,
                      absl::StrFormat("\n%5d  %12d  %11d  %10d  %13.2f  %s", n, store.states(),
                                      store.last_change(), store.entries(),
                                      store.states() ? double(store.entries()) / store.states() : 0,
                                      absl::StrJoin(parts, " ")));
      context.progress->Advance(1);
    }
    json.EndArray().Key("boards").Uint(total_boards).EndObject();
    report.json = json.Take();
    return report;
  }

  absl::StatusOr<VerifyResult> Verify(const VerifyOptions& options,
                                      const WorkContext& context) override {
    std::vector<uint64_t> sizes;
    for (int n = 0; n <= book_->seeds(); ++n) sizes.push_back(book_->store(n).states());
    const RecordSelection selection(sizes, options.sample, options.seed);
    context.progress->StartPhase("verifying", selection.count());
    MismatchTally tally;
    for (int n = 0; n <= book_->seeds(); ++n) {
      context.pool->ParallelFor(0, selection.count(n), 4096, [&](int, uint64_t b, uint64_t e) {
        for (uint64_t k = b; k < e; ++k) {
          const uint64_t s = selection.record(n, k);
          std::string problem = CheckState(n, s);
          if (!problem.empty()) {
            tally.Record((uint64_t{static_cast<uint32_t>(n)} << 48) | s,
                         [&] { return std::move(problem); });
          }
        }
        context.progress->Advance(e - b);
      });
    }
    // Each board is checked at every layer t = 0..T.
    return tally.Result(selection.count() * (book_->turn_limit() + 1));
  }

 private:
  // Checks every layer t = 0..T of state `s` of slice `n` against the rules
  // and its children's stored values; returns a description of the first
  // disagreement, or "". Both sides of V_t = max(capture - V_{t-1}(child))
  // are step functions of t that can only change at t = 1, at the state's own
  // stored changes, or one layer after a child's stored change, so checking
  // those layers checks them all.
  std::string CheckState(int n, uint64_t s) const {
    const FiniteHorizonStoreView& store = book_->store(n);
    const Board board = book_->indexer().Unrank(n, s);
    const Rules& rules = book_->rules();
    const int limit = LimitValue(board, rules.at_limit);
    if (store.ValueAt(s, 0) != limit) {
      return absl::StrCat(FormatBoard(board), " t=0: stored ", store.ValueAt(s, 0),
                          ", rules say ", limit);
    }
    Move moves[kMaxMoves];
    const int count = GenerateMoves(board, rules, moves);
    std::vector<uint32_t> layers{1};
    auto add_changes = [&](const FiniteHorizonStoreView& view, uint64_t state, uint32_t shift) {
      uint64_t begin, end;
      view.EntryRange(state, begin, end);
      for (uint64_t k = begin; k < end; ++k) {
        uint32_t layer;
        int value;
        view.Entry(k, layer, value);
        layers.push_back(layer + shift);
      }
    };
    add_changes(store, s, 0);
    uint64_t child_rank[kMaxMoves];
    for (int m = 0; m < count; ++m) {
      child_rank[m] = book_->indexer().Rank(moves[m].child);
      add_changes(book_->store(n - moves[m].captured), child_rank[m], 1);
    }
    std::sort(layers.begin(), layers.end());
    layers.erase(std::unique(layers.begin(), layers.end()), layers.end());
    for (const uint32_t t : layers) {
      if (t < 1 || t > static_cast<uint32_t>(rules.turn_limit)) continue;
      int expected = TerminalValue(board);
      if (count > 0) {
        expected = -1000;
        for (int m = 0; m < count; ++m) {
          expected = std::max(expected, moves[m].captured -
                                            book_->store(n - moves[m].captured)
                                                .ValueAt(child_rank[m], t - 1));
        }
      }
      if (store.ValueAt(s, t) != expected) {
        return absl::StrCat(FormatBoard(board), " t=", t, ": stored ", store.ValueAt(s, t),
                            ", recomputed from its children ", expected);
      }
    }
    return "";
  }

  std::unique_ptr<Book> book_;
};

}  // namespace

std::unique_ptr<OpenDatabase> MakeOwareDatabase(std::unique_ptr<Book> book) {
  return std::make_unique<OwareDatabase>(std::move(book));
}

}  // namespace retro::oware
