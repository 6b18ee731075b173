// Solves an oware book in memory and serialises it as `retro solve` would,
// in the book's colex order whatever indexer the solve used: the one way the
// oware tests (book, indexing schemes, engine) make a book without the CLI.
#ifndef RETRO_TESTS_OWARE_SOLVED_BOOK_H_
#define RETRO_TESTS_OWARE_SOLVED_BOOK_H_

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "games/oware/colex_indexer.h"
#include "games/oware/incremental_indexer.h"
#include "games/oware/pext_indexer.h"
#include "gtest/gtest.h"
#include "plugins/oware/book.h"
#include "plugins/oware/book_rules.h"
#include "plugins/oware/solver_game.h"
#include "retro/database.h"
#include "retro/solver/finite_horizon.h"

namespace retro::oware {

// The database bytes of the `seeds`-seed book under `rules`, solved with
// `Indexer` on `threads` threads (empty, with a test failure, if the solve
// fails). Indexers that do not number boards in colex order have their
// stores permuted into it.
template <GrandSlam kGrandSlam, typename Indexer = ColexIndexer>
std::vector<uint8_t> SolveBookBytes(int seeds, const Rules& rules, int threads) {
  const Indexer indexer(seeds);
  const OwareSolverGame<kGrandSlam, Indexer> game(indexer, seeds, rules.at_limit);
  ThreadPool pool(threads);
  Progress progress;
  auto stores = solver::SolveFiniteHorizon(
      game, {.horizon = static_cast<uint32_t>(rules.turn_limit)},
      {.pool = &pool, .progress = &progress});
  EXPECT_TRUE(stores.ok()) << stores.status();
  if (!stores.ok()) return {};
  if constexpr (!std::is_same_v<Indexer, ColexIndexer> && !std::is_same_v<Indexer, PextIndexer> &&
                !std::is_same_v<Indexer, IncrementalIndexer>) {
    const ColexIndexer colex(seeds);
    for (int n = 0; n <= seeds; ++n) {
      auto view = FiniteHorizonStoreView::Open((*stores)[n]);
      EXPECT_TRUE(view.ok());
      (*stores)[n] = PermuteStore(
          *view, [&](uint64_t i) { return indexer.Rank(colex.Unrank(n, i)); }, pool);
    }
  }
  DatabaseBuilder builder;
  builder.SetCodec(kBookCodec);
  builder.SetParameter("seeds", std::to_string(seeds));
  builder.SetParameter("turn-limit", std::to_string(rules.turn_limit));
  builder.SetParameter("grand-slam", std::string(GrandSlamName(rules.grand_slam)));
  builder.SetParameter("at-limit", std::string(AtLimitName(rules.at_limit)));
  for (int n = 0; n <= seeds; ++n) builder.AddSlice(SliceName(n), std::move((*stores)[n]));
  return SerializeDatabase({"oware", 1, kBookDataVersion, kBookCodec}, builder);
}

// SolveBookBytes<rules.grand_slam, Indexer>.
template <typename Indexer = ColexIndexer>
std::vector<uint8_t> SolveBookBytesFor(int seeds, const Rules& rules, int threads) {
  switch (rules.grand_slam) {
    case GrandSlam::kCapture:
      return SolveBookBytes<GrandSlam::kCapture, Indexer>(seeds, rules, threads);
    case GrandSlam::kForcedOnly:
      return SolveBookBytes<GrandSlam::kForcedOnly, Indexer>(seeds, rules, threads);
    default:
      return SolveBookBytes<GrandSlam::kForfeit, Indexer>(seeds, rules, threads);
  }
}

// A book solved in memory and opened: its bytes, the file over them and
// the book over the file (each must outlive the next).
struct OpenedBook {
  std::vector<uint8_t> bytes;
  std::unique_ptr<DatabaseFile> file;
  std::unique_ptr<Book> book;  // null, with a test failure, if it did not open
};

// The `seeds`-seed book under `rules` (SolveBookBytesFor), opened as Book.
inline std::unique_ptr<OpenedBook> SolveOpenedBook(int seeds, const Rules& rules, int threads = 2) {
  auto opened = std::make_unique<OpenedBook>();
  opened->bytes = SolveBookBytesFor(seeds, rules, threads);
  auto file = DatabaseFile::FromBytes(opened->bytes);
  EXPECT_TRUE(file.ok()) << file.status();
  if (!file.ok()) return opened;
  opened->file = std::move(*file);
  auto book = Book::FromFile(*opened->file);
  EXPECT_TRUE(book.ok()) << book.status();
  if (book.ok()) opened->book = std::move(*book);
  return opened;
}

}  // namespace retro::oware

#endif  // RETRO_TESTS_OWARE_SOLVED_BOOK_H_
