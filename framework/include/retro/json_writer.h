// A minimal streaming JSON writer for the `--json` output of every command.
// It inserts commas itself, escapes strings, and prints numbers exactly
// (integers as integers, doubles with 17 significant digits where needed).
//
//   JsonWriter json;
//   json.BeginObject().Key("value").Int(3).Key("moves").BeginArray();
//   ...
//   json.EndArray().EndObject();
//   std::string text = json.Take();
#ifndef RETRO_JSON_WRITER_H_
#define RETRO_JSON_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace retro {

class JsonWriter {
 public:
  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  // Writes an object key; the next call writes its value.
  JsonWriter& Key(std::string_view key);
  JsonWriter& String(std::string_view value);
  JsonWriter& Int(int64_t value);
  JsonWriter& Uint(uint64_t value);
  // Finite doubles print with the shortest exact round trip; NaN/inf as null.
  JsonWriter& Double(double value);
  JsonWriter& Bool(bool value);
  JsonWriter& Null();
  // Inserts already-serialised JSON as one value.
  JsonWriter& Raw(std::string_view json);

  // Returns the text written so far and resets the writer.
  std::string Take();

  // `value` as a quoted, escaped JSON string.
  static std::string Quote(std::string_view value);

 private:
  void BeforeValue();
  // Writes an opening bracket as a value; Close writes its closing one.
  JsonWriter& Open(char bracket);
  JsonWriter& Close(char bracket);

  std::string out_;
  // One entry per open container: true once it holds an element.
  std::vector<bool> has_element_;
  bool after_key_ = false;
};

}  // namespace retro

#endif  // RETRO_JSON_WRITER_H_
