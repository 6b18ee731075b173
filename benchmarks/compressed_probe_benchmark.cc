// Google Benchmark suite of lookups in block-compressed slices
// (retro/format/wdl/compressed_slice.h) against raw ones: Surakarta tables of
// 1..5 pieces (FuChou order, about 12.5 MiB) are built in memory, compressed
// as `retro solve --layout small` writes them, and probed through the loopy
// kit's reader (LoopyWdlTables) both ways:
//
//   BM_Value/raw, BM_Value/warm   one position's value, random positions
//                                 inside a few blocks (the cache holds them)
//   BM_Value/cold                 random positions all over the tables with
//                                 a cache of 16 blocks: nearly every lookup
//                                 decompresses a block
//   BM_DecompressBlock            one 64 KiB block, the cost of a miss
//   BM_Moves/raw, BM_Moves/warm   a batch: every move of a position valued
//                                 (one lookup per move)
//
//   build/bin/compressed_probe_benchmark --benchmark_min_time=0.2
#include "benchmark/benchmark.h"

#include <cstdint>
#include <memory>
#include <random>
#include <span>
#include <vector>

#include "plugins/surakarta/rules.h"
#include "plugins/surakarta/tablebase.h"
#include "retro/format/wdl/byte_records.h"
#include "retro/format/wdl/compressed_slice.h"
#include "retro/format/wdl/write/compressed_slice_writer.h"
#include "retro/kit/loopy_wdl_reader.h"

namespace retro::surakarta {
namespace {

using Tables = kit::LoopyWdlTables<SurakartaRules>;
constexpr int kPieces = 5;

// The raw tables and their compressed slices, built once.
struct Fixture {
  Fixture() {
    ThreadPool pool(2);
    tablebase = std::make_unique<Tablebase>(Tablebase::Build({.max_pieces = kPieces}).value());
    for (int n = 1; n <= kPieces; ++n) {
      raw.emplace_back(tablebase->table(n));
      compressed_bytes.push_back(CompressSlice(raw.back(), pool).value());
    }
    for (int n = 1; n <= kPieces; ++n) {
      slices.push_back(CompressedSlice::Open(DtcSliceName(n), compressed_bytes[n - 1]).value());
    }
  }
  SurakartaRules Rules() const { return SurakartaRules(kPieces, NoMoveRule::kLoss, TableIndexing::kFuChou); }
  // Random positions of the largest table, inside its first `blocks` blocks
  // (0: anywhere).
  std::vector<Position> Positions(uint64_t blocks, int count) const {
    const SurakartaRules rules = Rules();
    const uint64_t size = rules.slice_size(kPieces - 1);
    const uint64_t span = blocks == 0 ? size : std::min(size, blocks * kDefaultCompressedBlockBytes);
    std::mt19937_64 random(7);
    std::vector<Position> positions;
    while (static_cast<int>(positions.size()) < count) {
      const Position p = rules.Unrank(kPieces - 1, random() % span);
      if (!rules.Outcome(p).has_value()) positions.push_back(p);
    }
    return positions;
  }

  std::unique_ptr<Tablebase> tablebase;
  std::vector<std::span<const uint8_t>> raw;
  std::vector<std::vector<uint8_t>> compressed_bytes;
  std::vector<CompressedSlice> slices;
};

const Fixture& Shared() {
  static const Fixture* fixture = new Fixture();
  return *fixture;
}

enum Kind { kRaw, kWarm, kCold };

Tables TablesOf(Kind kind) {
  const Fixture& f = Shared();
  if (kind == kRaw) return Tables(f.Rules(), ByteRecords(f.raw));
  const uint64_t cache = kind == kCold ? 16 * kDefaultCompressedBlockBytes : kDefaultBlockCacheBytes;
  return Tables(f.Rules(), ByteRecords(f.slices, 255, cache));
}

void BM_Value(benchmark::State& state) {
  const Kind kind = static_cast<Kind>(state.range(0));
  const Tables tables = TablesOf(kind);
  const std::vector<Position> positions = Shared().Positions(kind == kCold ? 0 : 4, 4096);
  size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(tables.Value(positions[k++ & 4095]));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Value)->Arg(kRaw)->Arg(kWarm)->Arg(kCold)->ArgName("raw0_warm1_cold2");

void BM_Moves(benchmark::State& state) {
  const Kind kind = static_cast<Kind>(state.range(0));
  const Tables tables = TablesOf(kind);
  const SurakartaRules& rules = tables.rules();
  const std::vector<Position> positions = Shared().Positions(kind == kCold ? 0 : 4, 4096);
  size_t k = 0;
  uint64_t moves = 0;
  for (auto _ : state) {
    const Position& p = positions[k++ & 4095];
    rules.ForEachMove(p, [&](const Move&, const Position& child) {
      benchmark::DoNotOptimize(tables.MoveValue(kPieces - 1, child));
      ++moves;
    });
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["lookups_per_batch"] =
      benchmark::Counter(static_cast<double>(moves) / state.iterations());
}
BENCHMARK(BM_Moves)->Arg(kRaw)->Arg(kWarm)->Arg(kCold)->ArgName("raw0_warm1_cold2");

void BM_DecompressBlock(benchmark::State& state) {
  const CompressedSlice& slice = Shared().slices[kPieces - 1];
  std::vector<uint8_t> out(slice.block_bytes());
  BlockDecompressor decompressor;
  uint64_t block = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(slice.Decompress(block, out.data(), decompressor).ok());
    block = (block + 7) % slice.block_count();
  }
  state.SetBytesProcessed(state.iterations() * slice.block_bytes());
}
BENCHMARK(BM_DecompressBlock);

}  // namespace
}  // namespace retro::surakarta

BENCHMARK_MAIN();
