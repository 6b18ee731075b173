// The stored values (and companion slices) of a ChanceRules game (retro/kit/
// chance_rules.h), as the kit's probe, verify and a game's companion hooks
// read them: one double per record, by slice and index.
#ifndef RETRO_KIT_CHANCE_READER_H_
#define RETRO_KIT_CHANCE_READER_H_

#include <bit>
#include <cstdint>
#include <limits>
#include <cstring>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "retro/kit/chance_rules.h"

namespace retro::kit {

// Little-endian IEEE doubles, one per value: the bytes of a value slice
// (the writer's side, kept beside its inverse). DoubleBytes views the
// values' own memory as those bytes (valid while the values live);
// EncodeDoubles copies them.
//   Returns: the bytes; no errors. Thread safety: any thread.
//   Cost: DoubleBytes fit for every node; EncodeDoubles root only
//   (allocates and copies every value).
inline std::span<const uint8_t> DoubleBytes(std::span<const double> values) {
  static_assert(std::endian::native == std::endian::little);
  return {reinterpret_cast<const uint8_t*>(values.data()), values.size() * sizeof(double)};
}
inline std::vector<uint8_t> EncodeDoubles(std::span<const double> values) {
  static_assert(std::endian::native == std::endian::little);
  std::vector<uint8_t> bytes(values.size() * sizeof(double));
  if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

// The doubles of a value slice.
//   Parameters: bytes, a value slice (a trailing partial double is dropped).
//   Returns: the values, copied; no errors. Thread safety: any thread.
//   Cost: root only (allocates and copies the slice).
inline std::vector<double> DecodeDoubles(std::span<const uint8_t> bytes) {
  std::vector<double> values(bytes.size() / sizeof(double));
  if (!values.empty()) std::memcpy(values.data(), bytes.data(), values.size() * sizeof(double));
  return values;
}

// The values of every slice of `rules`, and the bytes of each companion
// slice (companions[slice][k]; empty when the game has none). Immutable:
// every method is const and may run on any number of threads at once.
template <typename R>
class ChanceTables {
 public:
  using Position = typename R::Position;

  // Tables of values already checked (ReadChanceFile's, or a solve's).
  //   Parameters: rules, kept by reference and outliving the tables;
  //     values[slice][index]; companions[slice][k], whose bytes outlive
  //     the tables.
  //   Returns: the tables. Errors: none (nothing is checked).
  //   Thread safety: any thread. Cost: root only (moves the vectors).
  ChanceTables(const R& rules, std::vector<std::vector<double>> values,
               std::vector<std::vector<std::span<const uint8_t>>> companions)
      : rules_(rules), values_(std::move(values)), companions_(std::move(companions)) {}

  // The rules, the number of slices, the values of `slice` by index, and
  // the value of one record.
  //   Parameters: slice, below num_slices(); at, a record of the rules
  //     (both unchecked).
  //   Returns: the values (views valid while the tables live); no errors.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (an index).
  const R& rules() const { return rules_; }
  int num_slices() const { return static_cast<int>(values_.size()); }
  // The values of `slice`, by index.
  std::span<const double> values(int slice) const { return values_[slice]; }
  double value(SliceIndex at) const { return values_[at.slice][at.index]; }
  // The value of afterstate `after` to the player choosing it: the value
  // to the side to move there (its value when the game is over there, else
  // the stored value of its record), which in a two-player game is the
  // opponent, whose value v the chooser counts as value_sum - v
  // (retro::chance::TurnOrder).
  //   Parameters: after, an afterstate.
  //   Returns: the value; NaN when the rules rank `after` outside the
  //     tables (a mistake of the rules: opening spot-checks them,
  //     SpotCheckSliceEnds). No errors.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (the rules' Terminal and a rank).
  double AfterstateValue(const Position& after) const {
    constexpr chance::TurnOrder kOrder = chance::TurnOrderOf<R>();
    if (const std::optional<double> over = rules_.Terminal(after)) {
      return kOrder.ChooserValue(*over);
    }
    const SliceIndex at = rules_.Rank(after);
    if (at.slice < 0 || at.slice >= num_slices() || at.index >= values_[at.slice].size())
        [[unlikely]] {
      return std::numeric_limits<double>::quiet_NaN();
    }
    return kOrder.ChooserValue(value(at));
  }
  // The bytes of record `index` of companion slice k of `slice`.
  //   Parameters: slice; k, below the game's companions; index, a record
  //     of the slice; record_bytes, the companion's record size (all
  //     unchecked).
  //   Returns: a view of the companion bytes, valid while they live; no
  //     errors. Thread safety: any number of threads at once.
  //   Cost: fit for every node (an index).
  std::span<const uint8_t> companion_record(int slice, int k, uint64_t index,
                                            uint64_t record_bytes) const {
    return companions_[slice][k].subspan(index * record_bytes, record_bytes);
  }

 private:
  const R& rules_;
  std::vector<std::vector<double>> values_;
  std::vector<std::vector<std::span<const uint8_t>>> companions_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_CHANCE_READER_H_
