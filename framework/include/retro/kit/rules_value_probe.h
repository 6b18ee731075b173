// The typed value probe (retro/value_probe.h) every kit's database hands
// out: positions read with the rules' Parse, or FromCells for the binary
// form (rules_hooks.h), checked with Covers when the rules have it, and
// each answered by the kit's own lookup.
#ifndef RETRO_KIT_RULES_VALUE_PROBE_H_
#define RETRO_KIT_RULES_VALUE_PROBE_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/kit/rules_hooks.h"
#include "retro/value_probe.h"

namespace retro::kit {

// A ValueProbe of game R whose `lookup(position)` gives a covered
// position's ValueAnswer. `rules` and what `lookup` reads must outlive it.
template <typename R, typename Lookup>
class RulesValueProbe final : public ValueProbe {
 public:
  using Position = typename R::Position;

  RulesValueProbe(const R& rules, Lookup lookup) : rules_(rules), lookup_(std::move(lookup)) {}

  void Values(std::span<const std::string_view> positions,
              std::span<ValueAnswer> out) const override {
    for (size_t i = 0; i < positions.size(); ++i) {
      Put(Answer(rules_.Parse(std::string(positions[i]))), out[i]);
    }
  }

  void ValuesOfCells(std::span<const int32_t> cells, size_t cells_per_position,
                     std::span<ValueAnswer> out) const override {
    if constexpr (HasPositionCells<R>) {
      if (cells_per_position != static_cast<size_t>(R::kPositionCells)) {
        const absl::Status wrong = absl::InvalidArgumentError(
            absl::StrCat("a binary position of this game has ", R::kPositionCells,
                         " integers, not ", cells_per_position));
        for (ValueAnswer& answer : out) answer = ValueAnswer::Failed(wrong);
        return;
      }
      for (size_t i = 0; i < out.size(); ++i) {
        Put(Answer(rules_.FromCells(cells.subspan(i * cells_per_position, cells_per_position))),
            out[i]);
      }
    } else {
      ValueProbe::ValuesOfCells(cells, cells_per_position, out);
    }
  }

 private:
  // `answer` into `out` member by member: a copy of the whole PositionValue
  // reads its three members' fresh stores with one wide load, which the
  // processor cannot forward (a store-forwarding stall a probe).
  static void Put(ValueAnswer&& answer, ValueAnswer& out) {
    out.status = std::move(answer.status);
    out.value.kind = answer.value.kind;
    out.value.distance = answer.value.distance;
    out.value.value = answer.value.value;
  }

  ValueAnswer Answer(const absl::StatusOr<Position>& p) const {
    if (!p.ok()) return ValueAnswer::Failed(p.status());
    if constexpr (HasCovers<R>) {
      if (absl::Status covered = rules_.Covers(*p); !covered.ok()) {
        return ValueAnswer::Failed(std::move(covered));
      }
    }
    return lookup_(*p);
  }

  const R& rules_;
  Lookup lookup_;
};

// RulesValueProbe<R, Lookup>, owned.
template <typename R, typename Lookup>
std::unique_ptr<ValueProbe> MakeRulesValueProbe(const R& rules, Lookup lookup) {
  return std::make_unique<RulesValueProbe<R, Lookup>>(rules, std::move(lookup));
}

}  // namespace retro::kit

#endif  // RETRO_KIT_RULES_VALUE_PROBE_H_
