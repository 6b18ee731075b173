// A probe through the C API (probe.h).
#include "c/probe.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "c/probe_options.h"
#include "retro/input_error.h"
#include "retro/parameters.h"

namespace retro::c_api {

// Blank text is no position of any game (as `retro probe` says).
bool IsBlank(const char* position) {
  const char* end = position + std::strlen(position);
  return std::all_of(position, end,
                     [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; });
}

CError BlankPosition(const GameDescription& game) {
  return {RETRO_ERROR_BAD_POSITION, absl::StrCat("the position is empty; give a ", game.name,
                                                 " position: ", game.position_syntax)};
}

namespace {

// Sorts a failed probe: an input error that the defaults do not give was
// the options' fault; any other input error, the position's.
CError ProbeError(const Use& db, const std::string& position, const ParameterValues& options,
                  const absl::Status& status) {
  const std::string message(status.message());
  if (!IsInputError(status)) return {RETRO_ERROR_INTERNAL, message};
  auto defaults = ResolveParameters(db.game().probe_parameters, {}, "probing");
  if (defaults.ok() && *defaults != options && db.session().Probe(position, *defaults).ok()) {
    return {RETRO_ERROR_BAD_OPTION, message};
  }
  return {RETRO_ERROR_BAD_POSITION, message};
}

}  // namespace

std::variant<std::string, CError> ProbeJson(const Use& db, const char* position,
                                            const char* options) {
  if (position == nullptr) return CError{RETRO_ERROR_BAD_ARGUMENT, "the position is NULL"};
  const GameDescription& game = db.game();
  if (IsBlank(position)) return BlankPosition(game);
  auto values = ParseProbeOptions(options, game);
  if (!values.ok()) return CError{RETRO_ERROR_BAD_OPTION, std::string(values.status().message())};
  // The options checked as retro_probe_value checks them (the game's value
  // probe for them, prepared once per handle), so that both sort a bad
  // option and a bad position alike; a game without one is sorted after
  // the probe (ProbeError).
  DatabaseSession& session = db.session();
  const auto prepared = session.value_probes->Get(*session.database, options == nullptr ? "" : options,
                                                  [&] { return values; });
  if (!prepared.ok() && !absl::IsUnimplemented(prepared.status())) {
    return CError{RETRO_ERROR_BAD_OPTION, std::string(prepared.status().message())};
  }
  auto report = session.Probe(position, *values);
  if (report.ok()) return std::move(report->json);
  if (prepared.ok() && IsInputError(report.status())) {
    return CError{RETRO_ERROR_BAD_POSITION, std::string(report.status().message())};
  }
  return ProbeError(db, position, *values, report.status());
}

}  // namespace retro::c_api
