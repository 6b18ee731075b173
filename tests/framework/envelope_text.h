// The `result` member of a `retro ... --json` line, as the exact bytes the
// command printed (docs/json.md): for tests that compare a command's
// result byte for byte with another producer of the same JSON (the C API,
// a reader built out of tree, another build).
#ifndef RETRO_TESTS_FRAMEWORK_ENVELOPE_TEXT_H_
#define RETRO_TESTS_FRAMEWORK_ENVELOPE_TEXT_H_

#include <sstream>
#include <string>

namespace retro::testing {

// The text of `line`'s result when `line` is a successful envelope
// (`...,"ok":true,"result":R}` with an optional trailing newline), else
// "not a successful envelope: " followed by the line, so that a comparison
// with it fails and shows what was printed.
inline std::string EnvelopeResultText(std::string line) {
  if (!line.empty() && line.back() == '\n') line.pop_back();
  const std::string marker = ",\"ok\":true,\"result\":";
  const size_t at = line.find(marker);
  if (line.rfind("{\"retro\":", 0) != 0 || at == std::string::npos || line.back() != '}') {
    return "not a successful envelope: " + line;
  }
  return line.substr(at + marker.size(), line.size() - 1 - (at + marker.size()));
}

// EnvelopeResultText of each line of `output`, one a line: what two runs
// on different files must print alike when only the file's name differs.
inline std::string EnvelopeResultLines(const std::string& output) {
  std::istringstream lines(output);
  std::string line, results;
  while (std::getline(lines, line)) results += EnvelopeResultText(line) + "\n";
  return results;
}

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_ENVELOPE_TEXT_H_
