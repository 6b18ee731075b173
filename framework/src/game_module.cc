// Out-of-line key functions of the plugin interface, so that their vtables
// and type information live once, in the framework library.
#include "retro/game_module.h"

#include "absl/strings/str_cat.h"

namespace retro {

OpenDatabase::~OpenDatabase() = default;
GameModule::~GameModule() = default;
ValueProbe::~ValueProbe() = default;

void ValueProbe::ValuesOfCells(std::span<const int32_t>, size_t, std::span<ValueAnswer> out) const {
  for (ValueAnswer& answer : out) {
    answer.status = absl::UnimplementedError("this game has no binary position form");
  }
}

absl::StatusOr<std::unique_ptr<ValueProbe>> OpenDatabase::PrepareValues(const ParameterValues&) {
  return absl::UnimplementedError("this game's databases offer no value probe");
}

absl::StatusOr<SliceValues> OpenDatabase::Values(const std::string&, const ParameterValues&) {
  return absl::UnimplementedError("this game's databases offer no slice values");
}

absl::StatusOr<std::string> OpenDatabase::RenderSvg(const std::string&) {
  return absl::UnimplementedError("this game draws no pictures of its positions");
}

absl::StatusOr<std::string> OpenDatabase::StartPosition() {
  return absl::UnimplementedError("this game names no position to start exploring from");
}

absl::StatusOr<uint64_t> GameModule::Perft(const ParameterValues&, const std::string&, int,
                                           const WorkContext&) {
  return absl::UnimplementedError(
      "this game has no move generator for perft");
}

absl::StatusOr<CheckResult> GameModule::Check(const ParameterValues&,
                                              const CheckOptions&,
                                              const WorkContext&) {
  return absl::UnimplementedError(
      absl::StrCat("game ", Describe().name, " offers no contract check"));
}

PlayCapability* GameModule::Play() { return nullptr; }

ExportCapability* GameModule::Export() { return nullptr; }

}  // namespace retro
