// Fuzz target: the batch form of `retro probe` (no --position: one position
// per line of standard input, one result line per input line). The input's
// first line is "<seed>" (a game's name or "<game>-small", fuzz::GameOfSeed)
// followed by probe options as on the command line (e.g. "oware --json
// --plies-left 3"); the rest is standard input, probed in that tiny seed
// database. Every input line must give exactly one
// output line.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "cli/arguments.h"
#include "cli/commands.h"
#include "retro/parameters.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

// Where the results go: a memory buffer, so that the lines can be counted.
struct MemoryOutput {
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* file = open_memstream(&buffer, &size);
  ~MemoryOutput() {
    std::fclose(file);
    std::free(buffer);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retro;
  const auto [command, input] = fuzz::SplitFirstLine(data, size);
  std::vector<std::string> words = absl::StrSplit(command, ' ', absl::SkipEmpty());
  if (words.empty() || fuzz::FindGame(fuzz::GameOfSeed(words[0])) == nullptr) return -1;
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  auto args = cli::ParseArguments(static_cast<int>(argv.size()), argv.data(), 1, {"json"});
  if (!args.ok()) return 0;
  cli::DatabaseSession& session = fuzz::SeedDatabase(words[0]);
  auto options = ResolveParameters(session.plugin->module().Describe().probe_parameters,
                                   args->options, "fuzz");
  if (!options.ok()) return 0;
  std::string bytes(input);
  std::FILE* in = fmemopen(bytes.data(), bytes.size(), "r");
  if (in == nullptr) return 0;
  MemoryOutput out;
  const int status = cli::ProbeBatch(session, *options, args->Flag("json"), in,
                                     out.file);
  std::fclose(in);
  std::fflush(out.file);
  if (status == cli::kExitFailure) __builtin_trap();  // writing to memory cannot fail
  // The lines: one per '\n', plus a last one without it; a line longer
  // than the limit ends the batch (no count to compare).
  size_t lines = 0, length = 0;
  for (char c : input) {
    length = c == '\n' ? 0 : length + 1;
    if (length > cli::kMaxBatchLineBytes) return 0;
    lines += c == '\n';
  }
  if (!input.empty() && input.back() != '\n') ++lines;
  size_t results = 0;
  for (size_t i = 0; i < out.size; ++i) results += out.buffer[i] == '\n';
  if (results != lines) __builtin_trap();
  return 0;
}
