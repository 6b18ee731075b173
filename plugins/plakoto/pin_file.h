// The layout of a Plakoto pin-distance database file, and a reader for bots
// that probe the databases from their own code:
//
//   auto file = retro::plakoto::PinFile::Open("plakoto-12.retro");
//   if (!file.ok()) { ... }
//   absl::StatusOr<Position> pos = ParsePosition("p=4 10 0 0 2 1 1 0 0 0 0 0 0");
//   const PinDatabase* db = (*file)->Find(pos->points, pos->pin);  // null: not held
//   double d = *db->Value(*pos);                  // D, the current turn counted
//   auto rolls = db->AnalyzeRolls(*pos);          // best play of each roll
//
// One file holds the databases of one board size P (6 or 12) for one or all
// pin points 2..6. Slice "p<P>-pin<p>" holds D of every position of (P, p)
// as little-endian IEEE doubles, record i being the position whose 13 free
// checkers have bearoff rank i (games/plakoto/bearoff_indexer.h). With a turn
// distribution of T turns, slice "p<P>-pin<p>-turns" holds for every record
// P(T = t), t = 1..T, as T little-endian floats (turn_distribution.h).
// Header parameters: points, pin ("all" or 2..6), distribution ("none" or T).
// Link with the `retro_plakoto_reader` CMake target.
#ifndef PLUGINS_PLAKOTO_PIN_FILE_H_
#define PLUGINS_PLAKOTO_PIN_FILE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "games/plakoto/position.h"
#include "plugins/plakoto/pin_database.h"
#include "retro/database.h"

namespace retro::plakoto {

// The version of the file's data layout (slices and codec); part of the
// database identity, bumped whenever the layout changes.
inline constexpr uint32_t kPinFileDataVersion = 1;
inline constexpr char kPinFileCodec[] = "plakoto-pin-distance-f64le-v1";
// The largest turn distribution the parameters allow, and the board size
// turn distributions are built for (see docs/games/plakoto.md: P = 12 takes
// minutes per pin point on one thread and 639 MB per pin point at 64 turns).
inline constexpr int kMaxDistributionTurns = 4096;
inline constexpr int kMaxDistributionPoints = 6;

// The databases of one file, validated.
class PinFile {
 public:
  // Opens a database file and checks it (container, layout, every value).
  //   Parameters: path, a file written by `retro solve --game plakoto`.
  //   Returns: the file's databases, owning the memory-mapped file.
  //   Errors: the container reader's (missing or unreadable file, bad
  //     checksum, another game) and FromFile's.
  //   Thread safety: any thread; the result is then read-only.
  //   Cost: root only (maps the file, one pass over the values).
  static absl::StatusOr<std::unique_ptr<PinFile>> Open(const std::string& path);
  // Interprets an opened file.
  //   Parameters: file, which must outlive the result.
  //   Returns: the file's databases.
  //   Errors: InvalidArgument or DataLoss from the checks of the header's
  //     parameters (strictly, in range, a distribution only for P = 6),
  //     that the slices are exactly those the parameters imply, each once
  //     and of the size they imply (all before any pass over the data, so
  //     the slice checksums need not be verified yet), then in one pass
  //     that every D is a finite number >= 1 and every probability a finite
  //     number in [0, 1], each record's summing to at most 1.
  //   Thread safety: any thread. Cost: root only (one pass over the values).
  static absl::StatusOr<std::unique_ptr<PinFile>> FromFile(const DatabaseFile& file);

  // The board size P, the pin points held (ascending), and the turns
  // stored per record in the turn distributions (0 when there are none).
  //   Returns: values of the header; no errors.
  //   Thread safety: any thread. Cost: fit for every node.
  int points() const { return points_; }
  const std::vector<int>& pins() const { return pins_; }
  int distribution_turns() const { return distribution_turns_; }

  // The database of (points, pin).
  //   Parameters: points, pin: any integers.
  //   Returns: the database (valid while the file lives), or null if this
  //     file does not hold it; no errors.
  //   Thread safety: any thread. Cost: fit for every node.
  const PinDatabase* Find(int points, int pin) const;
  // The database `position` belongs to.
  //   Parameters: position, any position.
  //   Returns: the database, valid while the file lives.
  //   Errors: InvalidArgument, naming what the file holds, when the
  //     position is invalid or of another P or pin.
  //   Thread safety: any thread. Cost: fit for every node.
  absl::StatusOr<const PinDatabase*> DatabaseOf(const Position& position) const;

  // P(T = t) for t = 1..distribution_turns() of a record.
  //   Parameters: pin, held; index, a record of its database; requires
  //     distribution_turns() > 0 (all unchecked).
  //   Returns: the probabilities, copied out of the mapped file; no errors.
  //   Thread safety: any thread.
  //   Cost: root only (allocates distribution_turns() floats).
  std::vector<float> Distribution(int pin, uint64_t index) const;

 private:
  PinFile() = default;

  std::unique_ptr<DatabaseFile> owned_file_;
  int points_ = 0;
  std::vector<int> pins_;
  int distribution_turns_ = 0;
  // Indexed by pin point (entries for pins not held are empty).
  std::vector<std::unique_ptr<PinDatabase>> databases_;
  std::vector<const uint8_t*> distributions_;
};

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_PIN_FILE_H_
