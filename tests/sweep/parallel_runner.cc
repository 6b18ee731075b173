// Implementation of the sweep's process runner (parallel_runner.h), on
// posix_spawn (cheap even from a large sanitizer-instrumented test binary)
// and polling waitpid for exits and deadlines.
#include "tests/sweep/parallel_runner.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

extern char** environ;

namespace retro::sweep {
namespace {

using Clock = std::chrono::steady_clock;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The child environment: ours, minus `unset` and the names in `env`, plus
// `env`.
std::vector<std::string> ChildEnvironment(const RunOptions& options) {
  std::vector<std::string> result;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string text = *entry;
    const std::string name = text.substr(0, text.find('='));
    bool drop = false;
    for (const std::string& n : options.unset) drop = drop || n == name;
    for (const auto& [n, v] : options.env) drop = drop || n == name;
    if (!drop) result.push_back(text);
  }
  for (const auto& [name, value] : options.env)
    result.push_back(name + "=" + value);
  return result;
}

struct Running {
  size_t index;
  Clock::time_point start;
  bool killed = false;
};

}  // namespace

std::vector<ProcessResult> RunAll(
    const std::string& binary,
    const std::vector<std::vector<std::string>>& commands,
    const RunOptions& options) {
  std::vector<ProcessResult> results(commands.size());
  std::vector<std::string> env_strings = ChildEnvironment(options);
  std::vector<char*> envp;
  for (std::string& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  const auto timeout = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(options.timeout_seconds));
  auto out_path = [&](size_t i) {
    return options.io_dir + "/" + std::to_string(i) + ".out";
  };
  auto err_path = [&](size_t i) {
    return options.io_dir + "/" + std::to_string(i) + ".err";
  };

  std::map<pid_t, Running> running;
  size_t next = 0;
  while (next < commands.size() || !running.empty()) {
    while (next < commands.size() &&
           static_cast<int>(running.size()) < options.parallel) {
      std::vector<std::string> argv_strings = {binary};
      argv_strings.insert(argv_strings.end(), commands[next].begin(),
                          commands[next].end());
      std::vector<char*> argv;
      for (std::string& arg : argv_strings) argv.push_back(arg.data());
      argv.push_back(nullptr);
      posix_spawn_file_actions_t actions;
      posix_spawn_file_actions_init(&actions);
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
      posix_spawn_file_actions_addopen(&actions, 1, out_path(next).c_str(),
                                       O_WRONLY | O_CREAT | O_TRUNC, 0644);
      posix_spawn_file_actions_addopen(&actions, 2, err_path(next).c_str(),
                                       O_WRONLY | O_CREAT | O_TRUNC, 0644);
      pid_t pid = -1;
      const int error = posix_spawn(&pid, binary.c_str(), &actions, nullptr,
                                    argv.data(), envp.data());
      posix_spawn_file_actions_destroy(&actions);
      if (error != 0) {
        results[next].err =
            std::string("posix_spawn failed: ") + std::strerror(error);
        ++next;
        continue;
      }
      running[pid] = Running{next, Clock::now()};
      ++next;
    }
    int status = 0;
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid > 0) {
      auto it = running.find(pid);
      if (it == running.end()) continue;  // not ours
      ProcessResult& r = results[it->second.index];
      r.seconds = std::chrono::duration<double>(Clock::now() - it->second.start)
                      .count();
      if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
      if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
      r.timed_out = it->second.killed;
      r.out = ReadFile(out_path(it->second.index));
      r.err = ReadFile(err_path(it->second.index));
      running.erase(it);
      continue;
    }
    const Clock::time_point now = Clock::now();
    for (auto& [child, run] : running) {
      if (!run.killed && now - run.start > timeout) {
        kill(child, SIGKILL);
        run.killed = true;
      }
    }
    const timespec pause = {0, 200'000};  // 0.2 ms
    nanosleep(&pause, nullptr);
  }
  return results;
}

}  // namespace retro::sweep
