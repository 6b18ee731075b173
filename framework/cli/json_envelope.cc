// The JSON envelope of `retro --json` output.
#include "cli/json_envelope.h"

#include <cstdio>

#include "absl/strings/str_cat.h"
#include "retro/json_writer.h"

namespace retro::cli {

JsonEnvelope& JsonEnvelope::Current() {
  static JsonEnvelope envelope;
  return envelope;
}

void JsonEnvelope::Start(std::string command, bool json) {
  *this = JsonEnvelope();
  command_ = std::move(command);
  json_ = json;
}

std::string JsonEnvelope::Head() const {
  JsonWriter json;
  json.BeginObject().Key("retro").String(RETRO_VERSION).Key("command").String(command_);
  json.Key("game");
  game_.empty() ? json.Null() : json.String(game_);
  json.Key("file");
  file_.empty() ? json.Null() : json.String(file_);
  json.Key("parameters").BeginObject();
  for (const auto& [key, value] : parameters_) json.Key(SnakeCase(key)).String(value);
  json.EndObject().EndObject();
  std::string head = json.Take();
  head.pop_back();  // the closing brace: members follow
  return head;
}

std::string JsonEnvelope::Success(std::string_view result) const {
  std::string line = Head();
  line.append(",\"ok\":true,\"result\":").append(result.empty() ? "null" : result);
  return line + '}';
}

std::string JsonEnvelope::Failure(
    std::string_view message, int exit, std::string_view result,
    const std::vector<std::pair<std::string, std::string>>& extra) const {
  std::string line = absl::StrCat(Head(), ",\"ok\":false,\"error\":", JsonWriter::Quote(message),
                                  ",\"exit\":", exit);
  for (const auto& [key, value] : extra) {
    absl::StrAppend(&line, ",", JsonWriter::Quote(key), ":", value);
  }
  if (!result.empty()) line.append(",\"result\":").append(result);
  return line + "}";
}

void JsonEnvelope::PrintSuccess(std::string_view result) const {
  std::printf("%s\n", Success(result).c_str());
}

}  // namespace retro::cli
