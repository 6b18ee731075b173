// Fuzz target: the JSON API of `retro explore` (ServeApi of
// cli/explore/explore_api.h), as the server calls it once it has read a
// GET request, without sockets: an endpoint and its decoded query
// parameters, over a catalog of every game's seed database (ids oware,
// surakarta, plakoto, tictactoe, surakarta-small, tictactoe-small). The
// server refuses a GET with a body before the API is reached, so the
// parameters are all the request a handler sees. Every answer must be one
// JSON envelope (docs/json.md) whose "ok" agrees with the HTTP status (200
// exactly when ok), and bad input must never give 500.
//
// Input: the endpoint on the first line (databases, probe, render, series,
// stats, or anything), then one parameter a line, NAME=VALUE (split at the
// first '='; none: an empty value), any bytes, NUL included.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cli/explore/explore_api.h"
#include "cli/explore/explore_catalog.h"
#include "nlohmann/json.hpp"
#include "tests/fuzz/fuzz_support.h"

namespace {

// Every seed database, opened once and kept (never destroyed: the plugins
// stay loaded until the process ends).
retro::cli::ExploreCatalog& Catalog() {
  static retro::cli::ExploreCatalog* catalog = [] {
    std::vector<std::string> paths;
    for (const char* seed :
         {"oware", "surakarta", "plakoto", "tictactoe", "surakarta-small", "tictactoe-small"}) {
      paths.push_back(absl::StrCat(RETRO_FUZZ_SEED_DATABASE_DIR, "/", seed, ".retro"));
    }
    auto opened = retro::cli::ExploreCatalog::Open(paths, {RETRO_FUZZ_PLUGIN_DIR}, 1);
    if (!opened.ok()) __builtin_trap();  // a stale seed: regenerate it (docs/fuzzing.md)
    return opened->release();
  }();
  return *catalog;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  size_t end = text.find('\n');
  const std::string endpoint(text.substr(0, end));
  retro::cli::QueryParameters query;
  while (end != std::string_view::npos) {
    text.remove_prefix(end + 1);
    end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    const size_t eq = line.find('=');
    query.emplace(std::string(line.substr(0, eq)),
                  eq == std::string_view::npos ? std::string() : std::string(line.substr(eq + 1)));
  }
  const retro::cli::ApiReply reply = retro::cli::ServeApi(Catalog(), endpoint, query);
  const nlohmann::json envelope = nlohmann::json::parse(reply.body, nullptr, false);
  if (envelope.is_discarded() || !envelope.is_object()) __builtin_trap();
  const auto ok = envelope.find("ok");
  if (ok == envelope.end() || !ok->is_boolean()) __builtin_trap();
  if (ok->get<bool>() != (reply.status == 200)) __builtin_trap();
  if (reply.status != 200 && reply.status != 400 && reply.status != 404 && reply.status != 503) {
    __builtin_trap();
  }
  return 0;
}
