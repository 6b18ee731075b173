// Compares two oware books value by value: every board of every seed count
// they share, every number of plies left (each board's list of changes,
// which fixes V_t for every t). Solver statistics (evaluations) and the
// layout (bit- or byte-coded) are ignored, so a book from another solver
// method or layout can be checked against a reference book.
//
//   oware_book_diff A.retro B.retro
//
// Prints the first difference and exits 1, or prints the count of boards
// and changes compared and exits 0; exit 2 when a book cannot be opened or
// the two books' rules differ.
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

#include "plugins/oware/book.h"

namespace {

using retro::FiniteHorizonStoreView;

std::vector<std::pair<uint32_t, int>> Changes(const FiniteHorizonStoreView& store, uint64_t s) {
  std::vector<std::pair<uint32_t, int>> list;
  store.ForEachChange(s, [&](uint32_t layer, int value) {
    list.emplace_back(layer, value);
    return true;
  });
  return list;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s A.retro B.retro\n", argv[0]);
    return 2;
  }
  auto a = retro::oware::Book::Open(argv[1]);
  auto b = retro::oware::Book::Open(argv[2]);
  for (const auto* book : {&a, &b}) {
    if (!book->ok()) {
      std::fprintf(stderr, "%s\n", std::string(book->status().message()).c_str());
      return 2;
    }
  }
  const retro::oware::Book& x = **a;
  const retro::oware::Book& y = **b;
  if (x.turn_limit() != y.turn_limit() || x.rules().grand_slam != y.rules().grand_slam ||
      x.rules().at_limit != y.rules().at_limit) {
    std::fprintf(stderr, "the books' rules differ\n");
    return 2;
  }
  const int seeds = std::min(x.seeds(), y.seeds());
  uint64_t boards = 0, changes = 0;
  for (int n = 0; n <= seeds; ++n) {
    const FiniteHorizonStoreView& sx = x.store(n);
    const FiniteHorizonStoreView& sy = y.store(n);
    for (uint64_t s = 0; s < sx.states(); ++s) {
      const auto lx = Changes(sx, s);
      if (lx != Changes(sy, s)) {
        std::printf("seeds %d board %llu: the books differ\n", n,
                    static_cast<unsigned long long>(s));
        return 1;
      }
      changes += lx.size();
    }
    boards += sx.states();
  }
  std::printf("identical: %llu boards of 0..%d seeds, %llu changes\n",
              static_cast<unsigned long long>(boards), seeds,
              static_cast<unsigned long long>(changes));
  return 0;
}
