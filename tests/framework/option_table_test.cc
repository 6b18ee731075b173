// Tests of a command's option table (cli/option_table.h) and of checking a
// plugin's options next to it (cli/plugin_options.h), against texts and
// lists written out by hand.
#include <string>
#include <vector>

#include "cli/arguments.h"
#include "cli/option_table.h"
#include "cli/plugin_options.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace retro::cli {
namespace {

using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

constexpr CommandOption kTable[] = {
    {"db", "  --db FILE   the database\n"},
    {"json", "  --json      one JSON object\n", true},
    {"sample", "  --sample N  how many\n              records\n"},
};

// Parses `words` (without the command) with the table's flags.
Arguments Parse(std::vector<std::string> words) {
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  absl::StatusOr<Arguments> args =
      ParseArguments(static_cast<int>(argv.size()), argv.data(), 0, ParserFlags(kTable));
  EXPECT_TRUE(args.ok()) << args.status();
  return args.ok() ? *args : Arguments{};
}

TEST(OptionTableTest, HelpFlagsAndValidListComeFromTheTable) {
  EXPECT_EQ(UsageText("usage: retro x\n", kTable, "more\n"),
            "usage: retro x\n"
            "  --db FILE   the database\n"
            "  --json      one JSON object\n"
            "  --sample N  how many\n"
            "              records\n"
            "more\n");
  EXPECT_THAT(ParserFlags(kTable), UnorderedElementsAre("json", "help"));
  EXPECT_EQ(OptionList(kTable), "--db, --json, --sample");
  EXPECT_THAT(OptionNames(kTable, "json"), ElementsAre("--db", "--sample"));
}

TEST(PluginOptionsTest, ResolvesThePluginsOptionsWithTheirDefaults) {
  const std::vector<ParameterSpec> specs = {{.name = "roll", .default_value = "best"},
                                            {.name = "plies-left", .default_value = "book"}};
  Arguments args = Parse({"--db", "f", "--roll", "31"});
  ASSERT_TRUE(args.Take("db").has_value());
  const absl::StatusOr<ParameterValues> values =
      ResolvePluginOptions(args, kTable, specs, "retro x", "probing g");
  ASSERT_TRUE(values.ok()) << values.status();
  EXPECT_EQ(*values, (ParameterValues{{"roll", "31"}, {"plies-left", "book"}}));
}

TEST(PluginOptionsTest, AnUnknownOptionListsTheCommandsThenThePlugins) {
  const std::vector<ParameterSpec> specs = {{.name = "roll", .default_value = "best"}};
  Arguments args = Parse({"--db", "f", "--bogus", "1"});
  ASSERT_TRUE(args.Take("db").has_value());
  const absl::StatusOr<ParameterValues> values =
      ResolvePluginOptions(args, kTable, specs, "retro x on a g database", "probing g");
  EXPECT_EQ(values.status().message(),
            "unknown option --bogus for retro x on a g database; valid: --db, --json, "
            "--sample, --roll");
}

TEST(PluginOptionsTest, APluginOptionWithoutItsValueIsNamed) {
  const std::vector<ParameterSpec> specs = {{.name = "roll", .default_value = "best"}};
  Arguments args = Parse({"--roll", "--json"});
  const absl::StatusOr<ParameterValues> values =
      ResolvePluginOptions(args, kTable, specs, "retro x", "probing g");
  EXPECT_EQ(values.status().message(), "option --roll needs a value");
}

TEST(PluginOptionsTest, ABadValueIsRefused) {
  const std::vector<ParameterSpec> specs = {
      {.name = "chars", .default_value = "auto", .choices = {"auto", "ascii"}}};
  Arguments args = Parse({"--chars", "latin"});
  const absl::StatusOr<ParameterValues> values =
      ResolvePluginOptions(args, kTable, specs, "retro x", "exporting g");
  EXPECT_EQ(values.status().message(), "invalid value 'latin' for --chars; valid: auto, ascii");
}

TEST(PluginOptionsTest, AMissingRequiredOptionNamesTheResolveContext) {
  const std::vector<ParameterSpec> specs = {{.name = "pin", .value_name = "P"}};
  Arguments args = Parse({"--json"});
  const absl::StatusOr<ParameterValues> values =
      ResolvePluginOptions(args, kTable, specs, "retro x", "exporting g");
  EXPECT_EQ(values.status().message(), "missing required parameter --pin P for exporting g");
}

}  // namespace
}  // namespace retro::cli
