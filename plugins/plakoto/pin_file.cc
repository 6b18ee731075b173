// Encoding and reading the slices of a Plakoto pin-distance database file.
#include "plugins/plakoto/pin_file.h"

#include <bit>
#include <cstring>
#include <limits>
#include <span>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "games/plakoto/bearoff_indexer.h"
#include "retro/database_layout.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace retro::plakoto {

static_assert(std::endian::native == std::endian::little,
              "the slices are little-endian and copied as they are");

namespace {

// How far a record's stored probabilities (floats, rounded one by one) may
// sum beyond 1.
constexpr double kProbabilitySumTolerance = 1e-4;

}  // namespace

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
  // 1. Identity and header parameters, strictly.
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
  RETRO_ASSIGN_OR_RETURN(
      const HeaderParameters params,
      HeaderParameters::Read(file, "plakoto database", {"points", "pin", "distribution"}));
  std::unique_ptr<PinFile> result(new PinFile());
  RETRO_ASSIGN_OR_RETURN(const std::string points, params.Choice("points", {"6", "12"}));
  result->points_ = points == "6" ? 6 : 12;
  RETRO_ASSIGN_OR_RETURN(const std::string pin,
                         params.Choice("pin", {"2", "3", "4", "5", "6", "all"}));
  RETRO_ASSIGN_OR_RETURN(result->pins_, ParsePins(pin));
  if (params.Text("distribution") != "none") {
    absl::StatusOr<int64_t> turns = params.Int("distribution", 1, kMaxDistributionTurns);
    if (!turns.ok()) {
      return params.Error("distribution", absl::StrCat("is neither 'none' nor a number of turns 1..",
                                                       kMaxDistributionTurns));
    }
    if (result->points_ > kMaxDistributionPoints) {
      return params.Error("distribution", absl::StrCat("needs points ", kMaxDistributionPoints,
                                                       "; this database has points ",
                                                       result->points_));
    }
    result->distribution_turns_ = static_cast<int>(*turns);
  }

  // 2. Exactly one value slice (and one distribution slice) per pin, of the
  //    size the indexer gives.
  const uint64_t records = BearoffIndexer(result->points_, kFreeCheckers).Size();
  const int turns = result->distribution_turns_;
  std::vector<std::string> names;
  for (const int p : result->pins_) {
    names.push_back(ValueSliceName(result->points_, p));
    if (turns > 0) names.push_back(DistributionSliceName(result->points_, p));
  }
  RETRO_ASSIGN_OR_RETURN(
      const std::vector<std::span<const uint8_t>> slices,
      ExpectSlices(file, names,
                   absl::StrCat("a plakoto database of P = ", result->points_, ", pin ", pin,
                                turns > 0 ? absl::StrCat(", ", turns, " turns") : "")));
  const int per_pin = turns > 0 ? 2 : 1;
  for (size_t i = 0; i < slices.size(); ++i) {
    if (i % per_pin == 0) {
      const uint64_t expected = records * sizeof(double);
      RETRO_RETURN_IF_ERROR(CheckSliceSize(
          names[i], slices[i].size(), expected,
          absl::StrCat("P = ", result->points_, " needs ", records, " records of 8 bytes, ",
                       expected)));
    } else {
      const uint64_t expected = records * turns * sizeof(float);
      RETRO_RETURN_IF_ERROR(CheckSliceSize(
          names[i], slices[i].size(), expected,
          absl::StrCat(records, " records of ", turns, " turns need ", expected)));
    }
  }

  // 3. One pass over the values: D counts the current turn, so D >= 1; and
  //    over the distributions: probabilities, each record's summing to at
  //    most 1 (the rest is P(T > turns); float rounding allowed for).
  result->databases_.resize(kMaxPin + 1);
  result->distributions_.assign(kMaxPin + 1, nullptr);
  for (size_t k = 0; k < result->pins_.size(); ++k) {
    const int p = result->pins_[k];
    const std::span<const uint8_t> bytes = slices[k * per_pin];
    std::vector<double> d(records);
    std::memcpy(d.data(), bytes.data(), bytes.size());
    for (uint64_t i = 0; i < records; ++i) {
      if (!(d[i] >= 1 && d[i] <= std::numeric_limits<double>::max())) {
        return absl::DataLossError(absl::StrCat("slice '", names[k * per_pin], "' holds D = ",
                                                d[i], " at record ", i,
                                                "; D is a finite number of turns >= 1"));
      }
    }
    RETRO_ASSIGN_OR_RETURN(PinDatabase db,
                           PinDatabase::FromValues(result->points_, p, std::move(d)));
    result->databases_[p] = std::make_unique<PinDatabase>(std::move(db));
    if (turns > 0) {
      const std::span<const uint8_t> distribution = slices[k * per_pin + 1];
      for (uint64_t i = 0; i < records; ++i) {
        double sum = 0;
        for (int t = 0; t < turns; ++t) {
          float probability;
          std::memcpy(&probability, distribution.data() + (i * turns + t) * sizeof(float),
                      sizeof(float));
          if (!(probability >= 0 && probability <= 1)) {
            return absl::DataLossError(absl::StrCat(
                "slice '", names[k * per_pin + 1], "' holds P(T = ", t + 1, ") = ", probability,
                " at record ", i, "; probabilities lie in [0, 1]"));
          }
          sum += probability;
        }
        if (sum > 1 + kProbabilitySumTolerance) {
          return absl::DataLossError(absl::StrCat("slice '", names[k * per_pin + 1],
                                                  "' holds probabilities summing to ", sum,
                                                  " at record ", i, "; at most 1"));
        }
      }
      result->distributions_[p] = distribution.data();
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
