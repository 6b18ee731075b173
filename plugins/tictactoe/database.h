// The tic-tac-toe database: its layout and the object that answers `retro
// probe`, `retro stats` and `retro verify` on it.
//
// Layout (codec "tictactoe-wdl-byte-v1"): one slice, "positions", of
// kIndexCount bytes; byte i is the value of board Unrank(i) for the side to
// move in the loopy solver's codec (retro::EncodeWdl: 0 draw, 1 + d win in
// d plies, 128 + d loss in d plies), or kNotAPositionByte (255) when the
// board is not a legal position.
#ifndef TICTACTOE_DATABASE_H_
#define TICTACTOE_DATABASE_H_

#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "retro/database.h"
#include "retro/game_module.h"
#include "retro/solver/loopy_wdl.h"

namespace tictactoe {

inline constexpr char kCodec[] = "tictactoe-wdl-byte-v1";
inline constexpr char kSliceName[] = "positions";
// Bump when the layout above changes: older files are then refused.
inline constexpr uint32_t kDataVersion = 1;
inline constexpr uint8_t kNotAPositionByte = retro::kWdlUnknownByte;

// Checks that `file` (made by this game; its slice checksums not yet
// verified) has the layout above, every byte included, and returns the
// object answering probes on it. `file` must outlive the result.
absl::StatusOr<std::unique_ptr<retro::OpenDatabase>> OpenTicTacToeDatabase(
    const retro::DatabaseFile& file);

}  // namespace tictactoe

#endif  // TICTACTOE_DATABASE_H_
