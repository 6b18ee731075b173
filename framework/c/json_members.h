// The top-level members of a JSON object, as text: enough to read one
// number or string out of a probe's JSON answer without a JSON library.
#ifndef RETRO_FRAMEWORK_C_JSON_MEMBERS_H_
#define RETRO_FRAMEWORK_C_JSON_MEMBERS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace retro::c_api {

// One member: its key (escapes left as written) and its value's JSON text
// (a string keeps its quotes).
struct JsonMember {
  std::string key;
  std::string_view value;
};

// The members of the object `json`, in order, or nullopt when `json` is not
// one well-nested object (its scalar values are not checked further).
std::optional<std::vector<JsonMember>> TopLevelMembers(std::string_view json);

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_JSON_MEMBERS_H_
