// The one JSON shape every `retro` command prints under --json
// (docs/json.md): a single line
//
//   {"retro": VERSION, "command": C, "game": G, "file": F,
//    "parameters": {...}, "ok": true, "result": R}
//
// on success, and on failure the same with "ok": false, "error": MESSAGE and
// "exit": STATUS (the process's exit status) in place of the result (a
// failed verify keeps its result too). "game" and "file" are null when the
// command has none or has not learnt them yet; parameter names are written
// in snake_case (turn-limit becomes turn_limit).
#ifndef RETRO_CLI_JSON_ENVELOPE_H_
#define RETRO_CLI_JSON_ENVELOPE_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "retro/parameters.h"

namespace retro::cli {

class JsonEnvelope {
 public:
  // The envelope of this process's command: main starts it; the command
  // fills in what it learns; ReportError (cli/commands.h) prints failures.
  static JsonEnvelope& Current();

  // Starts the envelope of `command`; `json`: whether --json was given.
  void Start(std::string command, bool json);
  bool json() const { return json_; }

  void SetGame(std::string_view game) { game_ = std::string(game); }
  void SetFile(std::string_view file) { file_ = std::string(file); }
  void SetParameters(std::vector<std::pair<std::string, std::string>> parameters) {
    parameters_ = std::move(parameters);
  }

  // The success line (without '\n'); `result` is one serialised JSON value.
  std::string Success(std::string_view result) const;
  // The failure line (without '\n'); `result`, when not empty, is kept as
  // the result member; `extra` holds more members as (key, serialised JSON).
  std::string Failure(std::string_view message, int exit, std::string_view result = {},
                      const std::vector<std::pair<std::string, std::string>>& extra = {}) const;

  // Prints Success(result) and a newline on standard output.
  void PrintSuccess(std::string_view result) const;

 private:
  // `{"retro": ..., "parameters": {...}` without the closing brace.
  std::string Head() const;

  std::string command_;
  bool json_ = false;
  std::string game_;
  std::string file_;
  std::vector<std::pair<std::string, std::string>> parameters_;
};

}  // namespace retro::cli

#endif  // RETRO_CLI_JSON_ENVELOPE_H_
