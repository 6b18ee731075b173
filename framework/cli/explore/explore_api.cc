// The endpoints of the `retro explore` API.
#include "cli/explore/explore_api.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "cli/commands.h"
#include "cli/game_parameters.h"
#include "cli/json_envelope.h"
#include "retro/json_writer.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

int HttpStatusOf(const absl::Status& status) {
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kOutOfRange:
    case absl::StatusCode::kFailedPrecondition:
      return 400;
    case absl::StatusCode::kNotFound:
      return 404;
    case absl::StatusCode::kResourceExhausted:
    case absl::StatusCode::kUnavailable:
      return 503;
    default:
      return 500;
  }
}

// A request's parameters, checked against what an endpoint takes.
class Query {
 public:
  explicit Query(const QueryParameters& query) : query_(query) {}

  // OK when every name is in `known` (or, with `any_other`, may be a
  // game's probe parameter, checked later) and none comes twice.
  absl::Status Check(std::string_view endpoint, const std::vector<std::string>& known,
                     bool any_other) const {
    for (const auto& [name, value] : query_) {
      if (!any_other && std::ranges::find(known, name) == known.end()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "unknown query parameter '", name, "' for /api/", std::string(endpoint),
            known.empty() ? "; it takes none" : "; valid: " + absl::StrJoin(known, ", ")));
      }
      if (query_.count(name) > 1) {
        return absl::InvalidArgumentError(
            absl::StrCat("query parameter '", name, "' is given twice"));
      }
    }
    return absl::OkStatus();
  }

  std::optional<std::string> Get(const std::string& name) const {
    const auto it = query_.find(name);
    if (it == query_.end()) return std::nullopt;
    return it->second;
  }
  absl::StatusOr<std::string> Require(const std::string& name) const {
    std::optional<std::string> value = Get(name);
    if (!value.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat("query parameter '", name, "' is missing"));
    }
    return *value;
  }
  const QueryParameters& all() const { return query_; }

 private:
  const QueryParameters& query_;
};

// The envelope of `command` on `database`, as `retro probe` and `retro
// stats` fill it in.
JsonEnvelope EnvelopeFor(std::string_view command, const ExploreDatabase* database) {
  JsonEnvelope envelope;
  envelope.Start(std::string(command), true);
  if (database != nullptr) {
    envelope.SetGame(database->session->file->identity().game);
    envelope.SetFile(database->path);
    envelope.SetParameters(database->session->file->parameters());
  }
  return envelope;
}

ApiReply Failure(const JsonEnvelope& envelope, const absl::Status& status) {
  return {HttpStatusOf(status),
          envelope.Failure(std::string(status.message()), ExitCodeOf(status))};
}

// The game's probe parameters from the query: every name but `reserved`,
// written with '-' or '_', resolved as `retro probe` resolves its options.
absl::StatusOr<ParameterValues> ProbeOptions(const ExploreDatabase& database, const Query& query,
                                             const std::set<std::string>& reserved) {
  const GameDescription& game = database.session->plugin->module().Describe();
  ParameterValues given;
  for (const auto& [name, value] : query.all()) {
    if (reserved.count(name) > 0) continue;
    given[absl::StrReplaceAll(name, {{"_", "-"}})] = value;
  }
  return ResolveParameters(game.probe_parameters, given, absl::StrCat("probing ", game.name));
}

ApiReply Databases(ExploreCatalog& catalog, const Query& query) {
  const JsonEnvelope envelope = EnvelopeFor("databases", nullptr);
  if (auto s = query.Check("databases", {}, false); !s.ok()) return Failure(envelope, s);
  JsonWriter json;
  json.BeginObject().Key("databases").BeginArray();
  for (const auto& database : catalog.databases()) {
    const DatabaseFile& file = *database->session->file;
    OpenDatabase& open = *database->session->database;
    const GameDescription& game = database->session->plugin->module().Describe();
    json.BeginObject().Key("id").String(database->id).Key("game").String(game.name);
    json.Key("file").String(database->path).Key("parameters").BeginObject();
    for (const auto& [key, value] : file.parameters()) json.Key(SnakeCase(key)).String(value);
    json.EndObject().Key("slices").BeginArray();
    for (const DatabaseFile::SliceInfo& slice : file.slices()) json.String(slice.name);
    json.EndArray().Key("summary").String(game.summary);
    json.Key("position_syntax").String(game.position_syntax);
    json.Key("probe_parameters");
    WriteParameterSpecs(json, game.probe_parameters);
    json.Key("start_position");
    const absl::StatusOr<std::string> start =
        database->session->Read([&] { return open.StartPosition(); });
    start.ok() && ExploreCatalog::CheckRead(*database).ok() ? json.String(*start) : json.Null();
    json.EndObject();
  }
  json.EndArray().EndObject();
  return {200, envelope.Success(json.Take())};
}

// Serves `command` on the database the query's "db" names: checks the
// query's names (`known`, and with `any_other` a game's probe parameters),
// finds the database, computes `result` on it, and refuses the answer when
// the file was truncated meanwhile (ExploreCatalog::CheckRead).
ApiReply OnDatabase(
    ExploreCatalog& catalog, const Query& query, std::string_view command,
    const std::vector<std::string>& known, bool any_other,
    const std::function<absl::StatusOr<std::string>(ExploreDatabase&, const Query&)>& result) {
  JsonEnvelope envelope = EnvelopeFor(command, nullptr);
  if (auto s = query.Check(command, known, any_other); !s.ok()) return Failure(envelope, s);
  absl::StatusOr<std::string> id = query.Require("db");
  if (!id.ok()) return Failure(envelope, id.status());
  absl::StatusOr<ExploreDatabase*> database = catalog.FindToRead(*id);
  if (!database.ok()) return Failure(envelope, database.status());
  envelope = EnvelopeFor(command, *database);
  const absl::StatusOr<std::string> answer = result(**database, query);
  if (absl::Status read = ExploreCatalog::CheckRead(**database); !read.ok()) {
    return Failure(envelope, read);
  }
  if (!answer.ok()) return Failure(envelope, answer.status());
  return {200, envelope.Success(*answer)};
}

absl::StatusOr<std::string> ProbeResult(const ExploreDatabase& database, const Query& query) {
  RETRO_ASSIGN_OR_RETURN(const std::string position, query.Require("position"));
  RETRO_ASSIGN_OR_RETURN(const ParameterValues options,
                         ProbeOptions(database, query, {"db", "position"}));
  RETRO_ASSIGN_OR_RETURN(const Report report, database.session->Probe(position, options));
  return report.json;
}

absl::StatusOr<std::string> RenderResult(const ExploreDatabase& database, const Query& query) {
  RETRO_ASSIGN_OR_RETURN(const std::string position, query.Require("position"));
  const absl::StatusOr<std::string> svg =
      database.session->Read([&] { return database.session->database->RenderSvg(position); });
  JsonWriter json;
  json.BeginObject().Key("svg");
  if (svg.ok()) {
    json.String(*svg);
  } else if (absl::IsUnimplemented(svg.status())) {
    json.Null();  // the game draws nothing: the page shows the notation
  } else {
    return svg.status();
  }
  return json.EndObject().Take();
}

// The integer query parameter `name` (default `fallback` when absent).
absl::StatusOr<int64_t> IntegerQuery(const Query& query, const std::string& name,
                                     std::optional<int64_t> fallback) {
  if (fallback.has_value() && !query.Get(name).has_value()) return *fallback;
  RETRO_ASSIGN_OR_RETURN(const std::string text, query.Require(name));
  return ParseInteger(text, absl::StrCat("query parameter '", name, "'"));
}

// The probe results of `position` for parameter = from, from + step, ...,
// up to `to`.
absl::StatusOr<std::string> SeriesResult(const ExploreDatabase& database, const Query& query) {
  RETRO_ASSIGN_OR_RETURN(const std::string position, query.Require("position"));
  RETRO_ASSIGN_OR_RETURN(std::string parameter, query.Require("parameter"));
  parameter = absl::StrReplaceAll(parameter, {{"_", "-"}});
  const GameDescription& game = database.session->plugin->module().Describe();
  std::vector<std::string> names;
  for (const ParameterSpec& spec : game.probe_parameters) names.push_back(SnakeCase(spec.name));
  if (std::find(names.begin(), names.end(), SnakeCase(parameter)) == names.end()) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", SnakeCase(parameter), "' is no probe parameter of ", game.name,
                     names.empty() ? "; it has none" : "; valid: " + absl::StrJoin(names, ", ")));
  }
  RETRO_ASSIGN_OR_RETURN(const int64_t from, IntegerQuery(query, "from", std::nullopt));
  RETRO_ASSIGN_OR_RETURN(const int64_t to, IntegerQuery(query, "to", std::nullopt));
  RETRO_ASSIGN_OR_RETURN(const int64_t step, IntegerQuery(query, "step", 1));
  if (step < 1 || from > to || (to - from) / step + 1 > kMaxSeriesPoints) {
    return absl::InvalidArgumentError(absl::StrCat("the series from ", from, " to ", to, " by ",
                                                   step,
                                                   " must have from <= to, step >= 1 "
                                                   "and at most ",
                                                   kMaxSeriesPoints, " values"));
  }
  RETRO_ASSIGN_OR_RETURN(
      ParameterValues options,
      ProbeOptions(database, query, {"db", "position", "parameter", "from", "to", "step"}));
  JsonWriter json;
  json.BeginObject().Key("parameter").String(SnakeCase(parameter)).Key("points").BeginArray();
  for (int64_t at = from; at <= to; at += step) {
    options[parameter] = std::to_string(at);
    RETRO_ASSIGN_OR_RETURN(const Report report, database.session->Probe(position, options));
    json.BeginObject().Key("at").Int(at).Key("result").Raw(report.json).EndObject();
  }
  json.EndArray().EndObject();
  return json.Take();
}

}  // namespace

ApiReply ApiError(std::string_view command, const absl::Status& status, int http_status) {
  ApiReply reply = Failure(EnvelopeFor(command, nullptr), status);
  if (http_status != 0) reply.status = http_status;
  return reply;
}

ApiReply ServeApi(ExploreCatalog& catalog, std::string_view endpoint,
                  const QueryParameters& parameters) {
  const Query query(parameters);
  if (endpoint == "databases") return Databases(catalog, query);
  if (endpoint == "probe") {
    return OnDatabase(catalog, query, "probe", {"db", "position"}, true, ProbeResult);
  }
  if (endpoint == "render") {
    return OnDatabase(catalog, query, "render", {"db", "position"}, false, RenderResult);
  }
  if (endpoint == "series") {
    return OnDatabase(catalog, query, "series",
                      {"db", "position", "parameter", "from", "to", "step"}, true, SeriesResult);
  }
  if (endpoint == "stats") {
    return OnDatabase(
        catalog, query, "stats", {"db"}, false,
        [&](ExploreDatabase& database, const Query&) { return catalog.Stats(database); });
  }
  return ApiError("explore", absl::NotFoundError(
                                 absl::StrCat("no API endpoint /api/", std::string(endpoint),
                                              "; valid: databases, probe, render, series, stats")));
}

}  // namespace retro::cli
