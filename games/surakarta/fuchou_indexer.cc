// Construction of FuChouIndexer (see fuchou_indexer.h).
#include "games/surakarta/fuchou_indexer.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace retro::surakarta {

FuChouIndexer::FuChouIndexer(int pieces)
    : pieces_(pieces),
      colour_mask_((uint64_t{1} << pieces) - 1),
      size_(Binomial(kSquares, pieces) << pieces) {}

absl::StatusOr<FuChouIndexer> FuChouIndexer::Create(int pieces) {
  if (pieces < 0 || pieces > kSquares) {
    return absl::InvalidArgumentError(absl::StrCat("bad piece count ", pieces,
                                                   ": a table holds 0 to ",
                                                   kSquares, " pieces"));
  }
  return FuChouIndexer(pieces);
}

}  // namespace retro::surakarta
