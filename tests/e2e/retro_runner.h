// Runs the real `retro` binary for end-to-end tests: fork/exec in a scratch
// working directory, feeding stdin and capturing stdout, stderr and the exit
// status. RetroTest is the fixture every end-to-end test uses; it gives each
// test its own empty directory and passes the test plugins' directory.
#ifndef RETRO_TESTS_E2E_RETRO_RUNNER_H_
#define RETRO_TESTS_E2E_RETRO_RUNNER_H_

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/framework/build_path.h"
#include "tests/framework/temp_dir.h"

#ifndef RETRO_BINARY
#error "RETRO_BINARY must name the retro executable (relative: tests/framework/build_path.h)"
#endif
#ifndef RETRO_TEST_PLUGIN_DIR
#error "RETRO_TEST_PLUGIN_DIR must name the directory of the test plugins (relative)"
#endif

#if defined(__SANITIZE_ADDRESS__)
#define RETRO_TESTING_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RETRO_TESTING_ASAN 1
#endif
#endif

namespace retro::testing {

inline const std::string kRetroBinary = BuildPath(RETRO_BINARY);
inline const std::string kPluginDir = BuildPath(RETRO_TEST_PLUGIN_DIR);

// Whether this build (the test and the retro it runs) uses AddressSanitizer.
#ifdef RETRO_TESTING_ASAN
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif

// What one run of `retro` did.
struct RunResult {
  int exit_code = -1;  // -1: killed by a signal
  std::string out;
  std::string err;
};

inline std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The lines of `text` (a final newline does not start another line).
inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// Runs `retro args...` in `cwd` with `input` on stdin and `env` added to a
// clean environment (RETRO_PLUGIN_PATH unset unless given). The captured
// streams go through files in `io_dir`, which must differ from `cwd`.
// `binary` replaces the retro executable under test (e.g. a copy of it).
inline RunResult RunRetro(
    const std::vector<std::string>& args, const std::string& cwd,
    const std::string& io_dir, const std::string& input = "",
    const std::vector<std::pair<std::string, std::string>>& env = {},
    const std::string& binary = kRetroBinary) {
  const std::string in_path = io_dir + "/stdin";
  const std::string out_path = io_dir + "/stdout";
  const std::string err_path = io_dir + "/stderr";
  std::ofstream(in_path, std::ios::binary | std::ios::trunc) << input;
  std::vector<std::string> argv_strings = {binary};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : argv_strings) argv.push_back(arg.data());
  argv.push_back(nullptr);

  const pid_t child = fork();
  if (child == 0) {
    // The test process has one thread, so setenv is safe after fork.
    const int in = open(in_path.c_str(), O_RDONLY);
    const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0 || chdir(cwd.c_str()) != 0) _exit(126);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    unsetenv("RETRO_PLUGIN_PATH");
    for (const auto& [name, value] : env)
      setenv(name.c_str(), value.c_str(), 1);
    alarm(60);  // a hung retro fails the test instead of the whole run
    execv(argv[0], argv.data());
    _exit(127);
  }
  RunResult result;
  if (child < 0) {
    ADD_FAILURE() << "fork failed";
    return result;
  }
  int status = 0;
  waitpid(child, &status, 0);
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  result.out = ReadText(out_path);
  result.err = ReadText(err_path);
  return result;
}

// Starts `binary args...` in `cwd` with its standard streams on /dev/null,
// without waiting for it (the caller kills or waits for the pid).
inline pid_t SpawnRetro(const std::vector<std::string>& args, const std::string& cwd,
                        const std::string& binary = kRetroBinary) {
  std::vector<std::string> strings = {binary};
  strings.insert(strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    const int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    if (chdir(cwd.c_str()) != 0) _exit(126);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return child;
}

// For gtest messages.
inline std::ostream& operator<<(std::ostream& os, const RunResult& r) {
  return os << "exit " << r.exit_code << "\n--- stdout ---\n"
            << r.out << "--- stderr ---\n"
            << r.err;
}

class RetroTest : public ::testing::Test {
 protected:
  // `retro args... --plugin-dir <test plugins>` in the test's directory.
  RunResult Retro(std::vector<std::string> args,
                  const std::string& input = "") {
    args.push_back("--plugin-dir");
    args.push_back(kPluginDir);
    return RunRetro(args, work_.path(), io_.path(), input);
  }
  // `retro args...` exactly as given.
  RunResult RetroRaw(
      const std::vector<std::string>& args, const std::string& input = "",
      const std::vector<std::pair<std::string, std::string>>& env = {}) {
    return RunRetro(args, work_.path(), io_.path(), input, env);
  }

  // `retro args... --plugin-dir <test plugins>` run by /bin/sh in the
  // test's directory, after the shell commands `prefix` (e.g. "ulimit -s
  // 32;") and with `redirections` appended (e.g. "> /dev/full").
  RunResult RetroShell(const std::vector<std::string>& args, const std::string& prefix,
                       const std::string& redirections, const std::string& input = "") {
    std::string script = prefix + " exec \"$0\"";
    for (size_t i = 0; i < args.size(); ++i) script += " \"${" + std::to_string(i + 1) + "}\"";
    script += " --plugin-dir \"${" + std::to_string(args.size() + 1) + "}\" " + redirections;
    std::vector<std::string> all = {"-c", script, kRetroBinary};
    all.insert(all.end(), args.begin(), args.end());
    all.push_back(kPluginDir);
    return RunRetro(all, work_.path(), io_.path(), input, {}, "/bin/sh");
  }

  // Solves countdown with `args` into `file` (in the test's directory) and
  // returns the file's path.
  std::string Solve(const std::string& file,
                    std::vector<std::string> args = {}) {
    std::vector<std::string> all = {"solve", "--game", "countdown", "--out",
                                    file};
    all.insert(all.end(), args.begin(), args.end());
    const RunResult result = Retro(all);
    EXPECT_EQ(result.exit_code, 0) << result;
    return work_.File(file);
  }

  // The run failed with exit status `code` and exactly one error line on
  // stderr, which contains every one of `parts`.
  static void ExpectError(const RunResult& result, int code,
                          const std::vector<std::string>& parts) {
    EXPECT_EQ(result.exit_code, code) << result;
    const std::vector<std::string> lines = Lines(result.err);
    ASSERT_EQ(lines.size(), 1u) << result;
    EXPECT_THAT(lines[0], ::testing::StartsWith("retro: error: "));
    for (const std::string& part : parts)
      EXPECT_THAT(lines[0], ::testing::HasSubstr(part));
  }

  TempDir work_;  // the working directory of retro
  TempDir io_;    // captured streams
};

}  // namespace retro::testing

#endif  // RETRO_TESTS_E2E_RETRO_RUNNER_H_
