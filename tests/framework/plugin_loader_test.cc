// Tests for plugin discovery and loading (retro/host/plugin_loader.h) against the
// test-only plugins in tests/fixture_plugins: the working countdown plugin, one
// declaring another ABI version, a plain shared library, and non-libraries.
#include "retro/host/plugin_loader.h"

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/plugin.h"
#include "tests/framework/build_path.h"
#include "tests/framework/expect_status.h"
#include "tests/framework/temp_dir.h"

#ifndef RETRO_TEST_PLUGIN_DIR
#error "RETRO_TEST_PLUGIN_DIR must name the directory of the test plugins"
#endif

namespace retro {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

const std::string kPluginDir = testing::BuildPath(RETRO_TEST_PLUGIN_DIR);
const std::string kCountdown = kPluginDir + "/retro_countdown.so";

// Sets an environment variable for the life of the object, then restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = getenv(name)) old_ = old;
    if (value == nullptr) {
      unsetenv(name);
    } else {
      setenv(name, value, 1);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

void Touch(const std::string& path) { testing::WriteBytes(path, {'x'}); }

TEST(LoadPluginTest, LoadsCountdownAndDescribesIt) {
  auto plugin = LoadPlugin(kCountdown);
  ASSERT_TRUE(plugin.ok()) << plugin.status();
  EXPECT_EQ((*plugin)->path(), kCountdown);
  const GameDescription& game = (*plugin)->module().Describe();
  EXPECT_EQ(game.name, "countdown");
  EXPECT_EQ(game.data_version, 1u);
  EXPECT_TRUE(game.supports_perft);
  EXPECT_FALSE(game.summary.empty());
  EXPECT_FALSE(game.position_syntax.empty());
  std::vector<std::string> names, defaults;
  for (const ParameterSpec& spec : game.solve_parameters) {
    names.push_back(spec.name);
    defaults.push_back(spec.default_value);
  }
  EXPECT_THAT(names, ElementsAre("tokens", "max-take", "rule", "corrupt"));
  EXPECT_THAT(defaults, ElementsAre("30", "3", "normal", "-1"));
  EXPECT_THAT(game.solve_parameters[2].choices,
              ElementsAre("normal", "misere"));
  ASSERT_EQ(game.probe_parameters.size(), 1u);
  EXPECT_EQ(game.probe_parameters[0].name, "distances");
  EXPECT_THAT(game.probe_parameters[0].choices, ElementsAre("show", "hide"));
}

// The whole boundary once, in process: plan, solve, serialise, open, probe.
TEST(LoadPluginTest, CountdownSolvesAndProbesThroughTheInterface) {
  auto plugin = LoadPlugin(kCountdown);
  ASSERT_TRUE(plugin.ok()) << plugin.status();
  GameModule& module = (*plugin)->module();
  const GameDescription& game = module.Describe();
  auto values = ResolveParameters(game.solve_parameters, {{"tokens", "20"}},
                                  "game countdown");
  ASSERT_TRUE(values.ok()) << values.status();
  auto plan = module.Plan(*values, {});
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->default_file_name, "countdown-20-3.retro");
  EXPECT_EQ(plan->positions, 21u);
  ThreadPool pool(1);
  Progress progress;
  DatabaseBuilder builder;
  for (const auto& [key, value] : plan->canonical_parameters)
    builder.SetParameter(key, value);
  ASSERT_TRUE(
      module.Solve(*values, WorkContext{&pool, &progress}, builder).ok());
  const std::vector<uint8_t> bytes =
      SerializeDatabase(DatabaseIdentity{game.name, kPluginAbiVersion,
                                         game.data_version, builder.codec()},
                        builder);
  auto file = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(file.ok()) << file.status();
  {
    auto database = module.Open(**file);
    ASSERT_TRUE(database.ok()) << database.status();
    auto report = (*database)->Probe("17", {{"distances", "show"}});
    ASSERT_TRUE(report.ok()) << report.status();
    EXPECT_EQ(report->line, "17 win 9");
    EXPECT_TRUE(::retro::testing::HasStatus(
        (*database)->Probe("21", {{"distances", "show"}}), absl::StatusCode::kInvalidArgument,
        {"position 21 is outside this database; valid: 0..20"}));
  }
  auto perft = module.Perft(*values, "10", 3, WorkContext{&pool, &progress});
  ASSERT_TRUE(perft.ok());
  EXPECT_EQ(*perft, 27u);
  // The parameters reach perft: with at most 2 tokens a move, 3 plies from
  // 10 have 2^3 leaves.
  auto two = ResolveParameters(game.solve_parameters, {{"max-take", "2"}}, "game countdown");
  ASSERT_TRUE(two.ok()) << two.status();
  perft = module.Perft(*two, "10", 3, WorkContext{&pool, &progress});
  ASSERT_TRUE(perft.ok());
  EXPECT_EQ(*perft, 8u);
}

TEST(LoadPluginTest, WrongAbiNamesBothVersions) {
  auto plugin = LoadPlugin(kPluginDir + "/retro_wrongabi.so");
  ASSERT_FALSE(plugin.ok());
  EXPECT_EQ(plugin.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("retro_wrongabi.so"));
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("plugin ABI version 999"));
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("this retro uses version " +
                        std::to_string(kPluginAbiVersion)));
}

TEST(LoadPluginTest, DescriptionAgainstTheHostsRulesIsRefused) {
  const std::string path = testing::BuildPath(RETRO_CLASH_PLUGIN_DIR) + "/retro_clash.so";
  auto plugin = LoadPlugin(path);
  ASSERT_FALSE(plugin.ok());
  EXPECT_EQ(plugin.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr(path + " describes a solve parameter --threads"));
}

TEST(LoadPluginTest, PlainLibraryIsNotAPlugin) {
  auto plugin = LoadPlugin(kPluginDir + "/retro_notaplugin.so");
  ASSERT_FALSE(plugin.ok());
  EXPECT_EQ(plugin.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("retro_notaplugin.so is not a retro plugin"));
}

TEST(LoadPluginTest, TextAndEmptyFilesAreNotPlugins) {
  testing::TempDir dir;
  const std::string text = dir.File("retro_text.so");
  const std::string body = "#!/bin/sh\necho this is not a library\n";
  testing::WriteBytes(text, std::vector<uint8_t>(body.begin(), body.end()));
  auto plugin = LoadPlugin(text);
  ASSERT_FALSE(plugin.ok());
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("is not a retro plugin"));

  testing::WriteBytes(dir.File("retro_empty.so"), {});
  plugin = LoadPlugin(dir.File("retro_empty.so"));
  ASSERT_FALSE(plugin.ok());
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("is not a retro plugin"));
}

TEST(LoadPluginTest, MissingPathOrDirectory) {
  testing::TempDir dir;
  auto plugin = LoadPlugin(dir.File("retro_missing.so"));
  ASSERT_FALSE(plugin.ok());
  EXPECT_EQ(plugin.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("plugin file not found"));
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("retro_missing.so"));
  EXPECT_TRUE(::retro::testing::HasStatus(LoadPlugin(dir.path()),
                                          absl::StatusCode::kInvalidArgument,
                                          {"is a directory, not a plugin file"}));
}

TEST(LoadPluginTest, LoadsTwiceAndUnloadsCleanly) {
  auto first = LoadPlugin(kCountdown);
  auto second = LoadPlugin(kCountdown);
  ASSERT_TRUE(first.ok() && second.ok());
  first->reset();
  EXPECT_EQ((*second)->module().Describe().name, "countdown");
}

TEST(FindPluginFilesTest, OrderingAndHiding) {
  testing::TempDir first, second;
  for (const char* name : {"retro_b.so", "retro_a.so", "other.so", "retro_.so",
                           "retro_x.txt", "retro_y.so.1", "libretro_z.so"}) {
    Touch(first.File(name));
  }
  for (const char* name : {"retro_c.so", "retro_a.so", "retro_0.so"})
    Touch(second.File(name));
  const std::vector<std::string> files = FindPluginFiles(
      {first.path(), second.path() + "/missing", second.path()});
  EXPECT_THAT(
      files, ElementsAre(first.File("retro_a.so"), first.File("retro_b.so"),
                         second.File("retro_0.so"), second.File("retro_c.so")));
  EXPECT_THAT(FindPluginFiles({}), IsEmpty());
  EXPECT_THAT(FindPluginFiles({second.path() + "/missing"}), IsEmpty());
}

TEST(FindPluginFilesTest, FindsTheTestPlugins) {
  EXPECT_THAT(FindPluginFiles({kPluginDir}),
              ElementsAre(kPluginDir + "/retro_countdown.so",
                          kPluginDir + "/retro_notaplugin.so",
                          kPluginDir + "/retro_wrongabi.so"));
}

TEST(PluginSearchDirsTest, OrderWithoutEnvironment) {
  ScopedEnv env("RETRO_PLUGIN_PATH", nullptr);
  const std::string exe = testing::ExecutableFolder();
  const std::string lib = (std::filesystem::path(exe) / ".." / "lib" / "retro")
                              .lexically_normal()
                              .string();
  EXPECT_THAT(PluginSearchDirs({"/a", "/b"}),
              ElementsAre("/a", "/b", exe, lib));
  EXPECT_THAT(PluginSearchDirs({}), ElementsAre(exe, lib));
}

TEST(PluginSearchDirsTest, HonoursRetroPluginPath) {
  ScopedEnv env("RETRO_PLUGIN_PATH", "/env/one::/env/two:");
  const std::vector<std::string> dirs = PluginSearchDirs({"/cli"});
  ASSERT_EQ(dirs.size(), 5u);
  EXPECT_EQ(dirs[0], "/cli");
  EXPECT_EQ(dirs[1], "/env/one");
  EXPECT_EQ(dirs[2], "/env/two");
  EXPECT_EQ(dirs[3], testing::ExecutableFolder());
}

TEST(PluginSearchDirsTest, RetroPluginPathFindsPlugins) {
  ScopedEnv env("RETRO_PLUGIN_PATH", kPluginDir.c_str());
  auto plugin = LoadGamePlugin("countdown", PluginSearchDirs({}));
  ASSERT_TRUE(plugin.ok()) << plugin.status();
  EXPECT_EQ((*plugin)->path(), kCountdown);
}

TEST(LoadGamePluginTest, FindsByGameName) {
  auto plugin = LoadGamePlugin("countdown", {"/nonexistent", kPluginDir});
  ASSERT_TRUE(plugin.ok()) << plugin.status();
  EXPECT_EQ((*plugin)->module().Describe().name, "countdown");
}

TEST(LoadGamePluginTest, UnknownGameListsInstalledOnes) {
  auto plugin = LoadGamePlugin("chess", {kPluginDir});
  ASSERT_FALSE(plugin.ok());
  EXPECT_EQ(plugin.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("unknown game 'chess'; installed games: countdown, "
                        "notaplugin, wrongabi"));
  EXPECT_THAT(std::string(plugin.status().message()), HasSubstr(kPluginDir));
  testing::TempDir empty;
  EXPECT_THAT(
      std::string(LoadGamePlugin("chess", {empty.path()}).status().message()),
      HasSubstr("installed games: none"));
}

TEST(LoadGamePluginTest, RefusesNamesThatAreNotGameNames) {
  testing::TempDir dir;
  std::filesystem::copy_file(kCountdown, dir.File("retro_Count.so"));
  for (const char* name :
       {"", "../countdown", "Count", "count down", "countdown.so"}) {
    auto plugin = LoadGamePlugin(name, {kPluginDir, dir.path()});
    ASSERT_FALSE(plugin.ok()) << name;
    EXPECT_THAT(std::string(plugin.status().message()),
                HasSubstr("unknown game"))
        << name;
  }
}

TEST(LoadGamePluginTest, BrokenPluginErrorsPassThrough) {
  EXPECT_THAT(
      std::string(LoadGamePlugin("wrongabi", {kPluginDir}).status().message()),
      HasSubstr("ABI version 999"));
  EXPECT_THAT(
      std::string(
          LoadGamePlugin("notaplugin", {kPluginDir}).status().message()),
      HasSubstr("not a retro plugin"));
}

TEST(LoadGamePluginTest, PluginMustCallItselfByItsFileName) {
  testing::TempDir dir;
  std::filesystem::copy_file(kCountdown, dir.File("retro_other.so"));
  auto plugin = LoadGamePlugin("other", {dir.path()});
  ASSERT_FALSE(plugin.ok());
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("calls its game 'countdown', not 'other'"));
}

TEST(LoadGamePluginTest, EarlierDirectoryWins) {
  testing::TempDir dir;
  // A broken file earlier in the search order hides the working plugin.
  Touch(dir.File("retro_countdown.so"));
  auto plugin = LoadGamePlugin("countdown", {dir.path(), kPluginDir});
  ASSERT_FALSE(plugin.ok());
  EXPECT_THAT(std::string(plugin.status().message()),
              HasSubstr("not a retro plugin"));
  plugin = LoadGamePlugin("countdown", {kPluginDir, dir.path()});
  EXPECT_TRUE(plugin.ok()) << plugin.status();
}

}  // namespace
}  // namespace retro
