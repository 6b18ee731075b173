// A database of a FiniteHorizonRules game (retro/kit/finite_horizon_rules.h),
// opened: the object answering `retro probe`, `retro stats` and `retro
// verify` on the tables (retro/kit/finite_horizon_reader.h).
#ifndef RETRO_KIT_FINITE_HORIZON_DATABASE_H_
#define RETRO_KIT_FINITE_HORIZON_DATABASE_H_

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "retro/game_module.h"
#include "retro/internal/verify_support.h"
#include "retro/json_writer.h"
#include "retro/kit/checked_rank.h"
#include "retro/kit/finite_horizon_reader.h"
#include "retro/kit/finite_horizon_rules.h"
#include "retro/kit/finite_horizon_words.h"
#include "retro/kit/game_info.h"
#include "retro/kit/kit_database.h"
#include "retro/kit/rules_parameters.h"
#include "retro/kit/rules_value_probe.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"
#include "retro/value_probe.h"

namespace retro::kit {

// FiniteHorizonWords words(): optional (retro/kit/finite_horizon_words.h;
// absent: its defaults).
template <typename R>
concept HasWords = requires(const R& r) {
  { r.words() } -> std::convertible_to<FiniteHorizonWords>;
};
// The rules' words, or the defaults.
template <typename R>
FiniteHorizonWords WordsOf(const R& rules) {
  if constexpr (HasWords<R>) {
    return rules.words();
  } else {
    return {};
  }
}

// The probe parameter of every finite-horizon game: the plies left.
inline ParameterSpec PliesLeftParameter() {
  return {"plies-left", "T", "plies left to play, 0..T (\"book\": the database's horizon T)",
          "book", {}};
}

// "+3", "0", "-2".
inline std::string SignedValue(int v) { return v > 0 ? absl::StrCat("+", v) : absl::StrCat(v); }

// The opened database of game R.
template <FiniteHorizonRules R>
class FiniteHorizonDatabase : public KitDatabase<R> {
 public:
  using Position = typename R::Position;

  FiniteHorizonDatabase(GameInfo info, std::unique_ptr<FiniteHorizonTables<R>> tables)
      : info_(std::move(info)),
        tables_(std::move(tables)),
        indexed_(tables_->rules().num_slices()),
        indexed_ready_(new std::atomic<const FiniteHorizonStoreView*>[indexed_.size()]()) {}

  // The typed values V_t at plies-left `options`: one lookup a position
  // in the store indexed by its final values (IndexedStore).
  absl::StatusOr<std::unique_ptr<ValueProbe>> PrepareValues(
      const ParameterValues& options) override {
    RETRO_ASSIGN_OR_RETURN(const int t, PliesLeft(options));
    return MakeRulesValueProbe(
        tables_->rules(), [this, t = static_cast<uint32_t>(t)](const Position& p) {
          // The rank checked against the store's own size (validated at
          // open), not the rules' slice_size, a computation for some games.
          const R& rules = tables_->rules();
          const SliceIndex at = rules.Rank(p);
          if (at.slice < 0 || at.slice >= rules.num_slices()) [[unlikely]] {
            return ValueAnswer::Failed(RankFault(rules, p, at));
          }
          const FiniteHorizonStoreView* store = IndexedStore(at.slice);
          if (store == nullptr) return ValueAnswer::Failed(tables_->CheckSlice(at.slice));
          if (at.index >= store->states()) [[unlikely]] {
            return ValueAnswer::Failed(RankFault(rules, p, at));
          }
          return ValueAnswer::Of(PositionValue::Score(store->ValueAt(at.index, t)));
        });
  }

  absl::StatusOr<Report> Probe(const std::string& text, const ParameterValues& options) override {
    const R& rules = tables_->rules();
    RETRO_ASSIGN_OR_RETURN(const Position p, rules.Parse(text));
    RETRO_RETURN_IF_ERROR(tables_->Covers(p));
    RETRO_ASSIGN_OR_RETURN(const int t, PliesLeft(options));
    RETRO_ASSIGN_OR_RETURN(const SliceIndex at, CheckedRank(rules, p));
    RETRO_RETURN_IF_ERROR(tables_->CheckSlice(at.slice));
    const int value = tables_->store(at.slice).ValueAt(at.index, t);
    struct Line {
      std::string move, child_position;
      int reward, child, net;
      bool keeps_turn;
    };
    std::vector<Line> lines;
    absl::Status children_checked;
    if (t > 0) {
      ForEachMoveWithTurn(rules, p, [&](const typename R::Move& move, const Position& child,
                                        int reward, bool keeps_turn) {
        if (!children_checked.ok()) return;
        const absl::StatusOr<SliceIndex> child_at = CheckedChildRank(rules, at.slice, p, child);
        children_checked.Update(child_at.status());
        if (child_at.ok()) children_checked.Update(tables_->CheckSlice(child_at->slice));
        if (!children_checked.ok()) return;
        const int child_value = tables_->store(child_at->slice).ValueAt(child_at->index, t - 1);
        lines.push_back({rules.FormatMove(p, move), rules.Format(child), reward, child_value,
                         MoveTerm(reward, child_value, keeps_turn), keeps_turn});
      });
    }
    RETRO_RETURN_IF_ERROR(children_checked);
    std::vector<std::string> best;
    size_t move_width = 4;
    for (const Line& line : lines) {
      if (line.net == value) best.push_back(line.move);
      move_width = std::max(move_width, line.move.size());
    }
    const std::string reward_name = WordsOf(rules).reward;
    std::string note = rules.slice_name(at.slice);
    if constexpr (HasPositionNote<R>) note = rules.PositionNote(p);

    const std::string formatted = rules.Format(p);
    Report report;
    JsonWriter json;
    json.BeginObject().Key("position").String(formatted).Key("plies_left").Int(t);
    json.Key("value").Int(value).Key("moves").BeginArray();
    for (const Line& line : lines) {
      json.BeginObject().Key("move").String(line.move).Key("position").String(line.child_position);
      json.Key(reward_name).Int(line.reward).Key("child_value").Int(line.child);
      json.Key("value").Int(line.net).Key("best").Bool(line.net == value);
      if constexpr (MovesMayKeepTurn<R>()) json.Key("keeps_turn").Bool(line.keeps_turn);
      json.EndObject();
    }
    json.EndArray().Key("best").BeginArray();
    for (const std::string& move : best) json.String(move);
    json.EndArray().EndObject();
    report.json = json.Take();

    report.text = absl::StrFormat("%s  (%s, %d plies left)\nvalue: %s", formatted, note, t,
                                  SignedValue(value));
    if (t == 0) {
      absl::StrAppend(&report.text, "  (no ply left)");
    } else if (lines.empty()) {
      std::string no_move = "no legal move";
      if constexpr (HasGameOverNote<R>) no_move = rules.GameOverNote(p);
      absl::StrAppend(&report.text, "  (", no_move, ")");
    } else {
      const int reward_width = std::max<int>(8, reward_name.size());
      absl::StrAppend(&report.text, absl::StrFormat("\n%*s  %*s  child value  net", move_width,
                                                    "move", reward_width, reward_name));
      for (const Line& line : lines) {
        absl::StrAppend(&report.text,
                        absl::StrFormat("\n%*s  %*d  %11s  %3s%s%s", move_width, line.move,
                                        reward_width, line.reward, SignedValue(line.child),
                                        SignedValue(line.net), line.net == value ? "  best" : "",
                                        line.keeps_turn ? "  (moves again)" : ""));
      }
    }
    report.line = absl::StrCat(formatted, "  t=", t, " value=", value,
                               best.empty() ? "" : " best=", absl::StrJoin(best, ","));
    return report;
  }

  absl::StatusOr<Report> Stats(const WorkContext& context) override {
    RETRO_RETURN_IF_ERROR(tables_->CheckAllSlices());
    const R& rules = tables_->rules();
    const int t = tables_->horizon();
    std::string title = absl::StrCat(info_.name, " database: ", rules.num_slices(),
                                     " slices, horizon ", t);
    if constexpr (HasStatsTitle<R>) title = rules.StatsTitle();
    // The first column: the slice's name, or its number under the rules'
    // label ("seeds").
    const std::string slice_label = WordsOf(rules).slice_label;
    const std::string label = slice_label.empty() ? "slice" : slice_label;
    const auto row_name = [&](int s) {
      return slice_label.empty() ? rules.slice_name(s) : std::to_string(s);
    };
    size_t name_width = label.size();
    for (int s = 0; s < rules.num_slices(); ++s) {
      name_width = std::max(name_width, row_name(s).size());
    }
    // A last change at the horizon itself says nothing of a fixed point.
    const std::string fixed =
        tables_->fixed_point() < t
            ? absl::StrCat("values stop changing at t = ", tables_->fixed_point())
            : absl::StrCat("values still change at the horizon, t = ", t);
    Report report;
    report.text = absl::StrFormat(
        "%s; %s\n\n"
        "%*s     positions  fixed point     changes  changes/pos  values at t = %d",
        title, fixed, name_width, label, t);
    // The JSON schema every family shares (docs/json.md): slices and the
    // total with the same keys, this family's figures under
    // "finite_horizon" (values counted at plies-left = the horizon).
    JsonWriter json;
    json.BeginObject().Key("family").String("finite_horizon").Key("finite_horizon");
    json.BeginObject().Key("horizon").Int(t).Key("fixed_point").Int(tables_->fixed_point());
    json.EndObject().Key("slices").BeginArray();
    uint64_t total = 0;
    context.progress->StartPhase("counting values", rules.num_slices(), {"slices", 1});
    for (int s = 0; s < rules.num_slices(); ++s) {
      const FiniteHorizonStoreView& store = tables_->store(s);
      // Values are int8: a histogram of 256 counts per thread (zeroed).
      std::vector<std::array<uint64_t, 256>> histograms(context.pool->size());
      context.pool->ParallelFor(0, store.states(), 1 << 14, [&](int w, uint64_t b, uint64_t e) {
        for (uint64_t i = b; i < e; ++i) ++histograms[w][store.ValueAt(i, t) + 128];
      });
      std::array<uint64_t, 256> histogram{};
      for (const auto& h : histograms) {
        for (int v = 0; v < 256; ++v) histogram[v] += h[v];
      }
      total += store.states();
      json.BeginObject().Key("name").String(rules.slice_name(s));
      json.Key("positions").Uint(store.states()).Key("finite_horizon").BeginObject();
      if (!slice_label.empty()) json.Key(label).Int(s);
      json.Key("fixed_point").Uint(store.last_change()).Key("changes").Uint(store.entries());
      json.Key("solver_evaluations").Uint(store.evaluations()).Key("values").BeginArray();
      std::vector<std::string> parts;
      for (int v = 0; v < 256; ++v) {
        if (histogram[v] == 0) continue;
        json.BeginObject().Key("value").Int(v - 128).Key("count").Uint(histogram[v]).EndObject();
        parts.push_back(absl::StrCat(SignedValue(v - 128), ":", histogram[v]));
      }
      json.EndArray().EndObject().EndObject();
      absl::StrAppend(&report.text, absl::StrFormat(
                                        "\n%*s  %12d  %11d  %10d  %11.2f  %s", name_width,
                                        row_name(s), store.states(), store.last_change(),
                                        store.entries(),
                                        store.states() ? double(store.entries()) / store.states()
                                                       : 0,
                                        absl::StrJoin(parts, " ")));
      context.progress->Advance(1);
    }
    json.EndArray().Key("total").BeginObject().Key("name").String("total");
    json.Key("positions").Uint(total).Key("finite_horizon").Null().EndObject();
    json.Key("groups").Null().EndObject();
    report.json = json.Take();
    return report;
  }

  absl::StatusOr<VerifyResult> Verify(const VerifyOptions& options,
                                      const WorkContext& context) override {
    RETRO_RETURN_IF_ERROR(tables_->CheckAllSlices());
    const R& rules = tables_->rules();
    std::vector<uint64_t> sizes;
    // A slice not asked for counts as empty: none of its records is chosen.
    for (int s = 0; s < rules.num_slices(); ++s) {
      sizes.push_back(options.Checks(rules.slice_name(s)) ? tables_->store(s).states() : 0);
    }
    const retro::internal::RecordSelection selection(sizes, options.sample, options.seed);
    retro::internal::MismatchTally tally;
    CheckSelectedRecords(selection, 4096, context, [](int) {}, [this](int s) {
      return [this, s, scratch = CheckScratch()](uint64_t index) mutable {
        return Check(s, index, scratch);
      };
    }, tally);
    // Each position is checked at every layer t = 0..T.
    return tally.Result(selection.count() * (tables_->horizon() + 1), context.communicator);
  }

  // The values V_t of every position of a slice at t = the plies-left
  // option, computed (kInt8: what probe reports as the value at that many
  // plies left).
  absl::StatusOr<SliceValues> Values(const std::string& slice,
                                     const ParameterValues& options) override {
    RETRO_ASSIGN_OR_RETURN(const int s, FindValueSlice(tables_->rules(), slice));
    RETRO_ASSIGN_OR_RETURN(const int t, PliesLeft(options));
    RETRO_RETURN_IF_ERROR(tables_->CheckSlice(s));
    const FiniteHorizonStoreView& store = tables_->store(s);
    SliceValues values{.encoding = SliceValues::Encoding::kInt8};
    values.computed.resize(store.states());
    for (uint64_t i = 0; i < store.states(); ++i) {
      values.computed[i] = static_cast<uint8_t>(static_cast<int8_t>(store.ValueAt(i, t)));
    }
    return values;
  }

 private:
  // The store of slice `s` with its index of final values
  // (FiniteHorizonStoreView::IndexFinalValues), built on the slice's first
  // typed probe once the slice passed its check: 2 bytes a position, so
  // that most lookups at many plies left read no list. A copy of the
  // tables' view, so that Probe, Stats and Verify, reading the tables,
  // never race with the indexing. Null when the slice failed its check
  // (tables_->CheckSlice(s) says why).
  const FiniteHorizonStoreView* IndexedStore(int s) const {
    if (const FiniteHorizonStoreView* ready = indexed_ready_[s].load(std::memory_order_acquire)) {
      return ready;
    }
    if (!tables_->CheckSlice(s).ok()) return nullptr;
    std::lock_guard lock(index_mutex_);
    if (indexed_ready_[s].load(std::memory_order_relaxed) == nullptr) {
      indexed_[s] = tables_->store(s);
      indexed_[s].IndexFinalValues();
      indexed_ready_[s].store(&indexed_[s], std::memory_order_release);
    }
    return &indexed_[s];
  }

  // The changes of one position and its children, reused from record to
  // record by one thread (no allocation per record).
  struct CheckScratch {
    struct Change {
      uint32_t layer;
      int value;
    };
    struct Child {
      SliceIndex at;
      int reward;
      bool keeps_turn;
      uint32_t first, end;  // its changes: changes[first, end)
      uint32_t next;        // the first of them beyond the layer looked at
    };
    std::vector<Change> changes;  // the position's own first, then each child's
    std::vector<Child> children;
  };

  // Checks every layer t = 0..T of position `index` of `slice` against the
  // rules and its children's stored values; the first disagreement, or "".
  // Both sides of V_t = max(reward - V_{t-1}(child)) are step functions of t
  // that can only change at t = 1, at the position's own stored changes, or
  // one layer after a child's stored change, so checking those layers checks
  // them all. Each list of changes is read once: the layers are visited in
  // increasing order with a cursor per list, each next layer the nearest of
  // the lists' next changes.
  std::string Check(int slice, uint64_t index, CheckScratch& scratch) const {
    const R& rules = tables_->rules();
    const FiniteHorizonStoreView& store = tables_->store(slice);
    const Position p = rules.Unrank(slice, index);
    if (absl::Status s = CheckRankInvertsUnrank(rules, slice, index, p); !s.ok()) {
      return std::string(s.message());
    }
    const int limit = rules.LimitValue(p);
    if (store.ValueAt(index, 0) != limit) {
      return absl::StrCat(rules.Format(p), " t=0: stored ", store.ValueAt(index, 0),
                          ", rules say ", limit);
    }
    // 1. The changes of the position and of each child.
    auto& changes = scratch.changes;
    auto& children = scratch.children;
    changes.clear();
    children.clear();
    const auto read_changes = [&](const FiniteHorizonStoreView& view, uint64_t state) {
      view.ForEachChange(state, [&](uint32_t layer, int value) {
        changes.push_back({layer, value});
        return true;
      });
    };
    read_changes(store, index);
    const uint32_t own_end = static_cast<uint32_t>(changes.size());
    absl::Status children_ranked;
    ForEachMoveWithTurn(rules, p, [&](const typename R::Move&, const Position& child, int reward,
                                      bool keeps_turn) {
      if (!children_ranked.ok()) return;
      const absl::StatusOr<SliceIndex> at = CheckedChildRank(rules, slice, p, child);
      children_ranked.Update(at.status());
      if (at.ok()) children.push_back({*at, reward, keeps_turn, 0, 0, 0});
    });
    if (!children_ranked.ok()) return std::string(children_ranked.message());
    for (auto& child : children) {
      child.first = child.next = static_cast<uint32_t>(changes.size());
      read_changes(tables_->store(child.at.slice), child.at.index);
      child.end = static_cast<uint32_t>(changes.size());
    }

    // 2. The layers in increasing order from t = 1. The value of a list at
    //    layer t is that of its last change at or before t; its cursor
    //    `next` moves past those changes.
    const auto value_at = [&](uint32_t first, uint32_t& next, uint32_t end, uint32_t t) {
      while (next < end && changes[next].layer <= t) ++next;
      return next > first ? changes[next - 1].value : 0;
    };
    uint32_t own_next = 0;
    const int terminal = rules.TerminalValue(p);
    const uint32_t horizon = static_cast<uint32_t>(tables_->horizon());
    for (uint32_t t = 1; t <= horizon;) {
      int expected = terminal;
      if (!children.empty()) {
        expected = -1000;
        for (auto& child : children) {
          expected = std::max(
              expected, MoveTerm(child.reward,
                                 value_at(child.first, child.next, child.end, t - 1),
                                 child.keeps_turn));
        }
      }
      const int stored = value_at(0, own_next, own_end, t);
      if (stored != expected) {
        return absl::StrCat(rules.Format(p), " t=", t, ": stored ", stored,
                            ", recomputed from its children ", expected);
      }
      // The next layer where a side can change: the position's next change
      // (beyond t), or one after a child's (at or beyond t).
      uint32_t next = std::numeric_limits<uint32_t>::max();
      if (own_next < own_end) next = changes[own_next].layer;
      for (const auto& child : children) {
        if (child.next < child.end) next = std::min(next, changes[child.next].layer + 1);
      }
      if (next == std::numeric_limits<uint32_t>::max()) break;
      t = next;
    }
    return "";
  }

  // The plies left the probe option plies-left asks for: the horizon for
  // "book" (or when absent), else a number in 0..horizon.
  absl::StatusOr<int> PliesLeft(const ParameterValues& options) const {
    const auto it = options.find("plies-left");
    if (it == options.end() || it->second == "book") return tables_->horizon();
    const absl::StatusOr<int64_t> parsed =
        GetIntParameter(options, "plies-left", 0, tables_->horizon());
    if (!parsed.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(parsed.status().message(), ", or book"));
    }
    return static_cast<int>(*parsed);
  }

  const R& rules() const override { return tables_->rules(); }

  GameInfo info_;
  std::unique_ptr<FiniteHorizonTables<R>> tables_;
  // IndexedStore's copies of the stores, each published once indexed.
  mutable std::vector<FiniteHorizonStoreView> indexed_;
  std::unique_ptr<std::atomic<const FiniteHorizonStoreView*>[]> indexed_ready_;
  mutable std::mutex index_mutex_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_FINITE_HORIZON_DATABASE_H_
