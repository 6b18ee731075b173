// What reading a database into memory costs against mapping it
// (DatabaseFile, retro/database.h; docs/probing.md): opening a file of 64
// and 512 MiB with its checksums, each way, and a random byte read of an
// opened slice (what a probe does per lookup), each way.
//
//   database_open_benchmark --benchmark_min_time=0.5
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "retro/database.h"
#include "retro/host/atomic_file_writer.h"

namespace retro {
namespace {

// A database of one slice of `megabytes` MiB of pseudo-random bytes, written
// once per size into the temporary folder; its path.
std::string TestFile(int megabytes) {
  const char* tmp = std::getenv("TMPDIR");
  const std::string path = std::string(tmp != nullptr ? tmp : "/tmp") +
                           "/retro_open_benchmark_" + std::to_string(megabytes) + ".retro";
  if (access(path.c_str(), R_OK) == 0) return path;
  std::vector<uint8_t> bytes(static_cast<size_t>(megabytes) << 20);
  std::mt19937_64 random(1);
  for (size_t i = 0; i + 8 <= bytes.size(); i += 8) {
    const uint64_t word = random();
    for (int b = 0; b < 8; ++b) bytes[i + b] = static_cast<uint8_t>(word >> (8 * b));
  }
  DatabaseBuilder builder;
  builder.SetCodec("benchmark-bytes");
  builder.AddSlice("bytes", std::move(bytes));
  auto writer = AtomicFileWriter::Create(path);
  if (!writer.ok() || !(*writer)->Commit({"benchmark", 1, 1, "benchmark-bytes"}, builder).ok()) {
    std::abort();
  }
  return path;
}

// The read limit of the next opens: 0 maps every file, 4 GiB reads both
// sizes.
void SetMode(bool mapped) {
  setenv("RETRO_DATABASE_READ_LIMIT_MB", mapped ? "0" : "4096", 1);
}

// Arguments: megabytes, mapped (0: read into memory, 1: mapped).
void BM_OpenDatabase(benchmark::State& state) {
  const std::string path = TestFile(static_cast<int>(state.range(0)));
  SetMode(state.range(1) != 0);
  for (auto _ : state) {
    auto file = DatabaseFile::Open(path);
    if (!file.ok()) state.SkipWithError("cannot open");
    benchmark::DoNotOptimize(file);
  }
  state.SetBytesProcessed(state.iterations() * (state.range(0) << 20));
  unsetenv("RETRO_DATABASE_READ_LIMIT_MB");
}
BENCHMARK(BM_OpenDatabase)
    ->ArgNames({"MiB", "mapped"})
    ->Args({64, 0})
    ->Args({64, 1})
    ->Args({512, 0})
    ->Args({512, 1})
    ->Unit(benchmark::kMillisecond);

// A random byte of a 512 MiB slice, after open; the sum keeps the reads.
// Arguments: mapped; faulted_check (1: DatabaseFile::Faulted() after each
// read, what the C API, Python and explore add per probe).
void BM_RandomRead(benchmark::State& state) {
  const std::string path = TestFile(512);
  SetMode(state.range(0) != 0);
  auto file = DatabaseFile::Open(path);
  unsetenv("RETRO_DATABASE_READ_LIMIT_MB");
  if (!file.ok()) {
    state.SkipWithError("cannot open");
    return;
  }
  const std::span<const uint8_t> bytes = (*file)->SliceBytes(0);
  const bool check = state.range(1) != 0;
  uint64_t x = 12345, sum = 0;
  for (auto _ : state) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    sum += bytes[(x >> 20) % bytes.size()];
    if (check && (*file)->Faulted()) sum = 0;
  }
  benchmark::DoNotOptimize(sum);
}
BENCHMARK(BM_RandomRead)
    ->ArgNames({"mapped", "faulted_check"})
    ->Args({0, 0})
    ->Args({1, 0})
    ->Args({0, 1})
    ->Args({1, 1});

}  // namespace
}  // namespace retro

BENCHMARK_MAIN();
