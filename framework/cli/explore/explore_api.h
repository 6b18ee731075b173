// The JSON API of `retro explore` (docs/explore.md), apart from HTTP: each
// endpoint takes the request's query parameters and gives the HTTP status
// and a body in the envelope every `retro --json` command prints
// (cli/json_envelope.h), with the result of the matching command (`probe`
// and `stats` give exactly what `retro probe --json` and `retro stats
// --json` give).
#ifndef RETRO_CLI_EXPLORE_EXPLORE_API_H_
#define RETRO_CLI_EXPLORE_EXPLORE_API_H_

#include <map>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "cli/explore/explore_catalog.h"

namespace retro::cli {

// An answer: the HTTP status and the JSON envelope.
struct ApiReply {
  int status = 200;
  std::string body;
};

// A request's query parameters, as decoded by the server (a name may come
// more than once, which the endpoints refuse).
using QueryParameters = std::multimap<std::string, std::string>;

// The most values one /api/series request may ask for.
inline constexpr int kMaxSeriesPoints = 2001;

// Serves GET /api/`endpoint`: databases, probe, render, series or stats;
// any other endpoint is a 404 error. Never throws for bad input.
ApiReply ServeApi(ExploreCatalog& catalog, std::string_view endpoint,
                  const QueryParameters& query);

// The error envelope of `command` for `status`, with the HTTP status that
// fits it (400 for bad input, 404 for what does not exist, 500 otherwise;
// `http_status`, when not 0, instead).
ApiReply ApiError(std::string_view command, const absl::Status& status, int http_status = 0);

}  // namespace retro::cli

#endif  // RETRO_CLI_EXPLORE_EXPLORE_API_H_
