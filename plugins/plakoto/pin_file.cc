// Encoding and reading the slices of a Plakoto pin-distance database file.
#include "plugins/plakoto/pin_file.h"

#include <bit>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "games/plakoto/bearoff_indexer.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace retro::plakoto {

static_assert(std::endian::native == std::endian::little,
              "the slices are little-endian and copied as they are");

std::string ValueSliceName(int points, int pin) {
  return absl::StrCat("p", points, "-pin", pin);
}

std::string DistributionSliceName(int points, int pin) {
  return absl::StrCat(ValueSliceName(points, pin), "-turns");
}

std::vector<uint8_t> EncodeValues(const std::vector<double>& values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(double));
  if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

std::vector<uint8_t> EncodeDistribution(const TurnDistribution& distribution) {
  const uint64_t row = static_cast<uint64_t>(distribution.max_turns()) * sizeof(float);
  std::vector<uint8_t> bytes(distribution.size() * row);
  for (uint64_t i = 0; i < distribution.size(); ++i) {
    std::memcpy(bytes.data() + i * row, distribution.Of(i).data(), row);
  }
  return bytes;
}

absl::StatusOr<std::vector<int>> ParsePins(const std::string& text) {
  if (text == "all") return std::vector<int>{2, 3, 4, 5, 6};
  ParameterValues values{{"pin", text}};
  absl::StatusOr<int64_t> pin = GetIntParameter(values, "pin", kMinPin, kMaxPin);
  if (!pin.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid --pin '", text, "': must be a pin point 2..6 or 'all'"));
  }
  return std::vector<int>{static_cast<int>(*pin)};
}

absl::StatusOr<int> ParseDistributionTurns(const std::string& text) {
  if (text == "none") return 0;
  ParameterValues values{{"distribution", text}};
  absl::StatusOr<int64_t> turns =
      GetIntParameter(values, "distribution", 1, kMaxDistributionTurns);
  if (!turns.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid --distribution '", text,
                     "': must be 'none' or a number of turns 1..", kMaxDistributionTurns));
  }
  return static_cast<int>(*turns);
}

absl::StatusOr<std::unique_ptr<PinFile>> PinFile::Open(const std::string& path) {
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseFile> file, DatabaseFile::Open(path));
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<PinFile> pins, FromFile(*file));
  pins->owned_file_ = std::move(file);
  return pins;
}

absl::StatusOr<std::unique_ptr<PinFile>> PinFile::FromFile(const DatabaseFile& file) {
  // 1. Identity and header parameters.
  const DatabaseIdentity& id = file.identity();
  if (id.game != "plakoto") {
    return absl::FailedPreconditionError(
        absl::StrCat("not a plakoto database: it was made by game '", id.game, "'"));
  }
  if (id.data_version != kPinFileDataVersion || id.codec != kPinFileCodec) {
    return absl::FailedPreconditionError(absl::StrCat(
        "unsupported plakoto database layout (data version ", id.data_version, ", codec '",
        id.codec, "'); this build reads version ", kPinFileDataVersion, " '", kPinFileCodec,
        "'"));
  }
  ParameterValues values;
  for (const auto& [key, value] : file.parameters()) values[key] = value;
  for (const char* key : {"points", "pin", "distribution"}) {
    if (values.count(key) == 0) {
      return absl::DataLossError(
          absl::StrCat("plakoto database header lacks parameter '", key, "'"));
    }
  }
  std::unique_ptr<PinFile> result(new PinFile());
  RETRO_ASSIGN_OR_RETURN(const int64_t points, GetIntParameter(values, "points", 6, 12));
  if (!ValidatePoints(static_cast<int>(points)).ok()) {
    return absl::DataLossError(absl::StrCat("plakoto database header has points ", points));
  }
  result->points_ = static_cast<int>(points);
  RETRO_ASSIGN_OR_RETURN(result->pins_, ParsePins(values["pin"]));
  RETRO_ASSIGN_OR_RETURN(result->distribution_turns_,
                         ParseDistributionTurns(values["distribution"]));

  // 2. One value slice (and one distribution slice) per pin, of the size
  //    the indexer gives.
  const uint64_t records = BearoffIndexer(result->points_, kFreeCheckers).Size();
  result->databases_.resize(kMaxPin + 1);
  result->distributions_.assign(kMaxPin + 1, nullptr);
  for (const int pin : result->pins_) {
    const std::string name = ValueSliceName(result->points_, pin);
    const std::optional<size_t> index = file.FindSlice(name);
    if (!index.has_value()) {
      return absl::DataLossError(absl::StrCat("plakoto database lacks slice ", name));
    }
    const std::span<const uint8_t> bytes = file.SliceBytes(*index);
    if (bytes.size() != records * sizeof(double)) {
      return absl::DataLossError(absl::StrCat("slice ", name, " has ", bytes.size(),
                                              " bytes; P = ", result->points_, " needs ",
                                              records, " records of 8 bytes"));
    }
    std::vector<double> d(records);
    std::memcpy(d.data(), bytes.data(), bytes.size());
    RETRO_ASSIGN_OR_RETURN(PinDatabase db,
                           PinDatabase::FromValues(result->points_, pin, std::move(d)));
    result->databases_[pin] = std::make_unique<PinDatabase>(std::move(db));
    if (result->distribution_turns_ > 0) {
      const std::string turns_name = DistributionSliceName(result->points_, pin);
      const std::optional<size_t> turns_index = file.FindSlice(turns_name);
      if (!turns_index.has_value()) {
        return absl::DataLossError(absl::StrCat("plakoto database lacks slice ", turns_name));
      }
      const std::span<const uint8_t> turns = file.SliceBytes(*turns_index);
      const uint64_t expected = records * result->distribution_turns_ * sizeof(float);
      if (turns.size() != expected) {
        return absl::DataLossError(absl::StrCat("slice ", turns_name, " has ", turns.size(),
                                                " bytes; ", records, " records of ",
                                                result->distribution_turns_,
                                                " turns need ", expected));
      }
      result->distributions_[pin] = turns.data();
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
    return absl::InvalidArgumentError(absl::StrCat(
        "this database holds P = ", points_, ", pin ",
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
