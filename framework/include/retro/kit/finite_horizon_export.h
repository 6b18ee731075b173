// `retro export` for the finite-horizon kit: every position's final value
// and threshold read from the tables (FinalValuesOf), and the export
// capability (retro/export.h) a game lends its module (FiniteHorizonParts,
// retro/kit/finite_horizon_module.h) with its side of a C++ header of the
// book: format "cpp", a self-contained C++17 header written by
// retro/export/cpp_book.h.
#ifndef RETRO_KIT_FINITE_HORIZON_EXPORT_H_
#define RETRO_KIT_FINITE_HORIZON_EXPORT_H_

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "retro/export.h"
#include "retro/export/cpp_book.h"
#include "retro/export/final_value_table.h"
#include "retro/json_writer.h"
#include "retro/kit/finite_horizon_rules.h"
#include "retro/kit/finite_horizon_reader.h"
#include "retro/kit/game_info.h"
#include "retro/status_macros.h"

namespace retro::kit {

// Every position's final value (its value at and after its last change)
// and that layer, in slice and rank order.
//   Returns: the table; no errors (the tables were validated on opening).
//   Cost: root only (decodes every position's list once).
template <FiniteHorizonRules R>
FinalValueTable FinalValuesOf(const FiniteHorizonTables<R>& tables) {
  FinalValueTable table;
  table.horizon = static_cast<uint32_t>(tables.horizon());
  for (int s = 0; s < tables.rules().num_slices(); ++s) {
    const FiniteHorizonStoreView& store = tables.store(s);
    for (uint64_t index = 0; index < store.states(); ++index) {
      uint32_t last = 0;
      int value = 0;
      store.ForEachChange(index, [&](uint32_t layer, int next) {
        last = layer;
        value = next;
        return true;
      });
      table.values.push_back(static_cast<int8_t>(value));
      table.thresholds.push_back(last);
      table.last_change = std::max(table.last_change, last);
    }
    table.slice_starts.push_back(table.values.size());
  }
  return table;
}

// The export capability of a kit-built game, `code` giving the game's part
// of the header (its positions' slice and rank as standalone C++, the
// lookup's signature) for the rules of a book.
template <FiniteHorizonRules R>
class FiniteHorizonExport : public ExportCapability {
 public:
  using GameCode = std::function<CppBookCode(const R&)>;
  FiniteHorizonExport(GameInfo info, GameCode code)
      : info_(std::move(info)), code_(std::move(code)) {
    description_.formats.push_back(
        {.name = "cpp",
         .summary = "one self-contained C++17 header (no includes) holding every position's "
                    "final value and the plies left from which it holds, entropy coded in a "
                    "string literal, with its lookup function: a book for a bot that must fit "
                    "in one source file",
         .options = CppBookOptionSpecs(),
         .extension = "h"});
  }

  const ExportDescription& DescribeExport() const override { return description_; }

  absl::StatusOr<ExportResult> Export(const DatabaseFile& file, std::string_view format,
                                      const ParameterValues& options) override {
    if (format != "cpp") {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown export format '", std::string(format), "'; valid: cpp"));
    }
    RETRO_ASSIGN_OR_RETURN(std::unique_ptr<FiniteHorizonTables<R>> tables,
                           FiniteHorizonTables<R>::FromFile(file, info_));
    RETRO_ASSIGN_OR_RETURN(
        const CppBookOptions cpp_options,
        ParseCppBookOptions(options, static_cast<uint32_t>(tables->horizon())));
    const FinalValueTable table = FinalValuesOf(*tables);
    CppBookCode code = code_(tables->rules());
    // What the game says, then what every book says: the header's
    // parameters and the fixed point.
    std::vector<std::string> parameters;
    for (const auto& [key, value] : file.parameters()) {
      parameters.push_back(absl::StrCat(key, "=", value));
    }
    code.about.push_back(absl::StrCat("Database parameters: ", absl::StrJoin(parameters, ", "),
                                      "."));
    code.about.push_back(absl::StrCat(
        "Every value is final from plies left ", table.last_change, " on (horizon ",
        table.horizon, "); ", table.records(), " positions."));
    RETRO_ASSIGN_OR_RETURN(CppBook book, WriteCppBook(table, code, cpp_options));
    ExportResult result;
    result.summary = absl::StrFormat(
        "%d positions, %s characters (%s), threshold step %u%s, %d characters of data",
        table.records(), absl::StrCat(book.characters), CppBookCharsName(book.chars),
        book.threshold_step, book.threshold_step == 1 ? " (exact)" : "", book.data_characters);
    JsonWriter json;
    json.BeginObject()
        .Key("format").String("cpp")
        .Key("positions").Uint(table.records())
        .Key("characters").Uint(book.characters)
        .Key("bytes").Uint(book.text.size())
        .Key("chars").String(CppBookCharsName(book.chars))
        .Key("threshold_step").Uint(book.threshold_step)
        .Key("data_characters").Uint(book.data_characters)
        .Key("last_change").Uint(table.last_change)
        .EndObject();
    result.json = json.Take();
    result.bytes = std::move(book.text);
    return result;
  }

 private:
  GameInfo info_;
  GameCode code_;
  ExportDescription description_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_FINITE_HORIZON_EXPORT_H_
