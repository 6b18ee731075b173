// For end-to-end tests of checkpoints (retro/checkpoint.h): a RetroTest
// that reads files of its work folder, counts the files of a checkpoint,
// and kills `retro solve` with SIGKILL once its checkpoint holds finished
// slices (and a snapshot), as a solve killed by the system would be.
#ifndef RETRO_TESTS_E2E_CHECKPOINT_RUNNER_H_
#define RETRO_TESTS_E2E_CHECKPOINT_RUNNER_H_

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/e2e/retro_runner.h"

namespace retro::testing {

class CheckpointTest : public RetroTest {
 protected:
  std::string Bytes(const std::string& file) {
    std::ifstream in(work_.File(file), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  // The slices finished, or snapshot in progress, in the checkpoint of
  // `file`.
  int CheckpointFiles(const std::string& file, const std::string& extension) {
    std::error_code error;
    int count = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(work_.File(file + ".checkpoint"), error)) {
      count += entry.path().extension() == extension;
    }
    return count;
  }
  int CheckpointSlices(const std::string& file) { return CheckpointFiles(file, ".slice"); }
  // Starts `retro solve args --out file`, kills it with SIGKILL once its
  // checkpoint holds at least `slices` finished slices (and, when
  // `snapshot` names a slice, a snapshot of it); false if the solve ended
  // first.
  bool SolveAndKill(std::vector<std::string> args, const std::string& file, int slices,
                    const std::string& snapshot = "") {
    args.insert(args.begin(), "solve");
    for (const std::string& extra : {std::string("--out"), file, std::string("--plugin-dir"),
                                     kPluginDir}) {
      args.push_back(extra);
    }
    const pid_t child = SpawnRetro(args, work_.path());
    for (int i = 0; i < 30000; ++i) {  // up to about 30 s
      if (CheckpointSlices(file) >= slices &&
          (snapshot.empty() || std::filesystem::exists(work_.File(
                                   absl::StrCat(file, ".checkpoint/", snapshot, ".snapshot"))))) {
        kill(child, SIGKILL);
        int status = 0;
        waitpid(child, &status, 0);
        return WIFSIGNALED(status);
      }
      int status = 0;
      if (waitpid(child, &status, WNOHANG) == child) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    kill(child, SIGKILL);
    waitpid(child, nullptr, 0);
    return false;
  }
  // SolveAndKill until the kill lands where asked: a small slice's snapshot
  // lives for a few milliseconds, so a poll can miss it and the solve end
  // first; then its output is removed and it is tried again (at most 20
  // times).
  bool SolveAndKillRetrying(const std::vector<std::string>& args, const std::string& file,
                            int slices, const std::string& snapshot = "") {
    for (int attempt = 0; attempt < 20; ++attempt) {
      if (SolveAndKill(args, file, slices, snapshot)) return true;
      std::filesystem::remove(work_.File(file));
      std::filesystem::remove_all(work_.File(file + ".checkpoint"));
    }
    return false;
  }
};

}  // namespace retro::testing

#endif  // RETRO_TESTS_E2E_CHECKPOINT_RUNNER_H_
