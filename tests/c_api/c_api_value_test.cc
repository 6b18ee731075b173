// The typed value probes of the C API (retro_probe_value, retro_probe_values
// and the binary forms) against the full JSON answer of retro_probe_json, on
// every record of oware 9 seeds, Plakoto 6 points and Surakarta 1..3 pieces
// (both layouts), and on every record of Surakarta 1..5 pieces between the
// typed forms themselves with a sample against JSON; then bad input through
// every new entry point.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "retro/c/retro.h"
#include "tests/c_api/c_api_fixture.h"

namespace retro::testing {
namespace {

// The number after `"key":` at its first occurrence in `json` (the top
// level: every answer names its own value before its moves'); NaN if none.
double FirstNumber(const std::string& json, const std::string& key) {
  const size_t at = json.find("\"" + key + "\":");
  if (at == std::string::npos) return std::nan("");
  return std::strtod(json.c_str() + at + key.size() + 3, nullptr);
}

// The value retro_probe_value documents, read from the JSON answer: the
// "value" (oware), the expectation (plakoto: "expected_turns"), or a
// result and distance in RETRO_WDL_WIN's encoding (surakarta).
double JsonValue(const std::string& json, const std::string& game) {
  if (game == "oware") return FirstNumber(json, "value");
  if (game == "plakoto") return FirstNumber(json, "expected_turns");
  const size_t result = json.find("\"result\":\"");
  EXPECT_NE(result, std::string::npos) << json;
  const std::string word = json.substr(result + 10, 4);
  if (word == "draw") return 0;
  const double distance = FirstNumber(json, "distance");
  return word == "win\"" ? RETRO_WDL_WIN - distance : -(RETRO_WDL_WIN - distance);
}

// Every oware board of at most `seeds` seeds, as 12 house counts each.
std::vector<int32_t> OwareBoards(int seeds) {
  std::vector<int32_t> cells;
  std::vector<int32_t> board(12, 0);
  // Odometer over the houses with the total kept at most `seeds`.
  auto place = [&](auto&& self, int house, int left) -> void {
    if (house == 12) {
      cells.insert(cells.end(), board.begin(), board.end());
      return;
    }
    for (int n = 0; n <= left; ++n) {
      board[house] = n;
      self(self, house + 1, left - n);
    }
    board[house] = 0;
  };
  place(place, 0, seeds);
  return cells;
}

std::string OwareText(const int32_t* h) {
  std::string text;
  for (int i = 0; i < 12; ++i) {
    text += std::to_string(h[i]) + (i == 5 ? " | " : i == 11 ? "" : " ");
  }
  return text;
}

// Every placement of 1..`pieces` Surakarta pieces, each X or O, X to move
// (the tables' records: the side to move is "us"), as 37 integers each.
std::vector<int32_t> SurakartaPlacements(int pieces) {
  std::vector<int32_t> cells;
  std::vector<int> squares;
  auto choose = [&](auto&& self, int from, int left) -> void {
    if (left == 0) {
      for (uint32_t colours = 0; colours < (1u << squares.size()); ++colours) {
        std::vector<int32_t> board(37, 0);
        for (size_t k = 0; k < squares.size(); ++k) board[squares[k]] = 1 + ((colours >> k) & 1);
        board[36] = 1;
        cells.insert(cells.end(), board.begin(), board.end());
      }
      return;
    }
    for (int square = from; square <= 36 - left; ++square) {
      squares.push_back(square);
      self(self, square + 1, left - 1);
      squares.pop_back();
    }
  };
  for (int n = 1; n <= pieces; ++n) choose(choose, 0, n);
  return cells;
}

std::string SurakartaText(const int32_t* cells) {
  std::string text;
  for (int square = 0; square < 36; ++square) {
    text += ".XO"[cells[square]];
    if (square % 6 == 5 && square < 35) text += '/';
  }
  return text + (cells[36] == 1 ? " X" : " O");
}

// Probes every position of `cells` (`per` integers each) through the
// binary batch call, every `text_stride`-th one (its text by `text_of`)
// through the text batch call, and every `json_stride`-th of those through
// retro_probe_value, retro_probe_value_cells and the JSON answer; the
// typed forms must agree everywhere, and with JSON where asked.
template <typename TextOf>
void ExpectTypedAgree(retro_db* db, const std::string& game, const std::vector<int32_t>& cells,
                      size_t per, size_t text_stride, size_t json_stride, const char* options,
                      TextOf text_of) {
  const size_t count = cells.size() / per;
  ASSERT_EQ(cells.size(), count * per);
  std::vector<double> by_cells(count, -2);
  std::vector<int> cell_status(count, -1);
  ASSERT_EQ(retro_probe_values_cells(db, cells.data(), per, count, options, by_cells.data(),
                                     cell_status.data()),
            RETRO_OK)
      << retro_last_error();
  std::vector<size_t> sampled;
  std::vector<std::string> texts;
  for (size_t i = 0; i < count; i += text_stride) {
    sampled.push_back(i);
    texts.push_back(text_of(&cells[i * per]));
  }
  std::vector<const char*> pointers;
  for (const std::string& text : texts) pointers.push_back(text.c_str());
  std::vector<double> by_text(texts.size(), -1);
  std::vector<int> text_status(texts.size(), -1);
  ASSERT_EQ(retro_probe_values(db, pointers.data(), texts.size(), options, by_text.data(),
                               text_status.data()),
            RETRO_OK)
      << retro_last_error();
  std::vector<char> json(1 << 16);
  size_t mismatches = 0;
  for (size_t k = 0; k < sampled.size(); ++k) {
    const size_t i = sampled[k];
    EXPECT_EQ(cell_status[i], RETRO_OK);
    EXPECT_EQ(text_status[k], RETRO_OK);
    if (by_text[k] != by_cells[i] && ++mismatches <= 5) {
      ADD_FAILURE() << texts[k] << ": text " << by_text[k] << ", cells " << by_cells[i];
    }
    if (k % json_stride != 0) continue;
    double single = -3, single_cells = -4;
    ASSERT_EQ(retro_probe_value(db, texts[k].c_str(), options, &single), RETRO_OK);
    ASSERT_EQ(retro_probe_value_cells(db, &cells[i * per], per, options, &single_cells),
              RETRO_OK);
    ASSERT_EQ(retro_probe_json(db, texts[k].c_str(), options, json.data(), json.size()),
              RETRO_OK)
        << json.data();
    const double expected = JsonValue(json.data(), game);
    if ((single != expected || single_cells != expected || by_text[k] != expected) &&
        ++mismatches <= 5) {
      ADD_FAILURE() << texts[k] << " (" << (options ? options : "") << "): JSON " << expected
                    << ", typed " << single << " / " << single_cells << " / " << by_text[k];
    }
  }
  EXPECT_EQ(mismatches, 0u);
}

TEST_F(CApiTest, OwareTypedValuesEqualJsonOnEveryBoard) {
  DbPtr db(Open(Dir() + "/oware-9.retro"));
  const std::vector<int32_t> cells = OwareBoards(9);
  ASSERT_EQ(cells.size(), 293930u * 12);  // C(21, 12) boards of 0..9 seeds
  ExpectTypedAgree(db.get(), "oware", cells, 12, 1, 1, nullptr, OwareText);
  // Other plies left: every board typed, every 7th also through JSON.
  for (const char* options : {"plies-left=0", "plies-left=1", "plies-left=6"}) {
    ExpectTypedAgree(db.get(), "oware", cells, 12, 1, 7, options, OwareText);
  }
}

TEST_F(CApiTest, SurakartaTypedValuesEqualJson) {
  const std::vector<int32_t> small = SurakartaPlacements(3);
  const std::vector<int32_t> all = SurakartaPlacements(5);
  for (const std::string name : {"surakarta-5.retro", "surakarta-5-symmetric.retro"}) {
    SCOPED_TRACE(name);
    DbPtr db(Open(Dir() + "/" + name));
    // Every record of 1..3 pieces against JSON; every record of 1..5
    // pieces in binary, every 11th also as text and every 11 * 97th also
    // through JSON.
    ExpectTypedAgree(db.get(), "surakarta", small, 37, 1, 1, nullptr, SurakartaText);
    ExpectTypedAgree(db.get(), "surakarta", all, 37, 11, 97, nullptr, SurakartaText);
  }
}

TEST_F(CApiTest, PlakotoTypedValuesEqualJsonOnEveryRecord) {
  DbPtr db(Open(Dir() + "/plakoto-6.retro"));
  // Every record: 13 free checkers on points 1..6 plus one on the pin.
  std::vector<std::string> texts;
  for (int pin = 2; pin <= 6; ++pin) {
    std::vector<int> counts(6, 0);
    auto deal = [&](auto&& self, int point, int left) -> void {
      if (point == 5) {
        counts[5] = left;
        std::string text = "p=" + std::to_string(pin);
        for (int k = 0; k < 6; ++k) text += " " + std::to_string(counts[k] + (k + 1 == pin));
        texts.push_back(text);
        return;
      }
      for (int n = 0; n <= left; ++n) {
        counts[point] = n;
        self(self, point + 1, left - n);
      }
    };
    deal(deal, 0, 13);
  }
  ASSERT_EQ(texts.size(), 5u * 8568);  // C(18, 5) records a pin
  std::vector<const char*> pointers;
  for (const std::string& text : texts) pointers.push_back(text.c_str());
  std::vector<double> values(texts.size());
  ASSERT_EQ(retro_probe_values(db.get(), pointers.data(), texts.size(), nullptr, values.data(),
                               nullptr),
            RETRO_OK)
      << retro_last_error();
  std::vector<char> json(1 << 16);
  for (size_t i = 0; i < texts.size(); ++i) {
    ASSERT_EQ(retro_probe_json(db.get(), texts[i].c_str(), nullptr, json.data(), json.size()),
              RETRO_OK)
        << json.data();
    ASSERT_EQ(values[i], JsonValue(json.data(), "plakoto")) << texts[i];
  }
  // No binary form.
  const int32_t cells[6] = {};
  double value = 0;
  EXPECT_EQ(retro_probe_value_cells(db.get(), cells, 6, nullptr, &value), RETRO_ERROR_NO_VALUE);
  size_t count = 99;
  EXPECT_EQ(retro_position_cells(db.get(), &count), RETRO_OK);
  EXPECT_EQ(count, 0u);
}

TEST_F(CApiTest, TypedProbesRefuseBadInput) {
  DbPtr db(Open(Oware()));
  double value = 7;
  const int32_t board[12] = {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1};
  size_t count = 0;
  // Handles: NULL, closed, foreign.
  retro_db* closed = Open(Oware());
  retro_close(closed);
  int foreign = 0;
  for (retro_db* bad : {static_cast<retro_db*>(nullptr), closed,
                        reinterpret_cast<retro_db*>(&foreign)}) {
    EXPECT_EQ(retro_probe_value(bad, "0 0 0 1 0 0 | 0 0 0 0 0 1", nullptr, &value),
              RETRO_ERROR_BAD_HANDLE);
    EXPECT_EQ(retro_probe_value_cells(bad, board, 12, nullptr, &value), RETRO_ERROR_BAD_HANDLE);
    EXPECT_EQ(retro_position_cells(bad, &count), RETRO_ERROR_BAD_HANDLE);
  }
  // NULL pointers.
  EXPECT_EQ(retro_probe_value(db.get(), nullptr, nullptr, &value), RETRO_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(retro_probe_value(db.get(), "0 0 0 1 0 0 | 0 0 0 0 0 1", nullptr, nullptr),
            RETRO_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(retro_probe_value_cells(db.get(), nullptr, 12, nullptr, &value),
            RETRO_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(retro_position_cells(db.get(), nullptr), RETRO_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(retro_probe_values(db.get(), nullptr, 3, nullptr, &value, nullptr),
            RETRO_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(retro_probe_values(db.get(), nullptr, 0, nullptr, nullptr, nullptr), RETRO_OK);
  EXPECT_EQ(value, 7);
  // Wrong lengths and cells out of range, named.
  EXPECT_EQ(retro_probe_value_cells(db.get(), board, 11, nullptr, &value),
            RETRO_ERROR_BAD_POSITION);
  EXPECT_NE(std::string(retro_last_error()).find("12"), std::string::npos) << retro_last_error();
  const int32_t negative[12] = {0, -1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1};
  EXPECT_EQ(retro_probe_value_cells(db.get(), negative, 12, nullptr, &value),
            RETRO_ERROR_BAD_POSITION);
  EXPECT_NE(std::string(retro_last_error()).find("house 1 holds -1"), std::string::npos)
      << retro_last_error();
  const int32_t too_many[12] = {0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 1};
  EXPECT_EQ(retro_probe_value_cells(db.get(), too_many, 12, nullptr, &value),
            RETRO_ERROR_BAD_POSITION);
  EXPECT_NE(std::string(retro_last_error()).find("more than the book covers"), std::string::npos)
      << retro_last_error();
  EXPECT_EQ(value, 7);
  // A batch: each position its own status, the call the first failure's.
  const char* positions[] = {"0 0 0 1 0 0 | 0 0 0 0 0 1", "nonsense", nullptr,
                             "1 0 0 0 0 0 | 0 0 0 0 0 0"};
  double values[4] = {-9, -9, -9, -9};
  int statuses[4] = {-1, -1, -1, -1};
  EXPECT_EQ(retro_probe_values(db.get(), positions, 4, nullptr, values, statuses),
            RETRO_ERROR_BAD_POSITION);
  EXPECT_NE(std::string(retro_last_error()).find("position 1: "), std::string::npos)
      << retro_last_error();
  EXPECT_EQ(statuses[0], RETRO_OK);
  EXPECT_EQ(statuses[1], RETRO_ERROR_BAD_POSITION);
  EXPECT_EQ(statuses[2], RETRO_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(statuses[3], RETRO_OK);
  EXPECT_EQ(values[1], -9);
  EXPECT_EQ(values[2], -9);
  EXPECT_NE(values[0], -9);
  // Options: a bad one fails the call before any position.
  EXPECT_EQ(retro_probe_value(db.get(), "0 0 0 1 0 0 | 0 0 0 0 0 1", "plies-left=-1", &value),
            RETRO_ERROR_BAD_OPTION);
  EXPECT_EQ(retro_probe_value_cells(db.get(), board, 12, "colour=red", &value),
            RETRO_ERROR_BAD_OPTION);
  EXPECT_NE(std::string(retro_last_error()).find("unknown probe option 'colour'"),
            std::string::npos)
      << retro_last_error();
  // A Surakarta board given to an oware book is a wrong length.
  std::vector<int32_t> surakarta(37, 0);
  surakarta[36] = 1;
  EXPECT_EQ(retro_probe_value_cells(db.get(), surakarta.data(), 37, nullptr, &value),
            RETRO_ERROR_BAD_POSITION);
  EXPECT_EQ(retro_position_cells(db.get(), &count), RETRO_OK);
  EXPECT_EQ(count, 12u);
}

}  // namespace
}  // namespace retro::testing
