// End-to-end tests of the Plakoto plugin through the real `retro` binary:
// solve (P = 6, all pins; a single pin; turn distributions), probe (text,
// JSON, batch, the closed forms, every input error), stats, verify (passing,
// and finding a planted wrong value written with valid checksums), bad
// parameters and the memory refusal.
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "retro/database.h"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/json_output.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;

// The number after "key": in one line of JSON (NaN if absent).
double JsonNumber(const std::string& json, const std::string& key) {
  std::smatch match;
  const std::regex pattern("\"" + key + "\":([-+0-9.eE]+)");
  if (!std::regex_search(json, match, pattern)) return std::nan("");
  return std::stod(match[1].str());
}

class PlakotoCliTest : public RetroTest {
 protected:
  // Solves the five P = 6 databases (a fraction of a second) once per test.
  std::string SolveSix() {
    const RunResult r = Retro({"solve", "--game", "plakoto", "--points", "6", "--json"});
    EXPECT_EQ(r.exit_code, 0) << r;
    const nlohmann::json envelope = ParseJsonOrFail(r.out);
    EXPECT_EQ(envelope.at("result").at("positions"), 42840);  // 5 x C(18, 5)
    EXPECT_EQ(envelope.at("file"), "plakoto-6.retro");
    EXPECT_EQ(envelope.at("parameters").at("pin"), "all");
    return work_.File("plakoto-6.retro");
  }
};

TEST_F(PlakotoCliTest, ClosedFormsThroughTheBinary) {
  const std::string db = SolveSix();
  // All 13 free checkers on point 1: only the pinning checker can move.
  const std::vector<std::string> positions = {
      "p=2 13 1 0 0 0 0", "p=3 13 0 1 0 0 0", "p=4 13 0 0 1 0 0",
      "p=5 13 0 0 0 1 0", "p=6 13 0 0 0 0 1"};
  const double expected[] = {36.0 / 11, 9.0 / 5, 4.0 / 3, 9.0 / 8, 36.0 / 35};
  for (int k = 0; k < 5; ++k) {
    const int p = k + 2;
    const RunResult r = Retro({"probe", "--db", db, "--position", positions[k], "--json"});
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_NEAR(JsonNumber(r.out, "expected_turns"), expected[k], 1e-12) << positions[k];
    const double q = (7.0 - p) * (7.0 - p) / 36;
    EXPECT_NEAR(JsonNumber(r.out, "no_move_probability"), q, 1e-15) << positions[k];
  }
}

TEST_F(PlakotoCliTest, ProbeTextJsonAndBatch) {
  const std::string db = SolveSix();
  RunResult r = Retro({"probe", "--db", db, "--position", "p=2 13 1 0 0 0 0"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("p=2 13 1 0 0 0 0  (P = 6, pin on point 2)"));
  EXPECT_THAT(r.out, HasSubstr("D = 3.27272727273"));
  EXPECT_THAT(r.out, HasSubstr("K = D - 1 = 2.27272727273"));
  EXPECT_THAT(r.out, HasSubstr("no-move probability q = 0.694444444444"));
  // 1-1: the pinning checker must move (only it can), releasing the pin.
  EXPECT_THAT(r.out, HasSubstr("releases the pin"));
  EXPECT_THAT(r.out, HasSubstr("no move: the position stays"));
  EXPECT_EQ(Lines(r.out).size(), 4u + 21u) << r;

  r = Retro({"probe", "--db", db, "--position", "p=2 13 1 0 0 0 0", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json pinned = ResultOrFail(r.out);
  EXPECT_EQ(pinned.at("position"), "p=2 13 1 0 0 0 0");
  EXPECT_NEAR(pinned.at("expected_turns").get<double>(), 36.0 / 11, 1e-12);
  const nlohmann::json& rolls = pinned.at("rolls");
  ASSERT_EQ(rolls.size(), 21u) << r;
  // 1-1 plays 2/1, which leads to p=2 14 0 0 0 0 0, worth 0 turns.
  EXPECT_EQ(rolls.front(), nlohmann::json({{"roll", "1-1"},
                                           {"play", "2/1"},
                                           {"position", "p=2 14 0 0 0 0 0"},
                                           {"value", 0}}));
  EXPECT_EQ(rolls.back().at("roll"), "6-6");
  EXPECT_EQ(rolls.back().at("play"), "(no move)");
  EXPECT_NEAR(rolls.back().at("value").get<double>(), 36.0 / 11, 1e-12);
  EXPECT_EQ(Lines(r.out).size(), 1u);

  // A position with choices: the best play of 6-5 keeps the pin.
  r = Retro({"probe", "--db", db, "--position", "p=4 2 2 2 3 2 3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json choices = ResultOrFail(r.out);
  EXPECT_GT(choices.at("expected_turns").get<double>(), 1.0);
  // D = 1 + sum over the 21 rolls of probability x value.
  {
    double sum = 1;
    int count = 0;
    for (const nlohmann::json& roll : choices.at("rolls")) {
      const std::string dice = roll.at("roll");
      ASSERT_THAT(dice, ::testing::MatchesRegex("[1-6]-[1-6]")) << r;
      sum += (dice[0] == dice[2] ? 1.0 : 2.0) / 36 * roll.at("value").get<double>();
      ++count;
    }
    EXPECT_EQ(count, 21);
    EXPECT_NEAR(sum, choices.at("expected_turns").get<double>(), 1e-12);
  }

  // Every play of one roll, best first.
  r = Retro({"probe", "--db", db, "--position", "p=4 2 2 2 3 2 3", "--roll", "6-5"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("roll 6-5: "));
  EXPECT_THAT(r.out, ::testing::ContainsRegex("\n[0-9/ *]+ +[0-9.]+ +best\n"));
  ExpectError(Retro({"probe", "--db", db, "--position", "p=4 2 2 2 3 2 3", "--roll", "7-1"}), 2,
              {"--roll", "6-5"});

  // Batch: one line per input line, bad lines reported, exit status 2.
  r = Retro({"probe", "--db", db},
            "p=2 13 1 0 0 0 0\n"
            "p=2 12 1 0 0 0 0\n"
            "  p=6 13 0 0 0 0 1  \n");
  EXPECT_EQ(r.exit_code, 2) << r;
  std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r;
  EXPECT_THAT(lines[0], HasSubstr("p=2 13 1 0 0 0 0  D=3.27272727273 q=0.694444444444 1-1: 2/1 |"));
  EXPECT_THAT(lines[1], HasSubstr("error: "));
  EXPECT_THAT(lines[1], HasSubstr("14"));
  EXPECT_THAT(lines[2], HasSubstr("p=6 13 0 0 0 0 1  D=1.02857142857"));

  r = Retro({"probe", "--db", db, "--json"}, "p=3 13 0 1 0 0 0\nnonsense\n");
  EXPECT_EQ(r.exit_code, 2) << r;
  lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r;
  EXPECT_NEAR(ResultOrFail(lines[0]).at("expected_turns").get<double>(), 1.8, 1e-12);
  const nlohmann::json bad_line = ParseJsonOrFail(lines[1]);
  EXPECT_EQ(bad_line.at("ok"), false);
  EXPECT_THAT(bad_line.at("error").get<std::string>(), HasSubstr("nonsense"));
  EXPECT_EQ(bad_line.at("exit"), 2);
  EXPECT_EQ(bad_line.at("input"), "nonsense");
}

TEST_F(PlakotoCliTest, ProbeRefusesBadPositions) {
  const std::string db = SolveSix();
  ExpectError(Retro({"probe", "--db", db, "--position", ""}), 2, {"empty position"});
  ExpectError(Retro({"probe", "--db", db, "--position", "13 1 0 0 0 0"}), 2, {"pin point"});
  ExpectError(Retro({"probe", "--db", db, "--position", "p=2 13 1 0 0 0"}), 2, {"6 or 12"});
  ExpectError(Retro({"probe", "--db", db, "--position", "p=2 12 1 0 0 0 0"}), 2, {"14"});
  ExpectError(Retro({"probe", "--db", db, "--position", "p=2 14 0 0 0 0 0"}), 2,
              {"no checker on the pin point 2"});
  ExpectError(Retro({"probe", "--db", db, "--position", "p=7 13 1 0 0 0 0"}), 2, {"2..6"});
  ExpectError(Retro({"probe", "--db", db, "--position", "p=2 13 1 0 0 x 0"}), 2, {});
  ExpectError(Retro({"probe", "--db", db, "--position", "p=2 99999999999999999999 1 0 0 0 0"}),
              2, {});
  // A P = 12 position on the P = 6 file.
  ExpectError(Retro({"probe", "--db", db, "--position", "p=2 13 1 0 0 0 0 0 0 0 0 0 0"}), 2,
              {"holds P = 6", "P = 12"});
  ExpectError(Retro({"probe", "--db", db, "--position", "p=2 13 1 0 0 0 0", "--plies", "3"}),
              2, {"--plies"});
}

TEST_F(PlakotoCliTest, SinglePinDatabase) {
  RunResult r = Retro({"solve", "--game", "plakoto", "--points", "6", "--pin", "3"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("8,568 positions"));
  const std::string db = work_.File("plakoto-6-pin3.retro");
  ASSERT_TRUE(std::filesystem::exists(db));
  r = Retro({"probe", "--db", db, "--position", "p=3 13 0 1 0 0 0"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("D = 1.8  expected turns"));
  ExpectError(Retro({"probe", "--db", db, "--position", "p=2 13 1 0 0 0 0"}), 2,
              {"pin point 3", "pin point 2"});
  r = Retro({"stats", "--db", db, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json stats = ResultOrFail(r.out);
  ASSERT_EQ(stats.at("slices").size(), 1u) << r;
  EXPECT_EQ(stats.at("slices").at(0).at("name"), "p6-pin3");
  EXPECT_EQ(stats.at("slices").at(0).at("positions"), 8568);
  EXPECT_EQ(stats.at("total").at("positions"), 8568);
}

TEST_F(PlakotoCliTest, StatsAndVerify) {
  const std::string db = SolveSix();
  RunResult r = Retro({"stats", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r;
  for (int pin = 2; pin <= 6; ++pin) {
    EXPECT_THAT(r.out, HasSubstr("p6-pin" + std::to_string(pin) + "         8,568")) << r;
  }
  r = Retro({"stats", "--db", db, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json envelope = ParseJsonOrFail(r.out);
  EXPECT_EQ(envelope.at("parameters").at("points"), "6");
  EXPECT_EQ(envelope.at("parameters").at("pin"), "all");
  const nlohmann::json& stats = envelope.at("result");
  EXPECT_EQ(stats.at("family"), "chance");
  EXPECT_EQ(stats.at("total").at("positions"), 42840);
  // The largest D of all is a p = 2 position (the hardest pin to release).
  EXPECT_THAT(stats.at("total").at("chance").at("max_position").get<std::string>(),
              ::testing::StartsWith("p=2 "));
  // The smallest D of p = 2: the closed form (only the pinning checker moves).
  const nlohmann::json& pin_two = stats.at("slices").at(0);
  EXPECT_EQ(pin_two.at("name"), "p6-pin2");
  EXPECT_NEAR(pin_two.at("chance").at("min").get<double>(), 36.0 / 11, 1e-12);
  EXPECT_EQ(pin_two.at("chance").at("min_position"), "p=2 13 1 0 0 0 0");

  r = Retro({"verify", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("consistency: ok (42,840 records checked"));
  r = Retro({"verify", "--db", db, "--sample", "500", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json verify = ResultOrFail(r.out);
  EXPECT_EQ(verify.at("records_checked"), 500);
  EXPECT_EQ(verify.at("mismatches"), 0);
}

TEST_F(PlakotoCliTest, VerifyFindsAPlantedWrongValue) {
  const std::string db = SolveSix();
  // Rewrite record 0 of p6-pin3 (all free checkers on point 1, D = 9/5) as
  // 1.9, with valid checksums, through the container library.
  auto file = DatabaseFile::Open(db);
  ASSERT_TRUE(file.ok()) << file.status();
  DatabaseBuilder builder;
  builder.SetCodec((*file)->identity().codec);
  for (const auto& [key, value] : (*file)->parameters()) builder.SetParameter(key, value);
  for (size_t i = 0; i < (*file)->slices().size(); ++i) {
    const std::span<const uint8_t> bytes = (*file)->SliceBytes(i);
    std::vector<uint8_t> copy(bytes.begin(), bytes.end());
    if ((*file)->slices()[i].name == "p6-pin3") {
      const double wrong = 1.9;
      std::memcpy(copy.data(), &wrong, sizeof wrong);
    }
    builder.AddSlice((*file)->slices()[i].name, std::move(copy));
  }
  const std::vector<uint8_t> bytes = SerializeDatabase((*file)->identity(), builder);
  const std::string bad = work_.File("bad.retro");
  std::ofstream(bad, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));

  RunResult r = Retro({"probe", "--db", bad, "--position", "p=3 13 0 1 0 0 0"});
  ASSERT_EQ(r.exit_code, 0) << r;  // the checksums are fine
  EXPECT_THAT(r.out, HasSubstr("D = 1.9  expected turns"));

  r = Retro({"verify", "--db", bad, "--threads", "1"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_THAT(r.out, HasSubstr("checksums: ok"));
  EXPECT_THAT(r.out, HasSubstr("consistency: FAILED"));
  EXPECT_THAT(r.out, HasSubstr("first: p=3 13 0 1 0 0 0 (slice p6-pin3, record 0): stored D = 1.9, "
                               "recomputed from its afterstates 1.8"));
  EXPECT_THAT(r.err, HasSubstr("inconsistent"));
}

TEST_F(PlakotoCliTest, TurnDistribution) {
  RunResult r = Retro({"solve", "--game", "plakoto", "--points", "6", "--pin", "2",
                       "--distribution", "32"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const std::string db = work_.File("plakoto-6-pin2-turns32.retro");
  r = Retro({"probe", "--db", db, "--position", "p=2 13 1 0 0 0 0", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  // Geometric: the pin holds each turn with probability 25/36.
  std::smatch match;
  ASSERT_TRUE(std::regex_search(r.out, match,
                                std::regex("\"turn_distribution\":\\[([-+0-9.eE]+),([-+0-9.eE]+),")))
      << r;
  EXPECT_NEAR(std::stod(match[1].str()), 11.0 / 36, 1e-7);
  EXPECT_NEAR(std::stod(match[2].str()), 25.0 / 36 * 11 / 36, 1e-7);
  r = Retro({"probe", "--db", db, "--position", "p=2 13 1 0 0 0 0"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("P(T = t), t = 1..10: 0.305556 0.212191"));
  r = Retro({"verify", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("consistency: ok (8,568 records"));
  r = Retro({"stats", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("turn distributions of 32 turns"));
}

TEST_F(PlakotoCliTest, SolveRefusesBadParameters) {
  ExpectError(Retro({"solve", "--game", "plakoto", "--points", "7"}), 2, {"points", "6", "12"});
  ExpectError(Retro({"solve", "--game", "plakoto", "--pin", "1"}), 2, {"pin", "all"});
  ExpectError(Retro({"solve", "--game", "plakoto", "--pins", "2"}), 2, {"--pin"});
  ExpectError(Retro({"solve", "--game", "plakoto", "--points", "6", "--distribution", "x"}), 2,
              {"--distribution", "none"});
  ExpectError(Retro({"solve", "--game", "plakoto", "--points", "6", "--distribution", "0"}), 2,
              {"1..4096"});
  ExpectError(Retro({"solve", "--game", "plakoto", "--points", "12", "--distribution", "64"}), 2,
              {"--points 6 only"});
  ExpectError(Retro({"perft", "--game", "plakoto", "--position", "p=2 13 1 0 0 0 0",
                     "--depth", "1"}),
              2, {"game plakoto does not offer perft"});
  EXPECT_TRUE(std::filesystem::is_empty(work_.path())) << "no file may be left behind";
}

TEST_F(PlakotoCliTest, RefusesWhatDoesNotFitInMemory) {
  const RunResult r = RetroRaw({"solve", "--game", "plakoto", "--points", "12", "--plugin-dir",
                                kPluginDir},
                               "", {{"RETRO_MEMORY_LIMIT_MB", "100"}});
  ExpectError(r, 1, {"MiB", "--points 6 fits"});
  EXPECT_TRUE(std::filesystem::is_empty(work_.path())) << "no file may be left behind";
}

}  // namespace
}  // namespace retro::testing
