// Reads JSON in tests (the `--json` output of `retro`, retro::JsonWriter's
// text) with nlohmann::json, an independent strict parser: RFC 8259 only
// (UTF-8, no comments, no trailing commas, no NaN, nothing after the value).
#ifndef RETRO_TESTS_FRAMEWORK_JSON_OUTPUT_H_
#define RETRO_TESTS_FRAMEWORK_JSON_OUTPUT_H_

#include <string>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace retro::testing {

// Parses `text` as one JSON document (surrounding whitespace allowed). If it
// is not one, records a test failure naming the parse error and showing
// `text`, and returns null; reading a field of that with at() throws, which
// ends the test as failed.
inline nlohmann::json ParseJsonOrFail(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    ADD_FAILURE() << "not JSON (" << error.what() << "): " << text;
    return nullptr;
  }
}

// The result of a successful `retro ... --json` line (docs/json.md):
// records a test failure, showing `text`, when it is not an envelope with
// "ok": true and a result, and then returns null.
inline nlohmann::json ResultOrFail(const std::string& text) {
  const nlohmann::json envelope = ParseJsonOrFail(text);
  if (!envelope.is_object() || !envelope.contains("retro") || envelope.value("ok", false) != true ||
      !envelope.contains("result")) {
    ADD_FAILURE() << "not a successful --json envelope: " << text;
    return nullptr;
  }
  return envelope.at("result");
}

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_JSON_OUTPUT_H_
