// Fuzz target: the readers of a checkpoint (retro/checkpoint.h): the
// folder's marker (retro/host/checkpoint_folder.h) and the finished
// slices and snapshots a resumed solve restores. The first input byte
// chooses what the rest is:
//   0 (mod 3): a marker's text. ParseMarker must refuse it or accept it,
//     and an accepted marker's MarkerText must read back as the same one.
//   1: the bytes of a finished slice; 2: the parts of a snapshot of a slice
//     in progress, each a u32 length (little-endian) then its bytes. The
//     second byte chooses the solve (even: Surakarta with 2 pieces, the
//     loopy kit, whose snapshots are its solver's; odd: oware with 3 seeds and a turn limit of 10
//     (as its seed database), the finite-horizon kit) and which of its slices. The bytes are saved
//     with fresh checksums (FileCheckpoint::Save / SaveSnapshot, as a
//     crafted file could carry right ones), then the solve is resumed from
//     them through the plugin: it must refuse them with an error or finish,
//     never crash or read out of bounds.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "retro/checkpoint.h"
#include "retro/host/checkpoint_folder.h"
#include "retro/host/file_checkpoint.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using retro::internal::CheckpointFolder;

// One solve to resume: its game, resolved parameters, canonical ones, and
// the names of its slices (found by solving it once).
struct ResumedSolve {
  retro::GameModule* module = nullptr;
  retro::ParameterValues values;
  std::vector<std::pair<std::string, std::string>> canonical;
  std::vector<std::string> slices;
};

// A scratch folder of this process's for the solves' outputs.
const std::string& ScratchFolder() {
  static const std::string* folder = [] {
    const char* dir = std::getenv("TMPDIR");
    auto* path = new std::string(absl::StrCat(dir != nullptr && *dir != '\0' ? dir : "/tmp",
                                              "/retro-fuzz-checkpoint-", getpid()));
    std::filesystem::create_directories(*path);
    return path;
  }();
  return *folder;
}

std::string Output() { return ScratchFolder() + "/out.retro"; }

std::unique_ptr<retro::FileCheckpoint> OpenCheckpoint(const ResumedSolve& solve,
                                                      CheckpointFolder::Mode mode) {
  auto checkpoint = retro::FileCheckpoint::Create(Output(), solve.module->Describe().name,
                                                  solve.module->Describe().data_version,
                                                  solve.canonical, mode, std::chrono::seconds(0));
  if (!checkpoint.ok()) __builtin_trap();  // the scratch folder is this target's own
  return *std::move(checkpoint);
}

// Game `game` with `parameters`, solved once with a checkpoint to learn its
// slices' names.
ResumedSolve Prepare(const std::string& game, const retro::ParameterValues& parameters) {
  ResumedSolve solve;
  solve.module = retro::fuzz::FindGame(game);
  if (solve.module == nullptr) __builtin_trap();  // the plugin was not built
  auto values =
      retro::ResolveParameters(solve.module->Describe().solve_parameters, parameters, game);
  auto plan = values.ok() ? solve.module->Plan(*values, {}) : values.status();
  if (!plan.ok()) __builtin_trap();
  solve.values = *values;
  solve.canonical = plan->canonical_parameters;
  std::filesystem::remove_all(Output() + ".checkpoint");
  {
    auto checkpoint = OpenCheckpoint(solve, CheckpointFolder::Mode::kFresh);
    retro::WorkContext context = retro::fuzz::SingleThreadContext();
    context.checkpoint = checkpoint.get();
    retro::DatabaseBuilder builder;
    if (!solve.module->Solve(solve.values, context, builder).ok()) __builtin_trap();
    for (const auto& entry : std::filesystem::directory_iterator(checkpoint->folder())) {
      if (entry.path().extension() == ".slice") solve.slices.push_back(entry.path().stem());
    }
    std::sort(solve.slices.begin(), solve.slices.end());
    if (solve.slices.empty() || !checkpoint->Remove().ok()) __builtin_trap();
  }
  return solve;
}

// The two solves, prepared on first use. Retro's file writer installs, on
// its first use, handlers that remove its temporaries on terminating
// signals (SIGALRM and SIGINT among them) and end the process: they would
// take the place of libFuzzer's (its -timeout alarm, its stop on SIGINT), so
// libFuzzer's are put back once retro's are in (retro installs them once).
const ResumedSolve& Solve(bool finite_horizon) {
  static const std::vector<ResumedSolve>* solves = [] {
    constexpr int kSignals[] = {SIGINT,  SIGTERM, SIGHUP,  SIGPIPE, SIGQUIT,   SIGUSR1,
                                SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF};
    struct sigaction saved[std::size(kSignals)];
    for (size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], nullptr, &saved[i]);
    auto* made =
        new std::vector<ResumedSolve>{Prepare("surakarta", {{"pieces", "2"}}),
                                      Prepare("oware", {{"seeds", "3"}, {"turn-limit", "10"}})};
    for (size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &saved[i], nullptr);
    return made;
  }();
  return (*solves)[finite_horizon ? 1 : 0];
}

// The parts of a snapshot: u32 length, then that many bytes, up to 8.
std::vector<std::span<const uint8_t>> Parts(std::span<const uint8_t> bytes) {
  std::vector<std::span<const uint8_t>> parts;
  while (bytes.size() >= 4 && parts.size() < 8) {
    uint32_t length = 0;
    std::memcpy(&length, bytes.data(), 4);
    bytes = bytes.subspan(4);
    length = std::min<uint32_t>(length, static_cast<uint32_t>(bytes.size()));
    parts.push_back(bytes.subspan(0, length));
    bytes = bytes.subspan(length);
  }
  return parts;
}

void Resume(uint8_t kind, uint8_t choice, std::span<const uint8_t> bytes) {
  const ResumedSolve& solve = Solve(choice & 1);
  const std::string& slice = solve.slices[(choice >> 1) % solve.slices.size()];
  std::filesystem::remove_all(Output() + ".checkpoint");
  {
    auto checkpoint = OpenCheckpoint(solve, CheckpointFolder::Mode::kFresh);
    const absl::Status saved =
        kind == 1 ? checkpoint->Save(slice, bytes) : checkpoint->SaveSnapshot(slice, Parts(bytes));
    if (!saved.ok()) __builtin_trap();
  }
  auto checkpoint = OpenCheckpoint(solve, CheckpointFolder::Mode::kResume);
  retro::WorkContext context = retro::fuzz::SingleThreadContext();
  context.checkpoint = checkpoint.get();
  retro::DatabaseBuilder builder;
  (void)solve.module->Solve(solve.values, context, builder);
  (void)checkpoint->Remove();
}

void ReadMarker(std::string_view text) {
  const auto marker = retro::internal::ParseMarker(std::string(text));
  if (!marker.ok()) return;
  const auto again = retro::internal::ParseMarker(retro::internal::MarkerText(*marker));
  if (!again.ok() || again->game != marker->game || again->plugin_abi != marker->plugin_abi ||
      again->data_version != marker->data_version || again->parameters != marker->parameters ||
      again->run != marker->run) {
    __builtin_trap();  // the text written for a marker does not read back as it
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t kind = data[0] % 3;
  if (kind == 0) {
    ReadMarker(std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
  } else if (size >= 2) {
    Resume(kind, data[1], std::span<const uint8_t>(data + 2, size - 2));
  }
  return 0;
}
