// Whether a database opens is decided by the container's version, the codec
// and the game's data version, not by the plugin ABI of the retro that wrote
// it: a file whose plugin_abi field (and so its header checksum) differs
// opens, verifies and probes exactly as the original; one whose data
// version differs is refused, saying so.
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/plugin.h"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/envelope_text.h"
#include "tests/sweep/container_edit.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;

// Offsets of the fixed header's identity fields (docs/file-format.md, 3).
constexpr size_t kPluginAbiAt = 32;
constexpr size_t kDataVersionAt = 36;

class FormatVersionsTest : public RetroTest {
 protected:
  // A copy of `from` named `to` with the u32 at `at` set to `value` and
  // every checksum recomputed.
  void CopyWith(const std::string& from, const std::string& to, size_t at, uint32_t value) {
    const std::string bytes = ReadText(work_.File(from));
    std::vector<uint8_t> edited(bytes.begin(), bytes.end());
    sweep::Put32(edited, at, value);
    sweep::Reseal(edited);
    std::ofstream(work_.File(to), std::ios::binary)
        .write(reinterpret_cast<const char*>(edited.data()), edited.size());
  }

  // The same commands give the same answers on both files.
  void ExpectSameAnswers(const std::string& a, const std::string& b,
                         const std::string& positions) {
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"stats", "--json"}, {"verify"}, {"probe", "--json"}}) {
      std::vector<std::string> on_a = command, on_b = command;
      on_a.insert(on_a.begin() + 1, {"--db", a});
      on_b.insert(on_b.begin() + 1, {"--db", b});
      const RunResult expected = Retro(on_a, positions);
      const RunResult got = Retro(on_b, positions);
      ASSERT_EQ(expected.exit_code, 0) << expected;
      EXPECT_EQ(got.exit_code, 0) << command[0] << "\n" << got;
      // The results alike (the envelopes name different files).
      if (command[0] != "verify") {
        EXPECT_EQ(EnvelopeResultLines(got.out), EnvelopeResultLines(expected.out)) << command[0];
      }
    }
  }
};

TEST_F(FormatVersionsTest, AnotherPluginAbiOpensAndProbesIdentically) {
  ASSERT_EQ(Retro({"solve", "--game", "oware", "--seeds", "5", "--out", "o.retro"}).exit_code, 0);
  CopyWith("o.retro", "abi2.retro", kPluginAbiAt, 2);
  CopyWith("o.retro", "abi99.retro", kPluginAbiAt, kPluginAbiVersion + 96);
  const std::string positions =
      "0 0 0 1 0 0 | 0 0 0 0 0 1\n1 1 1 1 1 0 | 0 0 0 0 0 0\n0 2 0 0 0 0 | 3 0 0 0 0 0\n";
  ExpectSameAnswers("o.retro", "abi2.retro", positions);
  ExpectSameAnswers("o.retro", "abi99.retro", positions);
  ASSERT_EQ(Retro({"solve", "--game", "surakarta", "--pieces", "3", "--out", "s.retro"}).exit_code,
            0);
  CopyWith("s.retro", "s-abi2.retro", kPluginAbiAt, 2);
  ExpectSameAnswers("s.retro", "s-abi2.retro", "....../.X.X../.O..../....../....../...... X\n");
}

TEST_F(FormatVersionsTest, AnotherDataVersionIsRefusedSayingSo) {
  ASSERT_EQ(Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "o.retro"}).exit_code, 0);
  const std::string bytes = ReadText(work_.File("o.retro"));
  const uint32_t version =
      sweep::Get32(std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
                   kDataVersionAt);
  CopyWith("o.retro", "v.retro", kDataVersionAt, version + 1);
  for (const std::string command : {"stats", "verify"}) {
    const RunResult result = Retro({command, "--db", "v.retro"});
    EXPECT_EQ(result.exit_code, 1) << result;
    EXPECT_THAT(result.err, HasSubstr("data version"));
    EXPECT_THAT(result.err, HasSubstr("rebuild the database"));
  }
}

}  // namespace
}  // namespace retro::testing
