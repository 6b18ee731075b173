// End-to-end tests of the oware plugin through the real `retro` binary:
// solve (summary, default names, variants, memory refusal), probe (text,
// JSON, batch, every input error), stats, verify and perft.
#include <filesystem>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/envelope_text.h"
#include "tests/framework/json_output.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;

class OwareCliTest : public RetroTest {
 protected:
  // Solves the 6-seed book (about a second) and returns its path.
  std::string SolveSix() {
    const RunResult r = Retro({"solve", "--game", "oware", "--seeds", "6", "--json"});
    EXPECT_EQ(r.exit_code, 0) << r;
    const nlohmann::json envelope = ParseJsonOrFail(r.out);
    EXPECT_EQ(envelope.at("result").at("positions"), 18564);  // C(6+12,12) boards of 0..6 seeds
    EXPECT_EQ(envelope.at("file"), "oware-6.retro");
    return work_.File("oware-6.retro");
  }
};

TEST_F(OwareCliTest, SolveProbeStatsVerify) {
  const std::string db = SolveSix();
  ASSERT_TRUE(std::filesystem::exists(db));

  RunResult r = Retro({"probe", "--db", db, "--position", "0 0 0 1 0 0 | 0 0 0 0 0 1",
                       "--plies-left", "3"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("value: +2"));
  EXPECT_THAT(r.out, HasSubstr("best"));

  r = Retro({"probe", "--db", db, "--position", "0,0,0,0,0,1,0,0,0,0,0,0", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(EnvelopeResultText(r.out),
            "{\"position\":\"0 0 0 0 0 1 | 0 0 0 0 0 0\",\"plies_left\":200,\"value\":-1,"
            "\"moves\":[{\"move\":\"5\",\"position\":\"1 0 0 0 0 0 | 0 0 0 0 0 0\","
            "\"captures\":0,\"child_value\":1,\"value\":-1,\"best\":true}],"
            "\"best\":[\"5\"]}");
  EXPECT_EQ(Lines(r.out).size(), 1u) << r;

  r = Retro({"stats", "--db", db, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json stats = ResultOrFail(r.out);
  EXPECT_EQ(stats.at("family"), "finite_horizon");
  EXPECT_EQ(stats.at("total").at("positions"), 18564);
  const nlohmann::json& six_seeds = stats.at("slices").at(6);
  EXPECT_EQ(six_seeds.at("name"), "seeds-6");
  EXPECT_EQ(six_seeds.at("finite_horizon").at("seeds"), 6);
  EXPECT_EQ(six_seeds.at("positions"), 12376);
  EXPECT_EQ(stats.at("finite_horizon").at("fixed_point"), 84);

  r = Retro({"verify", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("consistency: ok"));
  r = Retro({"verify", "--db", db, "--sample", "100", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json verify = ResultOrFail(r.out);
  EXPECT_EQ(verify.at("checksums"), "ok");
  EXPECT_EQ(verify.at("mismatches"), 0);
}

TEST_F(OwareCliTest, BatchProbeAnswersEveryLine) {
  const std::string db = SolveSix();
  const RunResult r = Retro({"probe", "--db", db, "--json", "--plies-left", "2"},
                            "0 0 0 0 0 1 | 0 0 0 0 0 0\n"
                            "1 2 3\n"
                            "9 0 0 0 0 0 | 0 0 0 0 0 0\n"
                            "1 0 0 0 0 1 0 0 0 0 0 0\n");
  EXPECT_EQ(r.exit_code, 2) << r;  // some lines were bad
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 4u) << r;
  EXPECT_THAT(lines[0], HasSubstr("\"value\":-1"));
  EXPECT_THAT(lines[1], HasSubstr("\"error\""));
  EXPECT_THAT(lines[1], HasSubstr("12"));
  EXPECT_THAT(lines[2], HasSubstr("\"error\""));
  EXPECT_THAT(lines[2], HasSubstr("9"));
  EXPECT_THAT(lines[3], HasSubstr("\"value\":0"));
}

TEST_F(OwareCliTest, ProbeRefusesBadInput) {
  const std::string db = SolveSix();
  ExpectError(Retro({"probe", "--db", db, "--position", "1 2 3"}), 2, {"12"});
  ExpectError(Retro({"probe", "--db", db, "--position", "1 0 0 0 0 0 | 0 0 0 0 0 -1"}), 2, {});
  ExpectError(Retro({"probe", "--db", db, "--position", "a 0 0 0 0 0 0 0 0 0 0 0"}), 2, {});
  ExpectError(Retro({"probe", "--db", db, "--position", "7 0 0 0 0 0 | 0 0 0 0 0 0"}), 2,
              {"7", "6"});
  ExpectError(Retro({"probe", "--db", db, "--position", "1 0 0 0 0 0 | 0 0 0 0 0 0",
                     "--plies-left", "201"}),
              2, {"0..200"});
  ExpectError(Retro({"probe", "--db", db, "--position", "1 0 0 0 0 0 | 0 0 0 0 0 0",
                     "--plies-left", "x"}),
              2, {"plies-left"});
}

TEST_F(OwareCliTest, SolveRefusesBadParameters) {
  ExpectError(Retro({"solve", "--game", "oware", "--seed", "9"}), 2, {"--seeds"});
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "0"}), 2, {"1..48"});
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "nine"}), 2, {"--seeds"});
  ExpectError(Retro({"solve", "--game", "oware", "--grand-slam", "sometimes"}), 2,
              {"forfeit", "capture", "forced-only"});
  ExpectError(Retro({"solve", "--game", "oware", "--turn-limit", "0"}), 2, {"turn-limit"});
}

TEST_F(OwareCliTest, RefusesBooksThatDoNotFitInMemory) {
  const RunResult r = RetroRaw({"solve", "--game", "oware", "--seeds", "20"}, "",
                               {{"RETRO_MEMORY_LIMIT_MB", "512"}});
  ExpectError(r, 1, {"GiB", "largest book that fits is --seeds"});
  EXPECT_TRUE(std::filesystem::is_empty(work_.path())) << "no file may be left behind";
}

TEST_F(OwareCliTest, VariantsGetTheirOwnFileNames) {
  const RunResult r = Retro({"solve", "--game", "oware", "--seeds", "4", "--turn-limit", "50",
                             "--grand-slam", "capture", "--at-limit", "own-side"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("oware-4-t50-capture-own-side.retro"));
  const RunResult probe = Retro({"probe", "--db", work_.File("oware-4-t50-capture-own-side.retro"),
                                 "--position", "0 0 0 0 0 2 | 1 0 0 0 0 0", "--plies-left", "0"});
  ASSERT_EQ(probe.exit_code, 0) << probe;
  EXPECT_THAT(probe.out, HasSubstr("value: +1"));  // own-side: 2 - 1 at the limit
}

// --layout fast keeps the byte-coded stores: a larger file with the same
// values (every record's statistics and a sweep of probes agree), read and
// verified like the default one, its header saying layout=fast.
TEST_F(OwareCliTest, FastLayoutHoldsTheSameValues) {
  const std::string small = SolveSix();
  RunResult r = Retro({"solve", "--game", "oware", "--seeds", "6", "--layout", "fast"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("oware-6-fast.retro"));  // beside, not over, the small one
  const std::string fast = work_.File("oware-6-fast.retro");
  EXPECT_GT(std::filesystem::file_size(fast), std::filesystem::file_size(small) * 5 / 4);
  const RunResult small_stats = Retro({"stats", "--db", small, "--json"});
  const RunResult fast_stats = Retro({"stats", "--db", fast, "--json"});
  ASSERT_EQ(small_stats.exit_code, 0) << small_stats;
  ASSERT_EQ(fast_stats.exit_code, 0) << fast_stats;
  nlohmann::json fast_parameters = ParseJsonOrFail(fast_stats.out).at("parameters");
  const nlohmann::json small_parameters = ParseJsonOrFail(small_stats.out).at("parameters");
  ASSERT_EQ(fast_parameters.at("layout"), "fast");
  EXPECT_FALSE(small_parameters.contains("layout")) << small_stats;
  // Both hold every record's statistics alike (changes, fixed points,
  // values at the horizon); only the recorded parameter differs.
  fast_parameters.erase("layout");
  EXPECT_EQ(fast_parameters, small_parameters);
  EXPECT_EQ(EnvelopeResultText(fast_stats.out), EnvelopeResultText(small_stats.out));
  std::string boards;
  for (int a = 0; a <= 1; ++a) {  // boards of 2 to 6 seeds
    for (int b = 0; b <= 1; ++b) {
      for (int c = 0; c <= 2; ++c) {
        boards += std::to_string(a) + " 0 " + std::to_string(b) + " 1 0 0 | 0 " +
                  std::to_string(c) + " 0 0 1 0\n";
      }
    }
  }
  for (const char* plies : {"0", "3", "17", "200"}) {
    const RunResult a = Retro({"probe", "--db", small, "--json", "--plies-left", plies}, boards);
    const RunResult b = Retro({"probe", "--db", fast, "--json", "--plies-left", plies}, boards);
    ASSERT_EQ(a.exit_code, 0) << a;
    ASSERT_EQ(b.exit_code, 0) << b;
    const std::vector<std::string> a_lines = Lines(a.out);
    const std::vector<std::string> b_lines = Lines(b.out);
    ASSERT_EQ(a_lines.size(), 12u) << a;  // one answer per board
    ASSERT_EQ(b_lines.size(), a_lines.size()) << b;
    for (size_t i = 0; i < a_lines.size(); ++i) {
      EXPECT_EQ(EnvelopeResultText(b_lines[i]), EnvelopeResultText(a_lines[i]));
    }
  }
  r = Retro({"verify", "--db", fast});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("consistency: ok"));
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "3", "--layout", "tiny"}), 2,
              {"--layout", "small", "fast"});
}

TEST_F(OwareCliTest, Perft) {
  // From the start no capture is possible within two plies: 6 and 36 leaves.
  RunResult r = Retro({"perft", "--game", "oware", "--position", "4 4 4 4 4 4 | 4 4 4 4 4 4",
                       "--depth", "2"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out, "36\n");
  r = Retro({"perft", "--game", "oware", "--position", "1 0 0 0 0 1 | 0 0 0 0 0 0", "--depth",
             "1", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("\"nodes\":1"));  // must feed: only house 5
}

}  // namespace
}  // namespace retro::testing
