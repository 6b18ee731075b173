// VerifyResultJson (retro/host/verify_report.h): the exact JSON of a verify
// result, with and without mismatches.
#include "retro/host/verify_report.h"

#include "gtest/gtest.h"

namespace retro {
namespace {

TEST(VerifyResultJsonTest, AllMatchGivesANullFirstMismatch) {
  VerifyResult result;
  result.records_checked = 5478;
  EXPECT_EQ(VerifyResultJson(result, 0.25),
            R"({"checksums":"ok","records_checked":5478,"mismatches":0,)"
            R"("first_mismatch":null,"seconds":0.25})");
}

TEST(VerifyResultJsonTest, MismatchesNameTheFirst) {
  VerifyResult result{.records_checked = 10, .mismatches = 2,
                      .first_mismatch = "x.o/.x./..o: stored \"win\""};
  EXPECT_EQ(VerifyResultJson(result, 1.5),
            R"({"checksums":"ok","records_checked":10,"mismatches":2,)"
            R"("first_mismatch":"x.o/.x./..o: stored \"win\"","seconds":1.5})");
}

}  // namespace
}  // namespace retro
