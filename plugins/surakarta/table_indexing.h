// How a Surakarta tablebase numbers its positions: one byte per placement
// or one per symmetry class (the `--indexer` parameter; rules.h maps it to
// the indexers and codecs).
#ifndef PLUGINS_SURAKARTA_TABLE_INDEXING_H_
#define PLUGINS_SURAKARTA_TABLE_INDEXING_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace retro::surakarta {

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
