// How a Surakarta tablebase numbers its positions: one byte per placement
// or one per symmetry class (the `--indexer` parameter; rules.h maps it to
// the indexers and codecs).
#ifndef PLUGINS_SURAKARTA_TABLE_INDEXING_H_
#define PLUGINS_SURAKARTA_TABLE_INDEXING_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace retro::surakarta {

// The largest table of each layout. FuChou: one byte per position plus the
// solver's per-position memory (a byte of open-move counters and the
// frontier lists, 8 bytes per position of a level): 7 pieces (1.07 billion
// positions) need about 8 GB, 8 (7.7 billion) about 55 GB (the measured
// peaks are in docs/games/surakarta.md). Symmetric: nine pieces
// (about 6.0 billion classes, a job for several machines:
// docs/distributed.md); whether a job fits is the plan's to say.
inline constexpr int kMaxTablePieces = 7;
inline constexpr int kMaxClassTablePieces = 9;

// How a tablebase numbers its positions.
enum class TableIndexing {
  kFuChou,     // one byte per placement, FuChouIndexer order
  kSymmetric,  // one byte per symmetry class, SymmetricIndexer order
};

// "fuchou" / "symmetric", and back (the error lists the valid names).
std::string TableIndexingName(TableIndexing indexing);
absl::StatusOr<TableIndexing> ParseTableIndexing(std::string_view name);

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_TABLE_INDEXING_H_
