// `retro export --format cpp` end to end: books are solved and exported by
// the real `retro`, each header is compiled with `-std=c++17 -O2 -Wall
// -Wextra -Werror` into a separate checker program, and the checker's
// answers for every board of the book (enumerated here, independently of
// any indexer) are compared with `retro probe` at several plies left:
// equal wherever the header says exact, and exact for every board at the
// turn limit. Also: the 8-seed header fits CodinGame's 100,000 characters,
// boards outside the book, rule variants, the options and the errors.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/retro_runner.h"

#ifndef RETRO_TEST_CXX
#error "RETRO_TEST_CXX must name a C++17 compiler"
#endif

namespace retro::testing {
namespace {

using ::testing::HasSubstr;

// Reads boards (12 numbers) from stdin until the end; prints, for each, the
// value and exact flag at every plies-left given on the command line.
constexpr char kChecker[] = R"(#include BOOK
#include <cstdio>
#include <cstdlib>
int main(int argc, char** argv) {
  int houses[12];
  while (true) {
    for (int h = 0; h < 12; ++h) {
      if (std::scanf("%d", &houses[h]) != 1) return 0;
    }
    for (int a = 1; a < argc; ++a) {
      int exact = -1;
      const int value = retro_oware_book_value(houses, std::atoi(argv[a]), &exact);
      std::printf("%s%d %d", a == 1 ? "" : " ", value, exact);
    }
    std::printf("\n");
  }
}
)";

// Every board of 0..seeds seeds, in the notation, one a line.
void AppendBoards(int left, int house, std::vector<int>& board, std::vector<std::string>& out) {
  if (house == 11) {
    board[11] = left;
    out.push_back(absl::StrJoin(board, " "));
    return;
  }
  for (int s = 0; s <= left; ++s) {
    board[house] = s;
    AppendBoards(left - s, house + 1, board, out);
  }
}
std::vector<std::string> AllBoards(int seeds) {
  std::vector<std::string> boards;
  std::vector<int> board(12, 0);
  for (int n = 0; n <= seeds; ++n) AppendBoards(n, 0, board, boards);
  return boards;
}

// Unicode characters of UTF-8 `text`.
uint64_t Characters(const std::string& text) {
  uint64_t count = 0;
  for (const char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return count;
}

class OwareExportTest : public RetroTest {
 protected:
  // Solves the book of `seeds` seeds with `rules` into `db`.
  void SolveBook(const std::string& db, int seeds, std::vector<std::string> rules = {}) {
    std::vector<std::string> args = {"solve", "--game", "oware", "--seeds",
                                     std::to_string(seeds), "--out", db, "--progress", "none"};
    args.insert(args.end(), rules.begin(), rules.end());
    const RunResult r = Retro(args);
    ASSERT_EQ(r.exit_code, 0) << r;
  }

  // Exports `db` to `header` with `options`; returns the run.
  RunResult Export(const std::string& db, const std::string& header,
                   std::vector<std::string> options = {}) {
    std::vector<std::string> args = {"export", "--db", db, "--format", "cpp", "--out", header};
    args.insert(args.end(), options.begin(), options.end());
    return Retro(args);
  }

  // Compiles the checker around `header` (in the test's directory) into
  // `program`.
  void Compile(const std::string& header, const std::string& program) {
    std::ofstream(work_.File(program + ".cc")) << kChecker;
    const RunResult r = RunRetro(
        {"-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror",
         absl::StrCat("-DBOOK=\"", header, "\""), program + ".cc", "-o", program},
        work_.path(), io_.path(), "", {}, RETRO_TEST_CXX);
    ASSERT_EQ(r.exit_code, 0) << "the header does not compile cleanly:\n" << r;
  }

  // The checker's answers (value, exact) for `boards` at each of `plies`.
  std::vector<std::vector<std::pair<int, int>>> Ask(const std::string& program,
                                                    const std::vector<std::string>& boards,
                                                    const std::vector<int>& plies) {
    std::vector<std::string> args;
    for (const int t : plies) args.push_back(std::to_string(t));
    const RunResult r = RunRetro(args, work_.path(), io_.path(),
                                 absl::StrJoin(boards, "\n") + "\n", {}, work_.File(program));
    EXPECT_EQ(r.exit_code, 0) << r;
    std::vector<std::vector<std::pair<int, int>>> answers;
    for (const std::string& line : Lines(r.out)) {
      const std::vector<std::string> numbers = absl::StrSplit(line, ' ');
      std::vector<std::pair<int, int>> row;
      for (size_t i = 0; i + 1 < numbers.size(); i += 2) {
        int value = 0, exact = 0;
        EXPECT_TRUE(absl::SimpleAtoi(numbers[i], &value) &&
                    absl::SimpleAtoi(numbers[i + 1], &exact))
            << line;
        row.push_back({value, exact});
      }
      answers.push_back(row);
    }
    EXPECT_EQ(answers.size(), boards.size());
    return answers;
  }

  // `retro probe`'s values of `boards` with `plies_left` plies left.
  std::vector<int> Probe(const std::string& db, const std::vector<std::string>& boards,
                         int plies_left) {
    const RunResult r = Retro({"probe", "--db", db, "--plies-left", std::to_string(plies_left)},
                              absl::StrJoin(boards, "\n") + "\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<int> values;
    for (const std::string& line : Lines(r.out)) {
      const size_t at = line.find("value=");
      int value = 0;
      EXPECT_TRUE(at != std::string::npos &&
                  absl::SimpleAtoi(line.substr(at + 6, line.find(' ', at) - at - 6), &value))
          << line;
      values.push_back(value);
    }
    EXPECT_EQ(values.size(), boards.size());
    return values;
  }

  // Checks the header of book `db` (`seeds` seeds, turn limit `limit`)
  // against retro probe at `plies` (each at most the limit): every exact
  // answer equal, every answer at the limit exact. Returns how many
  // answers were exact at each plies-left.
  std::vector<int> CheckAgainstProbe(const std::string& db, const std::string& header, int seeds,
                                     int limit, const std::vector<int>& plies) {
    Compile(header, "checker");
    const std::vector<std::string> boards = AllBoards(seeds);
    const auto answers = Ask("checker", boards, plies);
    std::vector<int> exact(plies.size(), 0);
    for (size_t p = 0; p < plies.size(); ++p) {
      const std::vector<int> probed = Probe(db, boards, plies[p]);
      if (probed.size() != boards.size() || answers.size() != boards.size()) return exact;
      int mismatches = 0;
      for (size_t b = 0; b < boards.size(); ++b) {
        const auto [value, is_exact] = answers[b][p];
        exact[p] += is_exact;
        const bool bad = (is_exact == 1 && value != probed[b]) ||
                         (plies[p] == limit && is_exact != 1) || (is_exact != 0 && is_exact != 1);
        if (bad && ++mismatches <= 5) {
          ADD_FAILURE() << header << ": board " << boards[b] << " at plies left " << plies[p]
                        << ": header " << value << " exact " << is_exact << ", probe "
                        << probed[b];
        }
      }
    }
    return exact;
  }
};

TEST_F(OwareExportTest, EightSeedBookFitsCodinGameAndAgreesWithProbe) {
  SolveBook("oware-8.retro", 8);
  const RunResult r = Export("oware-8.retro", "book8.h", {"--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("\"positions\":125970"));
  const std::string text = ReadText(work_.File("book8.h"));
  EXPECT_LE(Characters(text), 100000u);
  EXPECT_THAT(r.out, HasSubstr(absl::StrCat("\"characters\":", Characters(text))));
  EXPECT_THAT(text, HasSubstr("int retro_oware_book_value(const int houses[12], int plies_left, "
                              "int* exact)"));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("#include")));
  const std::vector<int> exact =
      CheckAgainstProbe(work_.File("oware-8.retro"), "book8.h", 8, 200, {0, 50, 100, 150, 200});
  // The default keeps exact thresholds for 8 seeds: a board is exact from
  // its last change on, and every value is final from 99 plies left.
  EXPECT_THAT(r.out, HasSubstr("\"threshold_step\":1"));
  EXPECT_EQ(exact[2], 125970);
  EXPECT_GT(exact[1], exact[0]);
}

TEST_F(OwareExportTest, AsciiUnicodeAndThresholdStepsAgreeWithProbe) {
  SolveBook("o.retro", 6);
  for (const std::vector<std::string>& options :
       std::vector<std::vector<std::string>>{{"--chars", "ascii"},
                                             {"--chars", "unicode"},
                                             {"--chars", "ascii", "--threshold-step", "7"},
                                             {"--threshold-step", "200", "--max-chars", "0"}}) {
    SCOPED_TRACE(absl::StrJoin(options, " "));
    const RunResult r = Export("o.retro", "o.h", options);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr(options[1] == "unicode" ? "(unicode)" : "(ascii)"));
    CheckAgainstProbe(work_.File("o.retro"), "o.h", 6, 200, {0, 10, 30, 60, 84, 200});
  }
}

TEST_F(OwareExportTest, RuleVariantsExportWithTheirRules) {
  const std::vector<std::vector<std::string>> variants = {
      {"--grand-slam", "capture"},
      {"--at-limit", "own-side"},
      {"--grand-slam", "forced-only", "--turn-limit", "30"}};
  for (const std::vector<std::string>& rules : variants) {
    SCOPED_TRACE(absl::StrJoin(rules, " "));
    SolveBook("v.retro", 5, rules);
    const RunResult r = Export("v.retro", "v.h");
    ASSERT_EQ(r.exit_code, 0) << r;
    const std::string text = ReadText(work_.File("v.h"));
    // The header's comment names the rules (checked without printing it all).
    EXPECT_TRUE(absl::StrContains(text, absl::StrCat(rules[0].substr(2), "=", rules[1])));
    const int limit = rules.size() > 2 ? 30 : 200;
    EXPECT_TRUE(absl::StrContains(text, absl::StrCat("turn limit ", limit, " plies")));
    CheckAgainstProbe(work_.File("v.retro"), "v.h", 5, limit, {0, 1, 2, 7, 20, limit});
  }
}

TEST_F(OwareExportTest, BoardsOutsideTheBookAndPastTheLimitAreNotExact) {
  SolveBook("o.retro", 4);
  ASSERT_EQ(Export("o.retro", "o.h").exit_code, 0);
  SolveBook("t.retro", 4, {"--turn-limit", "3"});
  ASSERT_EQ(Export("t.retro", "t.h").exit_code, 0);
  Compile("o.h", "o");
  Compile("t.h", "t");
  const std::vector<std::string> boards = {
      "0 0 0 0 0 5 0 0 0 0 0 0",     // 5 seeds: more than the book
      "0 0 0 0 0 1 0 0 0 0 0 -1",    // a negative house
      "2147483647 2147483647 0 0 0 0 0 0 0 0 0 0",  // no overflow
      "0 0 0 1 0 0 0 0 0 0 0 1"};    // in the book: V_t = 0, 0, 2, 2, ...
  const auto answers = Ask("o", boards, {-1, 2, 3, 1000});
  ASSERT_EQ(answers.size(), 4u);
  for (int b = 0; b < 3; ++b) {
    for (const auto& [value, exact] : answers[b]) {
      EXPECT_EQ(value, 0) << boards[b];
      EXPECT_EQ(exact, 0) << boards[b];
    }
  }
  // Below the board's threshold (3) the final value is returned, not exact;
  // past the horizon the value holds, the book having stopped changing.
  EXPECT_EQ(answers[3], (std::vector<std::pair<int, int>>{{2, 0}, {2, 0}, {2, 1}, {2, 1}}));
  // With a turn limit of 3 the book still changes at t = 3: nothing past
  // it is known.
  const auto limited = Ask("t", {boards[3]}, {3, 4});
  ASSERT_EQ(limited.size(), 1u);
  EXPECT_EQ(limited[0], (std::vector<std::pair<int, int>>{{2, 1}, {2, 0}}));
}

TEST_F(OwareExportTest, NineSeedBookFitsWithCoarserThresholds) {
  SolveBook("oware-9.retro", 9);
  const RunResult r = Export("oware-9.retro", "book9.h", {"--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("\"chars\":\"unicode\""));
  EXPECT_LE(Characters(ReadText(work_.File("book9.h"))), 100000u);
  CheckAgainstProbe(work_.File("oware-9.retro"), "book9.h", 9, 200, {0, 100, 150, 200});
}

TEST_F(OwareExportTest, HelpListsTheFormatAndItsOptions) {
  const RunResult r = Retro({"export", "--help"});
  ASSERT_EQ(r.exit_code, 0) << r;
  for (const char* part : {"--db FILE", "--format F", "--out FILE", "cpp (oware)", "--chars",
                           "--threshold-step", "--max-chars"}) {
    EXPECT_THAT(r.out, HasSubstr(part));
  }
}

TEST_F(OwareExportTest, RefusesBadRequestsAndLeavesNoFile) {
  SolveBook("o.retro", 3);
  ExpectError(Retro({"export", "--format", "cpp", "--out", "x.h"}), 2, {"--db"});
  ExpectError(Retro({"export", "--db", "o.retro", "--format", "cpp"}), 2, {"--out"});
  ExpectError(Retro({"export", "--db", "o.retro", "--out", "x.h"}), 2, {"--format", "cpp"});
  ExpectError(Export("missing.retro", "x.h"), 2, {"missing.retro"});
  ExpectError(Retro({"export", "--db", "o.retro", "--format", "json", "--out", "x.h"}), 2,
              {"unknown export format 'json'", "valid: cpp"});
  ExpectError(Export("o.retro", "x.h", {"--chars", "latin"}), 2, {"ascii", "unicode"});
  // The documented ranges: threshold-step 1 to the book's horizon (200
  // plies here) or auto, max-chars 0 to 2^40.
  for (const char* step : {"0", "201", "99999", "-3", "1099511627777"}) {
    ExpectError(Export("o.retro", "x.h", {"--threshold-step", step}), 2,
                {absl::StrCat("--threshold-step ", step), "valid: 1..200 (1 to the book's horizon), "
                                                         "or auto"});
  }
  ExpectError(Export("o.retro", "x.h", {"--threshold-step", "soon"}), 2,
              {"--threshold-step 'soon' is not a whole number"});
  for (const char* chars : {"-1", "1099511627777"}) {
    ExpectError(Export("o.retro", "x.h", {"--max-chars", chars}), 2,
                {absl::StrCat("--max-chars ", chars, " is out of range; valid: 0..1099511627776")});
  }
  EXPECT_FALSE(std::filesystem::exists(work_.File("x.h")));
  ExpectError(Export("o.retro", "x.h", {"--colour", "red"}), 2, {"--colour", "--max-chars"});
  ExpectError(Export("o.retro", "x.h", {"--max-chars", "100"}), 2,
              {"--max-chars 100", "characters"});
  // Another game's database: countdown offers no export.
  ASSERT_EQ(Retro({"solve", "--game", "countdown", "--out", "c.retro"}).exit_code, 0);
  ExpectError(Export("c.retro", "x.h"), 2, {"countdown offers no export", "oware"});
  // A damaged database is refused (exit 1, as by probe).
  std::filesystem::copy_file(work_.File("o.retro"), work_.File("bad.retro"));
  {
    std::fstream file(work_.File("bad.retro"), std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(-3, std::ios::end);
    file.put('\x5A');
  }
  const RunResult damaged = Export("bad.retro", "x.h");
  EXPECT_NE(damaged.exit_code, 0) << damaged;
  EXPECT_FALSE(std::filesystem::exists(work_.File("x.h")));
  for (const auto& entry : std::filesystem::directory_iterator(work_.path())) {
    EXPECT_THAT(entry.path().filename().string(), ::testing::Not(HasSubstr(".tmp.")));
  }
}

TEST_F(OwareExportTest, ExistingOutputsAreTreatedAsBySolve) {
  SolveBook("o.retro", 3);
  // A folder, and a read-only file, are refused and kept.
  std::filesystem::create_directory(work_.File("folder.h"));
  ExpectError(Export("o.retro", "folder.h"), 2, {"directory"});
  EXPECT_TRUE(std::filesystem::is_directory(work_.File("folder.h")));
  std::ofstream(work_.File("readonly.h")) << "mine";
  chmod(work_.File("readonly.h").c_str(), 0444);
  ExpectError(Export("o.retro", "readonly.h"), 2, {"read-only"});
  EXPECT_EQ(ReadText(work_.File("readonly.h")), "mine");
  // A failed export leaves an existing file as it was.
  std::ofstream(work_.File("kept.h")) << "mine";
  ExpectError(Export("o.retro", "kept.h", {"--max-chars", "10"}), 2, {"--max-chars"});
  EXPECT_EQ(ReadText(work_.File("kept.h")), "mine");
  // A writable regular file is replaced, as retro solve replaces one.
  const RunResult r = Export("o.retro", "kept.h");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(ReadText(work_.File("kept.h")), HasSubstr("retro_oware_book_value"));
}

}  // namespace
}  // namespace retro::testing
