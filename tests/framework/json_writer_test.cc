// Tests for retro::JsonWriter: string escaping, nesting and commas, number
// formatting (doubles round-trip exactly; NaN and infinities become null).
#include "retro/json_writer.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/framework/json_output.h"

namespace retro {
namespace {

TEST(JsonWriterTest, QuoteEscapes) {
  EXPECT_EQ(JsonWriter::Quote(""), "\"\"");
  EXPECT_EQ(JsonWriter::Quote("plain"), "\"plain\"");
  EXPECT_EQ(JsonWriter::Quote("say \"hi\""), "\"say \\\"hi\\\"\"");
  EXPECT_EQ(JsonWriter::Quote("C:\\dir"), "\"C:\\\\dir\"");
  EXPECT_EQ(JsonWriter::Quote("a\nb\rc\td"), "\"a\\nb\\rc\\td\"");
  EXPECT_EQ(JsonWriter::Quote(std::string("\x01\x1f\b\f", 4)),
            "\"\\u0001\\u001f\\u0008\\u000c\"");
  EXPECT_EQ(JsonWriter::Quote(std::string("nul\0byte", 8)),
            "\"nul\\u0000byte\"");
  // Slash, DEL and UTF-8 need no escaping.
  EXPECT_EQ(JsonWriter::Quote("a/b\x7f"), "\"a/b\x7f\"");
  EXPECT_EQ(JsonWriter::Quote("pi \xcf\x80"), "\"pi \xcf\x80\"");
}

TEST(JsonWriterTest, EscapesKeysAndValues) {
  JsonWriter json;
  json.BeginObject().Key("a\"b").String("line\nbreak").EndObject();
  EXPECT_EQ(json.Take(), "{\"a\\\"b\":\"line\\nbreak\"}");
}

// Whatever a string holds (every control character, quotes, backslashes,
// UTF-8), an independent strict parser reads back exactly the same value.
TEST(JsonWriterTest, EscapedStringsParseBackExactly) {
  std::string all;
  for (int c = 0; c < 0x80; ++c) all += static_cast<char>(c);
  all += "\xcf\x80\xe2\x82\xac";
  JsonWriter json;
  json.BeginObject()
      .Key(all)
      .String(all)
      .Key("list")
      .BeginArray()
      .String(all)
      .EndArray();
  json.EndObject();
  const std::string text = json.Take();
  const nlohmann::json parsed = testing::ParseJsonOrFail(text);
  ASSERT_TRUE(parsed.is_object()) << text;
  ASSERT_EQ(parsed.size(), 2u);
  ASSERT_TRUE(parsed.contains(all)) << text;
  EXPECT_EQ(parsed.at(all), all);
  EXPECT_EQ(parsed.at("list").at(0), all);
}

TEST(JsonWriterTest, EmptyContainers) {
  JsonWriter json;
  json.BeginObject().EndObject();
  EXPECT_EQ(json.Take(), "{}");
  json.BeginArray().EndArray();
  EXPECT_EQ(json.Take(), "[]");
  json.BeginArray()
      .BeginArray()
      .EndArray()
      .BeginObject()
      .EndObject()
      .EndArray();
  EXPECT_EQ(json.Take(), "[[],{}]");
}

TEST(JsonWriterTest, NestingAndCommas) {
  JsonWriter json;
  json.BeginObject();
  json.Key("name").String("oware");
  json.Key("values").BeginArray().Int(1).Int(-2).Uint(3).EndArray();
  json.Key("nested").BeginObject().Key("deep").BeginArray().BeginObject();
  json.Key("x").Null().Key("y").Bool(true).Key("z").Bool(false);
  json.EndObject().BeginObject().EndObject().EndArray().EndObject();
  json.Key("raw").Raw("{\"pre\":[1,2]}");
  json.Key("after").BeginArray().Raw("7").String("s").EndArray();
  json.EndObject();
  EXPECT_EQ(json.Take(),
            "{\"name\":\"oware\",\"values\":[1,-2,3],"
            "\"nested\":{\"deep\":[{\"x\":null,\"y\":true,\"z\":false},{}]},"
            "\"raw\":{\"pre\":[1,2]},\"after\":[7,\"s\"]}");
}

TEST(JsonWriterTest, TopLevelScalars) {
  JsonWriter json;
  json.String("x");
  EXPECT_EQ(json.Take(), "\"x\"");
  json.Int(5);
  EXPECT_EQ(json.Take(), "5");
}

TEST(JsonWriterTest, TakeResets) {
  JsonWriter json;
  json.BeginArray().Int(1).Int(2).EndArray();
  EXPECT_EQ(json.Take(), "[1,2]");
  EXPECT_EQ(json.Take(), "");
  // State from an unfinished document does not leak into the next one.
  json.BeginArray().Int(1);
  json.Take();
  json.BeginArray().Int(3).EndArray();
  EXPECT_EQ(json.Take(), "[3]");
  json.BeginObject().Key("dangling");
  json.Take();
  json.BeginArray().Int(4).Int(5).EndArray();
  EXPECT_EQ(json.Take(), "[4,5]");
}

TEST(JsonWriterTest, IntegerExtremes) {
  JsonWriter json;
  json.BeginArray();
  json.Int(std::numeric_limits<int64_t>::min())
      .Int(std::numeric_limits<int64_t>::max());
  json.Uint(0).Uint(std::numeric_limits<uint64_t>::max());
  json.EndArray();
  EXPECT_EQ(
      json.Take(),
      "[-9223372036854775808,9223372036854775807,0,18446744073709551615]");
}

TEST(JsonWriterTest, DoublesRoundTrip) {
  const double values[] = {0.0,          -0.0,
                           1.0,          -2.5,
                           0.1,          1.0 / 3,
                           2.0 / 3,      1e300,
                           -1e-300,      DBL_MAX,
                           DBL_MIN,      5e-324,
                           123456.789,   9007199254740993.0,
                           6.02214076e23};
  for (const double value : values) {
    JsonWriter json;
    json.Double(value);
    const std::string text = json.Take();
    char* end = nullptr;
    const double parsed = std::strtod(text.c_str(), &end);
    EXPECT_EQ(*end, '\0') << text;
    EXPECT_EQ(parsed, value) << text;
    EXPECT_EQ(std::signbit(parsed), std::signbit(value)) << text;
    // JSON numbers: no "inf", "nan", leading '+' or bare '.'.
    EXPECT_EQ(text.find("inf"), std::string::npos) << text;
    EXPECT_EQ(text.find("nan"), std::string::npos) << text;
    EXPECT_NE(text.front(), '+') << text;
    EXPECT_NE(text.front(), '.') << text;
  }
}

TEST(JsonWriterTest, ShortDoubles) {
  JsonWriter json;
  json.BeginArray().Double(0.1).Double(2.0).Double(1.5).EndArray();
  EXPECT_EQ(json.Take(), "[0.1,2,1.5]");
}

TEST(JsonWriterTest, NonFiniteDoublesAreNull) {
  JsonWriter json;
  json.BeginArray();
  json.Double(std::numeric_limits<double>::quiet_NaN());
  json.Double(std::numeric_limits<double>::infinity());
  json.Double(-std::numeric_limits<double>::infinity());
  json.EndArray();
  EXPECT_EQ(json.Take(), "[null,null,null]");
}

// The parser QuoteAlwaysProducesUtf8 relies on refuses strings that are not
// UTF-8 (RFC 3629: shortest forms only, no surrogates).
TEST(JsonWriterTest, Utf8CheckerSelfTest) {
  EXPECT_TRUE(nlohmann::json::accept(
      "\"plain \xcf\x80 \xe2\x82\xac \xf0\x9f\x98\x80\""));
  EXPECT_FALSE(nlohmann::json::accept("\"\xff\""));
  EXPECT_FALSE(nlohmann::json::accept("\"\xcf\""));
  EXPECT_FALSE(nlohmann::json::accept("\"\xc0\xaf\""));
  EXPECT_FALSE(nlohmann::json::accept("\"\xed\xa0\x80\""));
}

// Regression test for a fixed bug (json_writer.cc, JsonWriter::Quote): bytes
// that are not UTF-8 are copied into the output, which is then not JSON (RFC
// 8259 requires UTF-8). User input reaches Quote, e.g. a bad line in `retro
// probe --json` batch mode is echoed in {"position": ..., "error": ...}.
TEST(JsonWriterTest, QuoteAlwaysProducesUtf8) {
  for (const std::string& bad :
       {std::string("\xff"), std::string("pile \xe9"), std::string("cut \xcf"),
        std::string("\xc0\xaf")}) {
    EXPECT_TRUE(nlohmann::json::accept(JsonWriter::Quote(bad)))
        << JsonWriter::Quote(bad);
  }
}

}  // namespace
}  // namespace retro
