// The mutation sweep: for one small database of each shipped game, solved
// with the real `retro` and plugins, hundreds of deterministic mutants
// (mutants.h: truncations, byte flips, and "sealed" damage whose checksums
// are recomputed so the container accepts it) are each given to `retro
// stats`, `retro verify` and `retro probe` (probe is skipped when stats and
// verify refused the file with the same message: it opens files the same
// way). Every mutant must be refused cleanly (exit 1 or 2, one
// "retro: error: " line), or read back with the original's values (stats
// and probe output unchanged, verify passing), or be read with other values
// that verify refuses. A changed value that verify passes, a crash, a hang,
// an unclean error or a sanitizer report (build with
// -DRETRO_SANITIZE=address,undefined: scripts/sanitize.sh) fails the test.
// A table of counts per mutation kind and the distinct failures are printed.
//
// Environment: RETRO_SWEEP_JOBS (retro processes at a time, default 2),
// RETRO_SWEEP_TIMEOUT (seconds per run, default 20), RETRO_SWEEP_SEED,
// RETRO_SWEEP_KEEP_DIR (copy every failing mutant there, named
// <game>-<number>.retro, to reproduce by hand), RETRO_SWEEP_VERBOSE=1 (one
// line per mutant: what was changed, what retro made of it),
// RETRO_SWEEP_REPORT_DIR (also write each game's report to <game>.txt there,
// as ctest shows a passing test's output only with -V).
#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "tests/e2e/retro_runner.h"
#include "tests/sweep/container_edit.h"
#include "tests/sweep/mutants.h"
#include "tests/sweep/parallel_runner.h"

#ifndef RETRO_SWEEP_GAMES
#error "RETRO_SWEEP_GAMES must list the games built, comma-separated"
#endif

namespace retro::sweep {
namespace {

using ::retro::testing::kPluginDir;
using ::retro::testing::kRetroBinary;
using ::retro::testing::Lines;
using ::retro::testing::ReadBytes;
using ::retro::testing::TempDir;
using ::retro::testing::WriteBytes;

constexpr uint64_t kDefaultSeed = 20240601;

int EnvInt(const char* name, int fallback) {
  const char* text = std::getenv(name);
  return text != nullptr && *text != '\0' ? std::atoi(text) : fallback;
}

// One database of a game, and a position of it to probe.
struct SweepGame {
  std::string game;
  std::vector<std::string> solve_args;
  std::vector<std::string> probe_args;
  // Names the sweep's report and kept mutants (default: the game's name).
  std::string label = "";
  std::string Label() const { return label.empty() ? game : label; }
};

// What one run of retro did.
enum class Run { kAccepted, kRefused, kUnclean, kCrashed, kSanitizer };

bool HasSanitizerReport(const std::string& err) {
  for (const char* marker :
       {"AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer",
        "ThreadSanitizer", "MemorySanitizer", "runtime error:"}) {
    if (err.find(marker) != std::string::npos) return true;
  }
  return false;
}

Run Judge(const ProcessResult& r) {
  if (HasSanitizerReport(r.err)) return Run::kSanitizer;
  if (r.timed_out || r.signal != 0 || r.exit_code < 0 || r.exit_code >= 128) {
    return Run::kCrashed;
  }
  if (r.exit_code == 0) return r.err.empty() ? Run::kAccepted : Run::kUnclean;
  const std::vector<std::string> lines = Lines(r.err);
  if ((r.exit_code == 1 || r.exit_code == 2) && lines.size() == 1 &&
      lines[0].starts_with("retro: error: ")) {
    return Run::kRefused;
  }
  return Run::kUnclean;
}

// What a mutant did to retro, worst last.
enum Outcome {
  kRefused,          // every command refused it cleanly
  kEqual,            // read back with the original's values; verify passes
  kCaughtByVerify,   // stats or probe read it, verify refused it
  kDifferent,        // verify passes, yet stats or probe differ (or refuse)
  kAcceptedInvalid,  // must be refused (duplicate slice names) but was read
  kUnclean,          // an error exit that is not one "retro: error:" line
  kCrashed,          // signal, exit status >= 128, or the time limit
  kSanitizer,        // a sanitizer report
  kOutcomeCount
};
constexpr std::array<const char*, kOutcomeCount> kOutcomeNames = {
    "refused",      "equal",   "verify-caught", "DIFFERENT",
    "ACCEPTED-BAD", "UNCLEAN", "CRASHED",       "SANITIZER"};
bool IsFailure(Outcome o) { return o >= kDifferent; }

constexpr std::array<const char*, 3> kCommandNames = {"stats", "verify",
                                                      "probe"};
enum { kStats, kVerify, kProbe };

// Paths, process ids ("==123==") and addresses taken out, so that equal
// failures group; bytes that are not printable ASCII escaped.
std::string Normalize(const std::string& text, const std::string& path) {
  std::string result = text;
  for (size_t at;
       !path.empty() && (at = result.find(path)) != std::string::npos;) {
    result.replace(at, path.size(), "<db>");
  }
  std::string out;
  for (size_t i = 0; i < result.size();) {
    if (result.compare(i, 2, "==") == 0) {
      size_t j = i + 2;
      while (j < result.size() &&
             std::isdigit(static_cast<unsigned char>(result[j])))
        ++j;
      if (j > i + 2 && result.compare(j, 2, "==") == 0) {
        i = j + 2;
        continue;
      }
    }
    if (result.compare(i, 2, "0x") == 0) {
      size_t j = i + 2;
      while (j < result.size() &&
             std::isxdigit(static_cast<unsigned char>(result[j])))
        ++j;
      if (j - i - 2 >= 6) {
        out += "0x?";
        i = j;
        continue;
      }
    }
    const unsigned char c = static_cast<unsigned char>(result[i++]);
    if (c == '\n' || (c >= 0x20 && c < 0x7f)) {
      out.push_back(static_cast<char>(c));
    } else {
      out += absl::StrFormat("\\x%02x", c);  // damaged names are not text
    }
  }
  return out;
}

// The lines of a sanitizer report worth showing: the error line, the access,
// the first frames outside the standard library, the summary.
std::string SanitizerExcerpt(const std::string& err, std::string* signature) {
  const std::vector<std::string> lines = Lines(err);
  size_t start = 0;
  while (start < lines.size() &&
         lines[start].find("ERROR:") == std::string::npos &&
         lines[start].find("runtime error:") == std::string::npos) {
    ++start;
  }
  if (start == lines.size()) start = 0;
  *signature = lines.empty() ? "" : lines[start];
  std::vector<std::string> shown;
  int frames = 0;
  for (size_t i = start; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.find("SUMMARY:") != std::string::npos) {
      *signature = line;
      shown.push_back(line);
      break;
    }
    const bool frame = line.find("    #") == 0;
    if (frame &&
        (line.find(" /usr/include/") != std::string::npos ||
         line.find(" /usr/lib/") != std::string::npos || ++frames > 6)) {
      continue;
    }
    if (i == start || frame || line.find("READ of") == 0 ||
        line.find("WRITE of") == 0) {
      shown.push_back(line);
    }
  }
  return absl::StrJoin(shown, "\n");
}

// The first line where `a` and `b` differ, as two lines.
std::string FirstDifference(const std::string& a, const std::string& b) {
  const std::vector<std::string> x = Lines(a), y = Lines(b);
  for (size_t i = 0; i < std::max(x.size(), y.size()); ++i) {
    const std::string l = i < x.size() ? x[i] : "<none>";
    const std::string r = i < y.size() ? y[i] : "<none>";
    if (l != r)
      return absl::StrCat("line ", i + 1, ": was: ", l, "\n          now: ", r);
  }
  return "(same)";
}

struct Verdict {
  Outcome outcome = kRefused;
  std::string signature;  // groups equal failures
  std::string detail;     // what to show for one example
};

Verdict Classify(const Mutant& mutant, const std::array<ProcessResult, 3>& runs,
                 const std::array<ProcessResult, 3>& reference,
                 const std::string& path) {
  std::array<Run, 3> judged;
  for (int c = 0; c < 3; ++c) judged[c] = Judge(runs[c]);
  Verdict v;
  for (int c = 0; c < 3; ++c) {
    if (judged[c] != Run::kSanitizer) continue;
    v.outcome = kSanitizer;
    v.detail = Normalize(SanitizerExcerpt(runs[c].err, &v.signature), path);
    v.signature = absl::StrCat("retro ", kCommandNames[c], ": ",
                               Normalize(v.signature, path));
    return v;
  }
  for (int c = 0; c < 3; ++c) {
    if (judged[c] != Run::kCrashed) continue;
    const ProcessResult& r = runs[c];
    v.outcome = kCrashed;
    v.signature = absl::StrCat(
        "retro ", kCommandNames[c], ": ",
        r.timed_out ? absl::StrFormat("hung (killed after %.1f s)", r.seconds)
        : r.signal != 0 ? absl::StrCat("killed by signal ", r.signal, " (",
                                       strsignal(r.signal), ")")
                        : absl::StrCat("exit status ", r.exit_code));
    std::vector<std::string> lines = Lines(Normalize(r.err, path));
    if (lines.size() > 6) lines.erase(lines.begin(), lines.end() - 6);
    v.detail = absl::StrJoin(lines, "\n");
    return v;
  }
  for (int c = 0; c < 3; ++c) {
    if (judged[c] != Run::kUnclean) continue;
    const ProcessResult& r = runs[c];
    const std::vector<std::string> lines = Lines(Normalize(r.err, path));
    v.outcome = kUnclean;
    v.signature =
        absl::StrCat("retro ", kCommandNames[c], ": exit ", r.exit_code,
                     " with ", lines.size(), " stderr lines");
    v.detail = absl::StrJoin(
        std::vector<std::string>(
            lines.begin(), lines.begin() + std::min<size_t>(lines.size(), 6)),
        "\n");
    return v;
  }
  if (judged[kStats] == Run::kRefused && judged[kVerify] == Run::kRefused &&
      judged[kProbe] == Run::kRefused) {
    v.outcome = kRefused;
    v.signature = Normalize(runs[kStats].err, path);
    return v;
  }
  // Read by at least one command. Equal values?
  std::vector<std::string> differences;
  std::vector<std::string> details;
  for (const int c : {kStats, kProbe}) {
    if (judged[c] == Run::kRefused) {
      differences.push_back(absl::StrCat(kCommandNames[c], " refuses"));
      details.push_back(absl::StrCat(kCommandNames[c], ": ",
                                     Normalize(Lines(runs[c].err)[0], path)));
    } else if (runs[c].out != reference[c].out) {
      differences.push_back(absl::StrCat(kCommandNames[c], " differs"));
      details.push_back(
          absl::StrCat(kCommandNames[c], " ",
                       FirstDifference(reference[c].out, runs[c].out)));
    }
  }
  if (judged[kVerify] == Run::kRefused) {
    v.outcome = kCaughtByVerify;
    v.signature = absl::StrJoin(differences, ", ");
    return v;
  }
  if (!differences.empty()) {
    v.outcome = kDifferent;
    v.signature =
        absl::StrCat("verify passes, ", absl::StrJoin(differences, ", "));
    v.detail = absl::StrJoin(details, "\n");
    return v;
  }
  v.outcome = mutant.must_refuse ? kAcceptedInvalid : kEqual;
  v.signature = "read back with the original's values, verify passes";
  return v;
}

class MutationSweepTest : public ::testing::Test {
 protected:
  void Sweep(const SweepGame& g);

  TempDir work_;
  TempDir io_;
};

void MutationSweepTest::Sweep(const SweepGame& g) {
  const std::vector<std::string> built = absl::StrSplit(RETRO_SWEEP_GAMES, ',');
  if (std::find(built.begin(), built.end(), g.game) == built.end()) {
    GTEST_SKIP() << "the " << g.game << " plugin is not built (RETRO_GAMES)";
  }
  RunOptions options;
  options.parallel = std::max(1, EnvInt("RETRO_SWEEP_JOBS", 2));
  options.timeout_seconds = std::max(1, EnvInt("RETRO_SWEEP_TIMEOUT", 20));
  options.io_dir = io_.path();
  options.unset = {"RETRO_PLUGIN_PATH"};
  // Sanitizer reports go to stderr, where Judge looks. A huge malloc fails
  // as in a plain build (a huge operator new is still a report: a size was
  // trusted that should have been checked); leaks on error paths are not
  // this test's business. Options already in the environment come later and
  // win.
  auto with_env = [](const char* name, const std::string& ours) {
    const char* theirs = std::getenv(name);
    return std::make_pair(
        std::string(name),
        theirs == nullptr ? ours : absl::StrCat(ours, ":", theirs));
  };
  options.env = {
      with_env("ASAN_OPTIONS",
               "detect_leaks=0:allocator_may_return_null=1:"
               "detect_odr_violation=0:handle_abort=1"),
      with_env("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1"),
  };
  const auto started = std::chrono::steady_clock::now();

  // 1. The database, and what retro says about it intact.
  const std::string original_path = work_.File(g.game + ".retro");
  {
    std::vector<std::string> solve = {"solve", "--game",       g.game,
                                      "--out", original_path,  "--threads",
                                      "2",     "--plugin-dir", kPluginDir};
    solve.insert(solve.end(), g.solve_args.begin(), g.solve_args.end());
    RunOptions solve_options = options;
    solve_options.timeout_seconds = 300;
    const ProcessResult r = RunAll(kRetroBinary, {solve}, solve_options)[0];
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const std::vector<uint8_t> original = ReadBytes(original_path);
  const std::optional<ContainerModel> model = ReadModel(original);
  ASSERT_TRUE(model.has_value());
  ASSERT_EQ(Serialize(*model), original)
      << "the test's container writer disagrees with retro's";

  auto commands_for = [&](const std::string& path) {
    std::vector<std::vector<std::string>> commands = {
        {"stats", "--db", path, "--threads", "1", "--plugin-dir", kPluginDir},
        {"verify", "--db", path, "--threads", "1", "--plugin-dir", kPluginDir},
        {"probe", "--db", path, "--plugin-dir", kPluginDir}};
    commands[kProbe].insert(commands[kProbe].end(), g.probe_args.begin(),
                            g.probe_args.end());
    return commands;
  };
  std::array<ProcessResult, 3> reference;
  {
    const std::vector<ProcessResult> r =
        RunAll(kRetroBinary, commands_for(original_path), options);
    for (int c = 0; c < 3; ++c) {
      reference[c] = r[c];
      ASSERT_EQ(Judge(r[c]), Run::kAccepted)
          << "retro " << kCommandNames[c] << " of the intact database: exit "
          << r[c].exit_code << "\n"
          << r[c].out << r[c].err;
    }
  }

  // 2. The mutants, each through stats and verify, then probe unless both
  //    refused it with the same message: all three open a database the
  //    same way, so probe would only repeat that refusal.
  const uint64_t seed =
      static_cast<uint64_t>(EnvInt("RETRO_SWEEP_SEED", kDefaultSeed));
  const std::vector<Mutant> mutants = MakeMutants(original, seed);
  std::vector<std::string> paths;
  std::vector<std::vector<std::string>> commands;
  for (size_t i = 0; i < mutants.size(); ++i) {
    paths.push_back(work_.File(absl::StrFormat("m%04d.retro", i)));
    WriteBytes(paths.back(), mutants[i].bytes);
    std::vector<std::vector<std::string>> three = commands_for(paths.back());
    commands.push_back(three[kStats]);
    commands.push_back(three[kVerify]);
  }
  const std::vector<ProcessResult> first =
      RunAll(kRetroBinary, commands, options);
  std::vector<std::array<ProcessResult, 3>> results(mutants.size());
  std::vector<size_t> probed;
  commands.clear();
  for (size_t i = 0; i < mutants.size(); ++i) {
    results[i][kStats] = first[2 * i];
    results[i][kVerify] = first[2 * i + 1];
    const ProcessResult& stats = results[i][kStats];
    const ProcessResult& verify = results[i][kVerify];
    if (Judge(stats) == Run::kRefused && Judge(verify) == Run::kRefused &&
        stats.err == verify.err && stats.exit_code == verify.exit_code) {
      results[i][kProbe] = stats;
      results[i][kProbe].seconds = 0;
    } else {
      probed.push_back(i);
      commands.push_back(commands_for(paths[i])[kProbe]);
    }
  }
  const std::vector<ProcessResult> probes =
      RunAll(kRetroBinary, commands, options);
  for (size_t k = 0; k < probed.size(); ++k)
    results[probed[k]][kProbe] = probes[k];
  const size_t runs_made = first.size() + probes.size();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started)
          .count();

  // 3. Counts per kind, distinct failures.
  std::vector<std::string> kinds;
  std::map<std::string, std::array<int, kOutcomeCount>> counts;
  std::array<int, kOutcomeCount> totals{};
  // Failures grouped by what happened (a sanitizer report's summary line,
  // how a run died), or for wrong acceptances by mutation kind too.
  struct Finding {
    int count = 0;
    std::string detail;  // of the first example
    std::vector<std::string> kinds;
    std::map<std::string, std::pair<int, size_t>> per_kind;  // count, example
  };
  std::map<std::pair<int, std::string>, Finding> findings;
  std::vector<std::tuple<double, size_t, int>> slow;
  const char* keep_dir = std::getenv("RETRO_SWEEP_KEEP_DIR");
  const bool verbose = EnvInt("RETRO_SWEEP_VERBOSE", 0) != 0;
  int unsealed = 0;  // sealed mutants refused for a checksum: a sweep bug
  for (size_t i = 0; i < mutants.size(); ++i) {
    const Mutant& m = mutants[i];
    const std::array<ProcessResult, 3>& runs = results[i];
    for (int c = 0; c < 3; ++c) slow.emplace_back(runs[c].seconds, i, c);
    const Verdict v = Classify(m, runs, reference, paths[i]);
    if (verbose) {
      std::printf("%s mutant %zu [%s] %s: %s%s%s\n", g.game.c_str(), i,
                  m.kind.c_str(), m.description.c_str(),
                  kOutcomeNames[v.outcome], v.signature.empty() ? "" : ": ",
                  v.signature.c_str());
    }
    if (counts.count(m.kind) == 0) {
      kinds.push_back(m.kind);
      counts[m.kind].fill(0);
    }
    ++counts[m.kind][v.outcome];
    ++totals[v.outcome];
    if (m.sealed && v.outcome == kRefused &&
        v.signature.find("checksum mismatch") != std::string::npos) {
      if (++unsealed > 3) continue;
      ADD_FAILURE() << "the sweep failed to fix the checksums of mutant " << i
                    << " (" << m.kind << ": " << m.description
                    << "): " << v.signature;
    }
    if (!IsFailure(v.outcome)) continue;
    const bool by_kind =
        v.outcome == kDifferent || v.outcome == kAcceptedInvalid;
    Finding& f = findings[{
        v.outcome,
        by_kind ? absl::StrCat("[", m.kind, "] ", v.signature) : v.signature}];
    if (f.count++ == 0) f.detail = v.detail;
    if (f.per_kind.count(m.kind) == 0) {
      f.kinds.push_back(m.kind);
      f.per_kind[m.kind] = {0, i};
    }
    ++f.per_kind[m.kind].first;
    if (keep_dir != nullptr) {
      WriteBytes(absl::StrFormat("%s/%s-%04d.retro", keep_dir, g.Label(), i),
                 m.bytes);
    }
  }

  std::string report = absl::StrFormat(
      "\nmutation sweep of %s (%s, %d bytes, %s build): %d mutants, %d runs of "
      "retro "
      "in %.1f s, %d at a time, seed %d\n",
      g.game,
      g.solve_args.empty() ? "no parameters" : absl::StrJoin(g.solve_args, " "),
      original.size(),
      ::retro::testing::kAddressSanitizer ? "sanitizer" : "plain",
      mutants.size(), runs_made + 4, seconds, options.parallel, seed);
  absl::StrAppendFormat(&report, "%-22s %7s", "kind", "mutants");
  for (const char* name : kOutcomeNames)
    absl::StrAppendFormat(&report, " %13s", name);
  auto row = [&](const std::string& kind,
                 const std::array<int, kOutcomeCount>& c) {
    int total = 0;
    for (int n : c) total += n;
    absl::StrAppendFormat(&report, "\n%-22s %7d", kind, total);
    for (int n : c) absl::StrAppendFormat(&report, " %13d", n);
  };
  for (const std::string& kind : kinds) row(kind, counts[kind]);
  row("all", totals);
  absl::StrAppendFormat(
      &report, "\n\n%d distinct failures of %s:", findings.size(), g.game);
  for (const auto& [key, f] : findings) {
    const auto& [outcome, signature] = key;
    absl::StrAppendFormat(&report, "\n- %s x%d: %s", kOutcomeNames[outcome],
                          f.count, signature);
    for (const std::string& kind : f.kinds) {
      const auto& [count, example] = f.per_kind.at(kind);
      absl::StrAppendFormat(&report, "\n    %s x%d, e.g. mutant %d: %s", kind,
                            count, example, mutants[example].description);
    }
    if (!f.detail.empty()) {
      for (absl::string_view line : absl::StrSplit(f.detail, '\n')) {
        absl::StrAppend(&report, "\n      | ", line);
      }
    }
  }
  std::sort(slow.rbegin(), slow.rend());
  absl::StrAppend(&report, "\n\nslowest runs:");
  for (size_t k = 0; k < std::min<size_t>(3, slow.size()); ++k) {
    const auto& [s, i, c] = slow[k];
    absl::StrAppendFormat(&report, "\n  %.2f s  retro %s of mutant %d (%s: %s)",
                          s, kCommandNames[c], i, mutants[i].kind,
                          mutants[i].description);
  }
  std::printf("%s\n\n", report.c_str());
  std::fflush(stdout);
  if (const char* dir = std::getenv("RETRO_SWEEP_REPORT_DIR"); dir != nullptr) {
    std::ofstream(absl::StrCat(dir, "/", g.Label(), ".txt")) << report << "\n";
  }

  EXPECT_GT(totals[kRefused], 0);
  EXPECT_EQ(unsealed, 0) << "sealed mutants with a wrong checksum";
  EXPECT_EQ(totals[kSanitizer], 0)
      << "sanitizer reports (out-of-bounds reads, UB)";
  EXPECT_EQ(totals[kCrashed], 0) << "crashes or hangs";
  EXPECT_EQ(totals[kUnclean], 0)
      << "errors that are not one 'retro: error:' line";
  EXPECT_EQ(totals[kDifferent], 0) << "changed values that verify passes";
  EXPECT_EQ(totals[kAcceptedInvalid], 0) << "duplicate slices accepted";
}

TEST_F(MutationSweepTest, Oware) {
  Sweep(
      {"oware", {"--seeds", "3"}, {"--position", "1 0 0 1 0 0 | 0 0 0 0 0 1"}});
}

TEST_F(MutationSweepTest, Surakarta) {
  Sweep({"surakarta",
         {"--pieces", "2"},
         {"--position", "....../.X..../.O..../....../....../...... X"}});
}

// Block-compressed slices (--layout small): damaged block tables and blocks
// too (the slice mutants land in them), which must be refused naming the
// slice and the block, or read back unchanged.
TEST_F(MutationSweepTest, SurakartaCompressed) {
  Sweep({"surakarta",
         {"--pieces", "3", "--layout", "small"},
         {"--position", "....../.X..../.O..../....../....../...... X"},
         "surakarta-small"});
}

TEST_F(MutationSweepTest, Plakoto) {
  Sweep({"plakoto",
         {"--points", "6", "--pin", "2"},
         {"--position", "p=2 3 4 3 2 1 1"}});
}

TEST_F(MutationSweepTest, TicTacToe) {
  Sweep({"tictactoe", {}, {"--position", "x.o/.x./..o"}});
}

TEST_F(MutationSweepTest, TicTacToeCompressed) {
  Sweep({"tictactoe", {"--layout", "small"}, {"--position", "x.o/.x./..o"}, "tictactoe-small"});
}

}  // namespace
}  // namespace retro::sweep
