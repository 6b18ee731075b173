// Encoding and reading the slices of a Plakoto pin-distance database file.
#include "plugins/plakoto/pin_file.h"

#include <bit>
#include <cstring>
#include <span>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "games/plakoto/bearoff_indexer.h"
#include "plugins/plakoto/rules.h"
#include "retro/kit/chance_file.h"
#include "retro/kit/chance_reader.h"
#include "retro/status_macros.h"

namespace retro::plakoto {

static_assert(std::endian::native == std::endian::little,
              "the slices are little-endian and copied as they are");

absl::StatusOr<std::unique_ptr<PinFile>> PinFile::Open(const std::string& path) {
  // The layout (FromFile) before the slice checksums: a file claiming a
  // huge slice is refused before it is read.
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseFile> file,
                         DatabaseFile::Open(path, /*verify_slices=*/false));
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<PinFile> pins, FromFile(*file));
  if (const absl::Status checksums = file->VerifySlices(); !checksums.ok()) {
    return absl::Status(checksums.code(), absl::StrCat(path, ": ", checksums.message()));
  }
  pins->owned_file_ = std::move(file);
  return pins;
}

absl::StatusOr<std::unique_ptr<PinFile>> PinFile::FromFile(const DatabaseFile& file) {
  // 1. Identity and header parameters, strictly.
  const DatabaseIdentity& id = file.identity();
  if (id.game != "plakoto") {
    return absl::FailedPreconditionError(
        absl::StrCat("not a plakoto database: it was made by game '", id.game, "'"));
  }
  if (id.data_version != kPinFileDataVersion || id.codec != kPinFileCodec) {
    return absl::FailedPreconditionError(absl::StrCat(
        "unsupported plakoto database layout (data version ", id.data_version, ", codec '",
        id.codec, "'); this build reads version ", kPinFileDataVersion, " '", kPinFileCodec, "'"));
  }
  // 2. Header, slices, sizes and every record: the kit's checks, as the
  //    plugin's Open runs them.
  RETRO_ASSIGN_OR_RETURN(kit::ChanceFileContents<PinRules> contents,
                         kit::ReadChanceFile<PinRules>(PinGameInfo(), file));
  std::unique_ptr<PinFile> result(new PinFile());
  result->points_ = contents.rules->points();
  result->pins_ = contents.rules->pins();
  result->distribution_turns_ = contents.rules->turns();
  result->databases_.resize(kMaxPin + 1);
  result->distributions_.assign(kMaxPin + 1, nullptr);
  for (size_t k = 0; k < result->pins_.size(); ++k) {
    const int p = result->pins_[k];
    RETRO_ASSIGN_OR_RETURN(
        PinDatabase db, PinDatabase::FromValues(result->points_, p, std::move(contents.values[k])));
    result->databases_[p] = std::make_unique<PinDatabase>(std::move(db));
    if (result->distribution_turns_ > 0) {
      result->distributions_[p] = contents.companions[k][0].data();
    }
  }
  return result;
}

const PinDatabase* PinFile::Find(int points, int pin) const {
  if (points != points_ || pin < kMinPin || pin > kMaxPin) return nullptr;
  return databases_[pin].get();
}

absl::StatusOr<const PinDatabase*> PinFile::DatabaseOf(const Position& position) const {
  RETRO_RETURN_IF_ERROR(ValidatePosition(position));
  const PinDatabase* db = Find(position.points, position.pin);
  if (db == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("this database holds P = ", points_, ", pin ",
                     pins_.size() == 1 ? "point " : "points ", absl::StrJoin(pins_, ","),
                     "; the position has P = ", position.points, ", pin point ", position.pin));
  }
  return db;
}

std::vector<float> PinFile::Distribution(int pin, uint64_t index) const {
  std::vector<float> row(distribution_turns_);
  std::memcpy(row.data(), distributions_[pin] + index * distribution_turns_ * sizeof(float),
              row.size() * sizeof(float));
  return row;
}

}  // namespace retro::plakoto
