// The oware plugin's Open against crafted books whose checksums are valid
// but whose structure contradicts the header (issue items 4 and 5): each
// must be refused with a message naming the problem, never read out of
// bounds. The plugin is loaded in process (tests/framework/crafted_database.h);
// its Open is the one `retro` calls before checking slice checksums.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/format/finite_horizon/store.h"
#include "tests/framework/build_path.h"
#include "tests/framework/bit_coded_parts.h"
#include "tests/framework/crafted_database.h"

#ifndef RETRO_PLUGIN_FILE
#error "RETRO_PLUGIN_FILE must name the oware plugin"
#endif

namespace retro::testing {
namespace {

// Byte offsets of fields of FiniteHorizonStoreHeader.
constexpr size_t kEntriesField = 16;
constexpr size_t kLastChangeField = 32;
constexpr size_t kCodedBytesField = 48;

class OwareOpenTest : public ::testing::Test {
 protected:
  // A 6-seed, 200-ply book, solved once for all tests.
  static void SetUpTestSuite() {
    plugin_ = new PluginUnderTest(BuildPath(RETRO_PLUGIN_FILE));
    book_ = new std::vector<uint8_t>(plugin_->Solve({{"seeds", "6"}}));
  }
  static void TearDownTestSuite() {
    delete book_;
    delete plugin_;
  }

  DatabaseParts Parts() const { return DatabaseParts::Of(*book_); }
  absl::Status Open(const DatabaseParts& parts) { return plugin_->Open(parts.Serialize()); }

  // The view of a slice of `parts`, and where its sections lie.
  static FiniteHorizonStoreView View(DatabaseParts& parts, const std::string& slice) {
    auto view = FiniteHorizonStoreView::Open(parts.Slice(slice));
    EXPECT_TRUE(view.ok()) << view.status();
    return *view;
  }
  static FiniteHorizonStoreView::Sections Sections(DatabaseParts& parts, const std::string& slice) {
    return BitCodedSections(parts.Slice(slice));
  }

  static PluginUnderTest* plugin_;
  static std::vector<uint8_t>* book_;
};

PluginUnderTest* OwareOpenTest::plugin_ = nullptr;
std::vector<uint8_t>* OwareOpenTest::book_ = nullptr;

TEST_F(OwareOpenTest, BooksAsSolvedOpen) {
  EXPECT_TRUE(plugin_->Open(*book_).ok()) << plugin_->Open(*book_);
  // Rule variants, and 4-byte entries (turn limit above 255).
  for (const ParameterValues& values :
       {ParameterValues{{"seeds", "5"}, {"at-limit", "own-side"}, {"grand-slam", "capture"}},
        ParameterValues{{"seeds", "4"}, {"turn-limit", "300"}, {"grand-slam", "forced-only"}},
        ParameterValues{{"seeds", "3"}, {"turn-limit", "1"}},
        ParameterValues{{"seeds", "5"}, {"layout", "fast"}}}) {
    const absl::Status status = plugin_->Open(plugin_->Solve(values));
    EXPECT_TRUE(status.ok()) << status;
  }
}

// Issue item 4: a start pointing past the slice made stats read out of
// bounds (the old Open checked only the block table).
TEST_F(OwareOpenTest, RefusesAStartTablePointingPastTheSlice) {
  DatabaseParts parts = Parts();
  ASSERT_TRUE(View(parts, "seeds-6").bit_coded());
  std::vector<uint8_t>& bytes = parts.Slice("seeds-6");
  const uint16_t far = 0xFFFF;
  std::memcpy(bytes.data() + Sections(parts, "seeds-6").starts + 2 * 1, &far,
              2);  // states 4..7
  ExpectRefused(Open(parts), {"slice 'seeds-6'", "group of state 0", "must meet"});
}

TEST_F(OwareOpenTest, RefusesDecreasingStarts) {
  DatabaseParts parts = Parts();
  const FiniteHorizonStoreView view = View(parts, "seeds-5");
  ASSERT_GE(view.header().block_shift, view.header().group_shift + 2);
  std::vector<uint8_t>& bytes = parts.Slice("seeds-5");
  // In block 0, group 2 starts at 0: group 1 then ends before it starts.
  const uint16_t zero = 0;
  std::memcpy(bytes.data() + Sections(parts, "seeds-5").starts + 2 * 2, &zero, 2);
  ExpectRefused(Open(parts), {"slice 'seeds-5'", "group of state 4", "not an ordered range"});
}

TEST_F(OwareOpenTest, RefusesABlockTableEndingElsewhere) {
  DatabaseParts parts = Parts();
  const FiniteHorizonStoreView view = View(parts, "seeds-4");
  std::vector<uint8_t>& bytes = parts.Slice("seeds-4");
  const uint64_t blocks =
      FiniteHorizonStoreView::BlockCount(view.states(), view.header().block_shift);
  const uint64_t beyond = 8 * view.header().coded_bytes;
  std::memcpy(bytes.data() + Sections(parts, "seeds-4").blocks + 8 * blocks, &beyond, 8);
  ExpectRefused(Open(parts), {"slice 'seeds-4'", "block table"});
}

// Issue item 5: stats reported the last change at t = 8,388,610 in a
// 200-ply book.
TEST_F(OwareOpenTest, RefusesAChangedLastChangeField) {
  for (const uint32_t last_change : {8388610u, 150u, 0u}) {
    SCOPED_TRACE(last_change);
    DatabaseParts parts = Parts();
    std::vector<uint8_t>& bytes = parts.Slice("seeds-6");
    std::memcpy(bytes.data() + kLastChangeField, &last_change, 4);
    ExpectRefused(Open(parts), {"slice 'seeds-6'", "last change"});
  }
}

TEST_F(OwareOpenTest, RefusesAnEntryCountBeyondTheParameters) {
  DatabaseParts parts = Parts();
  std::vector<uint8_t>& bytes = parts.Slice("seeds-6");
  const uint64_t huge = uint64_t{1} << 60;
  std::memcpy(bytes.data() + kEntriesField, &huge, 8);
  ExpectRefused(Open(parts), {"slice 'seeds-6'", "entries"});
}

TEST_F(OwareOpenTest, RefusesImpossibleEntries) {
  DatabaseParts parts = Parts();
  const FiniteHorizonStoreView view = View(parts, "seeds-6");
  ASSERT_TRUE(view.bit_coded());
  // Sets every change symbol's layer step to `step`.
  const auto set_layer_steps = [](std::vector<uint8_t>& bytes, uint16_t step) {
    for (ModelSymbol symbol : ModelSymbols(bytes)) {
      if (symbol.change()) symbol.set_layer_step(step);
    }
  };
  {
    SCOPED_TRACE("a value beyond the 6 seeds on the board");
    DatabaseParts bad = parts;
    std::vector<uint8_t>& bytes = bad.Slice("seeds-6");
    for (ModelSymbol symbol : ModelSymbols(bytes)) {
      if (symbol.change() && symbol.last()) symbol.set_value(100);
    }
    ExpectRefused(Open(bad), {"slice 'seeds-6'", "impossible entry"});
  }
  {
    SCOPED_TRACE("layers out of order");
    DatabaseParts bad = parts;
    set_layer_steps(bad.Slice("seeds-6"), 0);
    ExpectRefused(Open(bad), {"slice 'seeds-6'", "impossible entry"});
  }
  {
    SCOPED_TRACE("a layer beyond the horizon");
    DatabaseParts bad = parts;
    set_layer_steps(bad.Slice("seeds-6"), 250);  // 250 > 200
    ExpectRefused(Open(bad), {"slice 'seeds-6'", "horizon"});
  }
  {
    SCOPED_TRACE("bits that are no code of their context");
    DatabaseParts bad = parts;
    std::vector<uint8_t>& bytes = bad.Slice("seeds-6");
    // The context of the largest id (the largest value reached by a
    // change) renamed to one no state reaches.
    const std::vector<uint8_t*> ids = ModelContextIds(bytes);
    const uint16_t unused = kPrefixContexts - 1;  // value 127, not first
    std::memcpy(ids.back(), &unused, 2);
    ExpectRefused(Open(bad), {"slice 'seeds-6'", "no code of its context"});
  }
  {
    SCOPED_TRACE("a model whose codes overflow");
    DatabaseParts bad = parts;
    std::vector<uint8_t>& bytes = bad.Slice("seeds-6");
    for (ModelSymbol symbol : ModelSymbols(bytes)) symbol.bytes[3] = (symbol.bytes[3] & 0x80) | 1;
    ExpectRefused(Open(bad), {"slice 'seeds-6'", "Kraft"});
  }
  {
    SCOPED_TRACE("a stream that ends early");
    DatabaseParts bad = parts;
    std::vector<uint8_t>& bytes = bad.Slice("seeds-6");
    const auto sections = Sections(bad, "seeds-6");
    const uint64_t blocks =
        FiniteHorizonStoreView::BlockCount(view.states(), view.header().block_shift);
    uint64_t end;
    std::memcpy(&end, bytes.data() + sections.blocks + 8 * blocks, 8);
    end -= 3;
    std::memcpy(bytes.data() + sections.blocks + 8 * blocks, &end, 8);
    ExpectRefused(Open(bad), {"slice 'seeds-6'", "value store's"});
  }
  {
    SCOPED_TRACE("a stream byte count the size contradicts");
    DatabaseParts bad = parts;
    const uint64_t more = view.header().coded_bytes + 1;
    std::memcpy(bad.Slice("seeds-6").data() + kCodedBytesField, &more, 8);
    ExpectRefused(Open(bad), {"slice 'seeds-6'", "header implies"});
  }
}

// Issue item 5: seeds=0 with 7 slices present was accepted.
TEST_F(OwareOpenTest, RefusesSeedsZeroWithSevenSlices) {
  DatabaseParts parts = Parts();
  parts.SetParameter("seeds", "0");
  ExpectRefused(Open(parts), {"seeds", "1..48"});
}

TEST_F(OwareOpenTest, RefusesJunkParameterValues) {
  const std::vector<std::pair<std::string, std::string>> junk = {
      {"seeds", "abc"},     {"seeds", "7x"},        {"seeds", "-1"},         {"seeds", "06"},
      {"seeds", " 6"},      {"seeds", "49"},        {"seeds", "5"},          {"turn-limit", "0"},
      {"turn-limit", "-1"}, {"turn-limit", "2e2"},  {"grand-slam", "maybe"}, {"at-limit", ""},
      {"indexer", "abc"},   {"indexer", "colex "},  {"layout", "small"},     {"layout", "Fast"},
      {"layout", ""},
  };
  for (const auto& [key, value] : junk) {
    SCOPED_TRACE(key + "=" + value);
    DatabaseParts parts = Parts();
    parts.SetParameter(key, value);
    ExpectRefused(Open(parts), {});
    EXPECT_THAT(std::string(Open(parts).message()), ::testing::HasSubstr(key));
  }
}

TEST_F(OwareOpenTest, RefusesAnIndexerThatCannotRankTheBook) {
  DatabaseParts parts = Parts();
  parts.SetParameter("seeds", "17");
  parts.SetParameter("indexer", "hash");  // ranks at most 16 seeds
  ExpectRefused(Open(parts), {"indexer='hash'", "at most 16 seeds"});
}

TEST_F(OwareOpenTest, RefusesMissingUnknownAndRepeatedParameters) {
  {
    DatabaseParts parts = Parts();
    parts.RemoveParameter("turn-limit");
    ExpectRefused(Open(parts), {"lacks parameter 'turn-limit'"});
  }
  {
    DatabaseParts parts = Parts();
    parts.SetParameter("colour", "red");
    ExpectRefused(Open(parts), {"unknown parameter 'colour'"});
  }
  ExpectRefused(plugin_->Open(Parts().DuplicateParameter("seeds", "5")),
                {"parameter 'seeds' more than once"});
}

TEST_F(OwareOpenTest, RefusesADuplicateSlice) {
  DatabaseParts parts = Parts();
  parts.slices.push_back({"seeds-2", parts.Slice("seeds-2")});
  ExpectRefused(Open(parts), {"slice 'seeds-2' appears more than once"});
}

TEST_F(OwareOpenTest, RefusesAnExtraSlice) {
  DatabaseParts parts = Parts();
  parts.slices.push_back({"seeds-7", parts.Slice("seeds-6")});
  ExpectRefused(Open(parts), {"7 slices", "unexpected slice 'seeds-7'"});
}

TEST_F(OwareOpenTest, RefusesAMissingSlice) {
  DatabaseParts parts = Parts();
  parts.RemoveSlice("seeds-3");
  ExpectRefused(Open(parts), {"lacks slice 'seeds-3'"});
}

TEST_F(OwareOpenTest, RefusesSlicesOfTheWrongSeedCountOrHorizon) {
  {
    SCOPED_TRACE("two slices swapped");
    DatabaseParts parts = Parts();
    std::swap(parts.Slice("seeds-2"), parts.Slice("seeds-3"));
    ExpectRefused(Open(parts), {"slice 'seeds-2' holds 364 positions; the parameters imply 78"});
  }
  {
    SCOPED_TRACE("another turn limit in the header");
    DatabaseParts parts = Parts();
    parts.SetParameter("turn-limit", "100");
    ExpectRefused(Open(parts), {"slice 'seeds-0'", "solved to t = 200", "the parameters say 100"});
  }
  {
    SCOPED_TRACE("a truncated slice");
    DatabaseParts parts = Parts();
    parts.Slice("seeds-4").resize(100);
    ExpectRefused(Open(parts), {"slice 'seeds-4'", "100 bytes"});
  }
}

// Damaged slice bytes, checksums not recomputed: refused as damage by the
// container; the plugin's Open, before the slice checksums, refuses them
// as damage or reads every record in bounds.
TEST_F(OwareOpenTest, SurvivesRandomDamage) {
  std::mt19937_64 random(7);
  auto file = DatabaseFile::FromBytes(*book_);
  ASSERT_TRUE(file.ok()) << file.status();
  const std::vector<DatabaseFile::SliceInfo> slices = (*file)->slices();
  for (int round = 0; round < 300; ++round) {
    std::vector<uint8_t> bytes = *book_;
    const DatabaseFile::SliceInfo& slice = slices[random() % slices.size()];
    const int flips = 1 + static_cast<int>(random() % 4);
    for (int i = 0; i < flips; ++i) {
      // Mostly the header and tables, where a flip does the most harm.
      const size_t span = random() % 2 ? std::min<size_t>(slice.size, 512) : slice.size;
      bytes[slice.offset + random() % span] ^= static_cast<uint8_t>(1 + random() % 255);
    }
    SCOPED_TRACE(::testing::Message() << "round " << round << ", slice " << slice.name);
    ExpectDamageRefusedOrHarmless(*plugin_, *book_, bytes);
  }
}

}  // namespace
}  // namespace retro::testing
