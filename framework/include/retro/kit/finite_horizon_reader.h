// The solved tables of a FiniteHorizonRules game (retro/kit/
// finite_horizon_rules.h), read from a database file: the one reader of a
// kit-built finite-horizon game, used by the kit's probe, stats and verify
// and by engines that look values up inside their own search:
//
//   auto tables = retro::kit::FiniteHorizonTables<MyRules>::Open(path, info);
//   int v = (*tables)->Value(position, plies_left);   // V_t, t <= horizon()
//
// Layout (written by FiniteHorizonModule::Solve): the game's parameters in
// the header, and one slice per rules slice, named slice_name(s), holding
// the finite-horizon store of that slice
// (retro/format/finite_horizon/store.h) in Rank order. Opening checks the identity (game,
// codec, layout version), the header's parameters strictly, exactly the
// slices the parameters imply, each store's header against the slice size
// and horizon, and then (at once, or on each slice's first use:
// StoreChecks), in one pass per store, its offset tables and entries with
// values within MinValue(s)..MaxValue(s), so that no lookup can read
// outside the file.
#ifndef RETRO_KIT_FINITE_HORIZON_READER_H_
#define RETRO_KIT_FINITE_HORIZON_READER_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/database.h"
#include "retro/database_layout.h"
#include "retro/format/finite_horizon/store.h"
#include "retro/kit/checked_rank.h"
#include "retro/kit/finite_horizon_rules.h"
#include "retro/kit/game_info.h"
#include "retro/kit/layout.h"
#include "retro/kit/rules_hooks.h"
#include "retro/kit/rules_parameters.h"
#include "retro/status_macros.h"

namespace retro::kit {

// The opened tables of game R.
template <FiniteHorizonRules R>
class FiniteHorizonTables {
 public:
  using Position = typename R::Position;

  // Opens and validates a database file: the container's header, then the
  // layout (FromFile), and only then the slice checksums, so that a file
  // claiming a huge slice is refused before it is read.
  //   Parameters: path; info, the game that made it.
  //   Returns: the tables, owning the memory-mapped file.
  //   Errors: the container reader's, FromFile's, a bad slice checksum.
  //   Thread safety: any thread. Cost: root only (reads the whole file).
  static absl::StatusOr<std::unique_ptr<FiniteHorizonTables>> Open(const std::string& path,
                                                                   const GameInfo& info) {
    RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseFile> file,
                           DatabaseFile::Open(path, /*verify_slices=*/false));
    RETRO_ASSIGN_OR_RETURN(std::unique_ptr<FiniteHorizonTables> tables, FromFile(*file, info));
    if (const absl::Status checksums = file->VerifySlices(); !checksums.ok()) {
      return absl::Status(checksums.code(), absl::StrCat(path, ": ", checksums.message()));
    }
    tables->owned_file_ = std::move(file);
    return tables;
  }

  // When FromFile passes over each store's offsets and entries: before it
  // returns, or on the slice's first use (CheckSlice), so that opening a
  // large file costs O(slices) and a probe checks only what it reads.
  enum class StoreChecks { kAtOpen, kOnFirstUse };

  // Interprets an already opened database.
  //   Parameters: file, outliving the tables (its slice checksums need not
  //     be verified yet: the checks before the pass over each store cost
  //     O(slices)); info, the game that made it; checks, when each store
  //     is passed over (with kOnFirstUse, call CheckSlice(s) before any
  //     read of slice s: until then its offsets are untrusted).
  //   Returns: the tables.
  //   Errors: InvalidArgument or DataLoss when the parameters, the slices or
  //     a store's header (or, with kAtOpen, offsets or entries) disagree.
  //   Thread safety: any thread. Cost: root only (one pass over each store
  //     with kAtOpen; O(slices) with kOnFirstUse).
  static absl::StatusOr<std::unique_ptr<FiniteHorizonTables>> FromFile(
      const DatabaseFile& file, const GameInfo& info,
      StoreChecks checks = StoreChecks::kAtOpen) {
    const DatabaseIdentity& id = file.identity();
    const std::string what = info.DatabaseName();
    if (id.game != info.name) {
      return absl::FailedPreconditionError(
          absl::StrCat("not ", info.ADatabaseName(), ": it was made by game '", id.game, "'"));
    }
    if (id.data_version != info.data_version || id.codec != info.codec) {
      return absl::FailedPreconditionError(absl::StrCat(
          "unsupported ", what, " layout (data version ", id.data_version, ", codec '",
          id.codec, "'); this build reads version ", info.data_version, " '", info.codec, "'"));
    }
    RETRO_ASSIGN_OR_RETURN(R rules, RulesFromHeader<R>(file, what, {kLayoutParameter}));
    RETRO_RETURN_IF_ERROR(kStoreLayout.RecordsOther(file.parameters(), what).status());
    std::unique_ptr<FiniteHorizonTables> tables(new FiniteHorizonTables(std::move(rules)));
    const R& r = tables->rules_;
    std::vector<std::string> names;
    for (int s = 0; s < r.num_slices(); ++s) names.push_back(r.slice_name(s));
    RETRO_ASSIGN_OR_RETURN(const std::vector<std::span<const uint8_t>> slices,
                           ExpectSlices(file, names, info.ADatabaseName()));
    for (int s = 0; s < r.num_slices(); ++s) {
      RETRO_ASSIGN_OR_RETURN(FiniteHorizonStoreView view, OpenStoreHeader(r, s, slices[s]));
      tables->stores_.push_back(view);
    }
    tables->checked_.reset(new SliceCheck[r.num_slices()]);
    if (checks == StoreChecks::kAtOpen) RETRO_RETURN_IF_ERROR(tables->CheckAllSlices());
    return tables;
  }

  // OK once slice `s`'s store passed its check (offsets within the store,
  // values within MinValue(s)..MaxValue(s)), which runs on the first call
  // for the slice; its DataLoss (naming the slice) on every call if not.
  //   Parameters: s, below rules().num_slices() (unchecked).
  //   Thread safety: any number of threads at once.
  //   Cost: one acquire load once checked; the first, a pass over the store.
  absl::Status CheckSlice(int s) const {
    SliceCheck& check = checked_[s];
    if (check.done.load(std::memory_order_acquire)) return check.status;
    std::lock_guard lock(check_mutex_);
    if (!check.done.load(std::memory_order_relaxed)) {
      check.status = ValidateStore(rules_, s, stores_[s]);
      check.done.store(true, std::memory_order_release);
    }
    return check.status;
  }
  // CheckSlice of every slice: the first failure.
  absl::Status CheckAllSlices() const {
    for (int s = 0; s < rules_.num_slices(); ++s) RETRO_RETURN_IF_ERROR(CheckSlice(s));
    return absl::OkStatus();
  }

  // Checks `store` as the store of slice `s` of a file of `rules` is
  // checked (header, size, horizon, then every entry): for a slice restored
  // from a checkpoint.
  //   Parameters: rules; s, a slice of rules; store, its bytes.
  //   Returns: OK. Errors: DataLoss naming the slice and the problem.
  //   Thread safety: any thread. Cost: root only (one pass over the store).
  static absl::Status CheckStore(const R& rules, int s, std::span<const uint8_t> store) {
    RETRO_ASSIGN_OR_RETURN(const FiniteHorizonStoreView view, OpenStoreHeader(rules, s, store));
    return ValidateStore(rules, s, view);
  }

  // Keeps every position's final value and the layer from which it holds
  // in memory (FiniteHorizonStoreView::IndexFinalValues), so that Value at
  // or past a position's last change reads no list. For engines that probe
  // in their search.
  //   Returns: the bytes held (2 a position). Errors: none.
  //   Thread safety: not with other calls; call before probing from
  //     several threads.
  //   Cost: root only (decodes every list once).
  uint64_t IndexFinalValues() {
    uint64_t bytes = 0;
    for (FiniteHorizonStoreView& store : stores_) {
      store.IndexFinalValues();
      bytes += store.FinalValueIndexBytes();
    }
    return bytes;
  }

  // The rules of the header, the horizon T, and the store of a slice
  // (below rules().num_slices(), unchecked).
  //   Returns: references valid while the tables live; no errors.
  //   Thread safety: any number of threads at once. Cost: fit for every node.
  const R& rules() const { return rules_; }
  int horizon() const { return rules_.horizon(); }
  const FiniteHorizonStoreView& store(int slice) const { return stores_[slice]; }

  // The smallest t from which no stored value changes any more, over all
  // slices and for one (below rules().num_slices(), unchecked).
  //   Returns: a layer 0..horizon(); no errors.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a header field a slice).
  int fixed_point() const {
    uint32_t last = 0;
    for (const FiniteHorizonStoreView& store : stores_) last = std::max(last, store.last_change());
    return static_cast<int>(last);
  }
  int fixed_point(int slice) const { return static_cast<int>(stores_[slice].last_change()); }

  // V_t of a position.
  //   Parameters: p, covered (unchecked); plies_left, 0..horizon()
  //     (unchecked).
  //   Returns: the value. Errors: none (CheckedValue checks).
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a rank and a short scan).
  int Value(const Position& p, int plies_left) const {
    const SliceIndex at = rules_.Rank(p);
    return stores_[at.slice].ValueAt(at.index, static_cast<uint32_t>(plies_left));
  }

  // OK when the tables cover `p` (the rules' Covers hook).
  //   Parameters: p, any position.
  //   Errors: the hook's status naming the problem; none for rules
  //     without the hook.
  //   Thread safety: any number of threads at once. Cost: fit for every node.
  absl::Status Covers(const Position& p) const {
    if constexpr (HasCovers<R>) {
      return rules_.Covers(p);
    } else {
      return absl::OkStatus();
    }
  }

  // Value with its preconditions checked.
  //   Parameters: as Value. Returns: the value.
  //   Errors: InvalidArgument or OutOfRange naming the problem; Internal
  //     when the rules' Rank answers outside the slices (CheckedRank); the
  //     slice's check (CheckSlice).
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node.
  absl::StatusOr<int> CheckedValue(const Position& p, int plies_left) const {
    RETRO_RETURN_IF_ERROR(Covers(p));
    if (plies_left < 0 || plies_left > horizon()) {
      return absl::OutOfRangeError(absl::StrCat("plies left ", plies_left,
                                                " is outside this database; valid: 0..",
                                                horizon()));
    }
    RETRO_ASSIGN_OR_RETURN(const SliceIndex at, CheckedRank(rules_, p));
    RETRO_RETURN_IF_ERROR(CheckSlice(at.slice));
    return stores_[at.slice].ValueAt(at.index, static_cast<uint32_t>(plies_left));
  }

 private:
  explicit FiniteHorizonTables(R rules) : rules_(std::move(rules)) {}

  // The view of `store`, slice `s` of `rules`, its header checked against
  // the slice's size and the horizon (O(1)).
  static absl::StatusOr<FiniteHorizonStoreView> OpenStoreHeader(const R& rules, int s,
                                                                std::span<const uint8_t> store) {
    const std::string name = rules.slice_name(s);
    absl::StatusOr<FiniteHorizonStoreView> view = FiniteHorizonStoreView::OpenHeader(store);
    if (!view.ok()) {
      return absl::DataLossError(absl::StrCat("slice '", name, "': ", view.status().message()));
    }
    if (view->states() != rules.slice_size(s)) {
      return absl::DataLossError(absl::StrCat("slice '", name, "' holds ", view->states(),
                                              " positions; the parameters imply ",
                                              rules.slice_size(s)));
    }
    if (view->horizon() != static_cast<uint32_t>(rules.horizon())) {
      return absl::DataLossError(absl::StrCat("slice '", name, "' is solved to t = ",
                                              view->horizon(), "; the parameters say ",
                                              rules.horizon()));
    }
    return view;
  }

  // Every entry of `view`, slice `s` of `rules`: offsets within the store,
  // values within MinValue(s)..MaxValue(s) (one pass).
  static absl::Status ValidateStore(const R& rules, int s, const FiniteHorizonStoreView& view) {
    if (absl::Status status = view.Validate(rules.MinValue(s), rules.MaxValue(s)); !status.ok()) {
      return absl::DataLossError(absl::StrCat("slice '", rules.slice_name(s), "': ",
                                              status.message(),
                                              " (the value bounds are the rules' MinValue and "
                                              "MaxValue of the slice)"));
    }
    return absl::OkStatus();
  }

  // Whether a slice's store was checked (CheckSlice), and how it went.
  struct SliceCheck {
    std::atomic<bool> done{false};
    absl::Status status;
  };

  std::unique_ptr<DatabaseFile> owned_file_;
  R rules_;
  std::vector<FiniteHorizonStoreView> stores_;
  std::unique_ptr<SliceCheck[]> checked_;
  mutable std::mutex check_mutex_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_FINITE_HORIZON_READER_H_
