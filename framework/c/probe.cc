// Probes through the C API and their options (probe.h).
#include "c/probe.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "retro/host/value_chunks.h"
#include "retro/input_error.h"
#include "retro/parameters.h"

namespace retro::c_api {
namespace {

// "plies-left, roll" or "none": the game's probe parameter names.
std::string ValidKeys(const GameDescription& game) {
  std::vector<std::string> names;
  for (const ParameterSpec& spec : game.probe_parameters) names.push_back(spec.name);
  return names.empty() ? std::string("none") : absl::StrJoin(names, ", ");
}

absl::Status Malformed(absl::string_view item, const GameDescription& game) {
  return absl::InvalidArgumentError(absl::StrCat(
      "probe option '", item, "' is not key=value; write options as key=value,key=value (",
      game.name, " keys: ", ValidKeys(game), ")"));
}

// Parses `options` (NULL or "" for none; spaces around keys and values are
// ignored) and resolves them against `game`'s probe parameters (defaults
// filled in). InvalidArgument, naming the problem and the valid keys, for a
// malformed list, a repeated or unknown key or a value the parameter does
// not take.
absl::StatusOr<ParameterValues> ParseProbeOptions(const char* options,
                                                  const GameDescription& game) {
  ParameterValues values;
  const absl::string_view text = options == nullptr ? "" : options;
  if (!absl::StripAsciiWhitespace(text).empty()) {
    for (absl::string_view item : absl::StrSplit(text, ',')) {
      const size_t equals = item.find('=');
      if (equals == absl::string_view::npos) return Malformed(item, game);
      const std::string key(absl::StripAsciiWhitespace(item.substr(0, equals)));
      const std::string value(absl::StripAsciiWhitespace(item.substr(equals + 1)));
      if (key.empty() || value.empty()) return Malformed(item, game);
      if (!values.emplace(key, value).second) {
        return absl::InvalidArgumentError(
            absl::StrCat("probe option '", key, "' is given twice; give each key once"));
      }
    }
  }
  for (const auto& [key, value] : values) {
    if (std::ranges::find(game.probe_parameters, key, &ParameterSpec::name) ==
        game.probe_parameters.end()) {
      return absl::InvalidArgumentError(absl::StrCat("unknown probe option '", key, "' for game ",
                                                     game.name, "; valid: ", ValidKeys(game)));
    }
  }
  return ResolveParameters(game.probe_parameters, values, absl::StrCat("probing ", game.name));
}

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

// The code of a position's failed answer (FailedPrecondition: a NULL
// position of a batch).
int PositionCode(const absl::Status& status) {
  if (absl::IsFailedPrecondition(status)) return RETRO_ERROR_BAD_ARGUMENT;
  if (IsInputError(status)) return RETRO_ERROR_BAD_POSITION;
  if (absl::IsUnimplemented(status)) return RETRO_ERROR_NO_VALUE;
  return RETRO_ERROR_INTERNAL;
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
  const auto prepared = session.value_probes->Get(
      *session.database, options == nullptr ? "" : options, [&] { return values; });
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

int ProbeValues(retro_db* handle, const char* options, const void* positions, size_t count,
                AnswerChunk chunk, double* values, int* statuses, ProbeCall call) {
  // 1. The arguments and the handle.
  if (count > 0 && (positions == nullptr || values == nullptr)) {
    return Fail({RETRO_ERROR_BAD_ARGUMENT,
                 values == nullptr ? "the values pointer is NULL" : "the positions are NULL"});
  }
  const Use db(handle);
  if (!db.ok()) return Fail(Use::error());
  if (call.texts && !call.batch && IsBlank(*static_cast<const char* const*>(positions))) {
    return Fail(BlankPosition(db.game()));
  }
  // 2. The prepared probe of the options.
  DatabaseSession& session = db.session();
  const std::string_view key = options == nullptr ? std::string_view() : options;
  absl::StatusOr<ValueProbeCache::Lease> lease = session.value_probes->Get(
      *session.database, key, [&] { return ParseProbeOptions(options, db.game()); });
  if (!lease.ok()) {
    const bool none = absl::IsUnimplemented(lease.status());
    return Fail({none ? RETRO_ERROR_NO_VALUE : RETRO_ERROR_BAD_OPTION,
                 std::string(lease.status().message())});
  }
  // 3. The answers, chunk by chunk, in one guarded read.
  std::optional<CError> first_failure;
  const auto take = [&](size_t i, const ValueAnswer& answer) {
    int code = RETRO_OK;
    if (answer.status.ok()) [[likely]] {
      values[i] = answer.value.value;
    } else {
      code = PositionCode(answer.status);
      if (!first_failure) {
        first_failure =
            CError{code, call.batch ? absl::StrCat("position ", i, ": ", answer.status.message())
                                    : std::string(answer.status.message())};
      }
    }
    if (statuses != nullptr) statuses[i] = code;
  };
  const absl::Status read = ReadValueChunks(
      session, count,
      [&](size_t first, std::span<ValueAnswer> out) {
        chunk(*lease->probe, positions, first, out);
      },
      take);
  if (!read.ok()) return Fail({RETRO_ERROR_INTERNAL, std::string(read.message())});
  if (first_failure) return Fail(*first_failure);
  return RETRO_OK;
}

}  // namespace retro::c_api
