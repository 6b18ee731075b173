// The JSON form of a verify result (retro/host/verify_report.h).
#include "retro/host/verify_report.h"

#include "retro/json_writer.h"

namespace retro {

std::string VerifyResultJson(const VerifyResult& result, double seconds) {
  JsonWriter json;
  json.BeginObject();
  WriteVerifyResultMembers(result, seconds, json);
  json.EndObject();
  return json.Take();
}

void WriteVerifyResultMembers(const VerifyResult& result, double seconds, JsonWriter& json) {
  json.Key("checksums").String("ok");
  json.Key("records_checked").Uint(result.records_checked);
  json.Key("mismatches").Uint(result.mismatches);
  json.Key("first_mismatch");
  if (result.mismatches > 0) {
    json.String(result.first_mismatch);
  } else {
    json.Null();
  }
  json.Key("seconds").Double(seconds);
}

}  // namespace retro
