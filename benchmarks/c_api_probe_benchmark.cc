// A probe through the C API (retro/c/retro.h) against the game's own C++
// reader, in one run, warm, on random positions of each database:
//   oware 9 seeds     Book::Value (final values indexed) | retro_probe_value
//                     (text) | retro_probe_value_cells | retro_probe_values_cells
//                     (batches of 1,024) | retro_probe_json
//   Surakarta 1..5    DtcTables::Value | text | cells | cells in batches,
//                     FuChou and symmetric indexers, fast and small layouts
//   Plakoto 12        PinFile's value | text
// and retro_open of oware books of 9 and 16 seeds.
// The databases are solved once by `retro solve` into $TMPDIR/retro_c_api_bench
// (the retro command of this build) and reused by later runs.
//
//   taskset -c 1 c_api_probe_benchmark
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/notation.h"
#include "games/plakoto/notation.h"
#include "games/surakarta/notation.h"
#include "plugins/oware/book.h"
#include "plugins/plakoto/pin_file.h"
#include "plugins/surakarta/dtc_tables.h"
#include "retro/c/retro.h"

namespace retro {
namespace {

constexpr int kQueries = 1 << 14;  // positions cycled through

// The path of the database `name`.retro, solved with `arguments` on first
// use.
std::string Database(const std::string& name, const std::string& arguments) {
  const char* tmp = std::getenv("TMPDIR");
  const std::string dir = std::string(tmp != nullptr ? tmp : "/tmp") + "/retro_c_api_bench";
  const std::string path = dir + "/" + name + ".retro";
  if (access(path.c_str(), R_OK) == 0) return path;
  const std::string command = "mkdir -p " + dir + " && " RETRO_COMMAND " solve " + arguments +
                              " --out " + path + " > /dev/null";
  if (std::system(command.c_str()) != 0) std::abort();
  return path;
}

retro_db* OpenC(const std::string& path) {
  char error[512];
  retro_db* db = retro_open(path.c_str(), error, sizeof error);
  if (db == nullptr) std::abort();
  return db;
}

// Random oware boards of 1..9 seeds, each count as likely, uniform within it.
std::vector<oware::Board> OwareBoards() {
  const oware::ColexIndexer indexer(9);
  std::mt19937_64 random(7);
  std::vector<oware::Board> boards(kQueries);
  for (oware::Board& board : boards) {
    const int n = 1 + static_cast<int>(random() % 9);
    board = indexer.Unrank(n, random() % indexer.Size(n));
  }
  return boards;
}

struct OwareQueries {
  std::string path = Database("oware-9", "--game oware --seeds 9");
  std::vector<oware::Board> boards = OwareBoards();
  std::vector<std::string> texts;
  std::vector<int32_t> cells;
  OwareQueries() {
    for (const oware::Board& board : boards) {
      texts.push_back(oware::FormatBoard(board));
      for (uint8_t seeds : board.houses) cells.push_back(seeds);
    }
  }
};
const OwareQueries& Oware() {
  static const auto* queries = new OwareQueries;
  return *queries;
}

// retro_probe_value of each text in turn, on the database at `path`.
void TimeText(benchmark::State& state, const std::string& path,
              const std::vector<std::string>& texts) {
  retro_db* db = OpenC(path);
  double value;
  size_t i = 0;
  for (auto _ : state) {
    if (retro_probe_value(db, texts[i++ % texts.size()].c_str(), nullptr, &value) != 0) {
      state.SkipWithError(retro_last_error());
    }
  }
  retro_close(db);
}

// retro_probe_value_cells of each position of `cells` (`per` integers
// each) in turn, or with `batch` > 1 retro_probe_values_cells of `batch`
// positions at a time (the time is then per position).
void TimeCells(benchmark::State& state, const std::string& path, const std::vector<int32_t>& cells,
               size_t per, size_t batch) {
  retro_db* db = OpenC(path);
  const size_t count = cells.size() / per;
  std::vector<double> values(batch);
  size_t first = 0;
  for (auto _ : state) {
    const int status =
        batch == 1 ? retro_probe_value_cells(db, &cells[first * per], per, nullptr, values.data())
                   : retro_probe_values_cells(db, &cells[first * per], per, batch, nullptr,
                                              values.data(), nullptr);
    if (status != 0) state.SkipWithError(retro_last_error());
    first = (first + batch) % count;
  }
  state.SetItemsProcessed(state.iterations() * batch);
  retro_close(db);
}

// The C++ reader at the book's horizon (plies-left "book"), final values
// indexed: what an engine linking the reader gets.
void BM_OwareReader(benchmark::State& state) {
  const OwareQueries& q = Oware();
  auto book = oware::Book::Open(q.path);
  (*book)->IndexFinalValues();
  const int t = (*book)->turn_limit();
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize((*book)->Value(q.boards[i++ & (kQueries - 1)], t));
  }
}
BENCHMARK(BM_OwareReader);

void BM_OwareCText(benchmark::State& state) { TimeText(state, Oware().path, Oware().texts); }
BENCHMARK(BM_OwareCText);

void BM_OwareCCells(benchmark::State& state) {
  TimeCells(state, Oware().path, Oware().cells, 12, 1);
}
BENCHMARK(BM_OwareCCells);

// One handle probed by every thread at once, as an engine's search threads
// share a book (->Threads(2): each thread's time a probe, the threads
// starting at different boards). The handle is opened once and kept.
void BM_OwareCCellsShared(benchmark::State& state) {
  static retro_db* const shared = OpenC(Oware().path);
  const std::vector<int32_t>& cells = Oware().cells;
  const size_t count = cells.size() / 12;
  size_t first = static_cast<size_t>(state.thread_index()) * 4099 % count;
  double value = 0;
  for (auto _ : state) {
    if (retro_probe_value_cells(shared, &cells[first * 12], 12, nullptr, &value) != 0) {
      state.SkipWithError(retro_last_error());
    }
    first = (first + 1) % count;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OwareCCellsShared)->Threads(1)->Threads(2);

// Batches of 1,024 boards; the time is per board.
void BM_OwareCCellsBatch(benchmark::State& state) {
  TimeCells(state, Oware().path, Oware().cells, 12, 1024);
}
BENCHMARK(BM_OwareCCellsBatch);

// The full JSON answer, for scale.
void BM_OwareCJson(benchmark::State& state) {
  const OwareQueries& q = Oware();
  retro_db* db = OpenC(q.path);
  std::vector<char> out(1 << 14);
  size_t i = 0;
  for (auto _ : state) {
    if (retro_probe_json(db, q.texts[i++ & (kQueries - 1)].c_str(), nullptr, out.data(),
                         out.size()) != 0) {
      state.SkipWithError(retro_last_error());
    }
  }
  retro_close(db);
}
BENCHMARK(BM_OwareCJson);

// retro_open and retro_close of an oware book of `seeds` seeds (16: about
// 300 MB, solved once in about a minute), warm in the page cache.
void BM_OwareOpen(benchmark::State& state) {
  const int seeds = static_cast<int>(state.range(0));
  const std::string path = Database("oware-" + std::to_string(seeds),
                                    "--game oware --seeds " + std::to_string(seeds));
  for (auto _ : state) retro_close(OpenC(path));
}
BENCHMARK(BM_OwareOpen)->ArgName("seeds")->Arg(9)->Arg(16)->Unit(benchmark::kMillisecond);

// Random Surakarta positions of 2..5 pieces, both sides present, in the
// file the arguments name: FuChou or symmetric indexer (`symmetric`), the
// fast or the small file layout (`small`).
struct SurakartaQueries {
  std::string path;
  std::vector<surakarta::Position> positions;
  std::vector<std::string> texts;
  std::vector<int32_t> cells;
  SurakartaQueries(bool symmetric, bool small)
      : path(Database(absl::StrCat("surakarta-5", symmetric ? "-symmetric" : "",
                                   small ? "-small" : ""),
                      absl::StrCat("--game surakarta --pieces 5",
                                   symmetric ? " --indexer symmetric" : "",
                                   small ? " --layout small" : ""))) {
    std::mt19937_64 random(7);
    for (int k = 0; k < kQueries; ++k) {
      std::vector<int32_t> board(36, 0);
      const int pieces = 2 + static_cast<int>(random() % 4);
      for (int placed = 0; placed < pieces;) {
        const int square = static_cast<int>(random() % 36);
        if (board[square] != 0) continue;
        board[square] = placed < 2 ? 1 + placed : 1 + static_cast<int>(random() % 2);
        ++placed;
      }
      board.push_back(1 + static_cast<int>(random() % 2));
      const surakarta::Position p = *surakarta::PositionFromCells(board);
      positions.push_back(p);
      texts.push_back(surakarta::FormatPosition(p));
      cells.insert(cells.end(), board.begin(), board.end());
    }
  }
};
// The queries of a benchmark's arguments (symmetric, small), made once each.
const SurakartaQueries& Surakarta(const benchmark::State& state) {
  static auto* const made = new std::map<std::pair<bool, bool>, SurakartaQueries>();
  const std::pair<bool, bool> key(state.range(0) != 0, state.range(1) != 0);
  auto it = made->find(key);
  if (it == made->end()) it = made->try_emplace(key, key.first, key.second).first;
  return it->second;
}

// The files: FuChou fast, symmetric fast, FuChou small, symmetric small.
void SurakartaFiles(benchmark::internal::Benchmark* b) {
  b->ArgNames({"symmetric", "small"});
  for (const int small : {0, 1}) {
    for (const int symmetric : {0, 1}) b->Args({symmetric, small});
  }
}

void BM_SurakartaReader(benchmark::State& state) {
  const SurakartaQueries& q = Surakarta(state);
  auto tables = surakarta::DtcTables::Open(q.path);
  size_t i = 0;
  for (auto _ : state) {
    const surakarta::Position& p = q.positions[i++ & (kQueries - 1)];
    benchmark::DoNotOptimize((*tables)->Value(p.us, p.them));
  }
}
BENCHMARK(BM_SurakartaReader)->Apply(SurakartaFiles);

void BM_SurakartaCText(benchmark::State& state) {
  const SurakartaQueries& q = Surakarta(state);
  TimeText(state, q.path, q.texts);
}
BENCHMARK(BM_SurakartaCText)->Apply(SurakartaFiles);

void BM_SurakartaCCells(benchmark::State& state) {
  const SurakartaQueries& q = Surakarta(state);
  TimeCells(state, q.path, q.cells, 37, 1);
}
BENCHMARK(BM_SurakartaCCells)->Apply(SurakartaFiles);

// Batches of 1,024 positions; the time is per position.
void BM_SurakartaCCellsBatch(benchmark::State& state) {
  const SurakartaQueries& q = Surakarta(state);
  TimeCells(state, q.path, q.cells, 37, 1024);
}
BENCHMARK(BM_SurakartaCCellsBatch)->Apply(SurakartaFiles);

// Plakoto P = 12: random positions of the database (records of its value
// slices, in their notation).
struct PlakotoQueries {
  std::string path = Database("plakoto-12", "--game plakoto --points 12");
  std::unique_ptr<plakoto::PinFile> file = *plakoto::PinFile::Open(path);
  std::vector<std::string> texts;
  std::vector<plakoto::Position> positions;
  PlakotoQueries() {
    std::mt19937_64 random(7);
    for (int k = 0; k < kQueries; ++k) {
      const int pin = file->pins()[random() % file->pins().size()];
      const plakoto::PinDatabase* db = file->Find(12, pin);
      positions.push_back(db->PositionAt(random() % db->size()));
      texts.push_back(plakoto::FormatPosition(positions.back()));
    }
  }
};
const PlakotoQueries& Plakoto() {
  static const auto* queries = new PlakotoQueries;
  return *queries;
}

void BM_PlakotoReader(benchmark::State& state) {
  const PlakotoQueries& q = Plakoto();
  size_t i = 0;
  for (auto _ : state) {
    const plakoto::Position& p = q.positions[i++ & (kQueries - 1)];
    benchmark::DoNotOptimize(q.file->Find(12, p.pin)->Value(p));
  }
}
BENCHMARK(BM_PlakotoReader);

void BM_PlakotoCText(benchmark::State& state) { TimeText(state, Plakoto().path, Plakoto().texts); }
BENCHMARK(BM_PlakotoCText);

}  // namespace
}  // namespace retro

BENCHMARK_MAIN();
