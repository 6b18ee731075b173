// Tests the host's check of a plugin's description (retro/
// game_description_check.h): well-formed, unique parameter names that are
// not the host's own options pass; each fault is named.
#include "retro/host/game_description_check.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/kit/layout.h"

namespace retro {
namespace {

using ::testing::HasSubstr;

ParameterSpec Named(const std::string& name) { return {name, "N", "a test parameter", "1", {}}; }

GameDescription Described(std::vector<ParameterSpec> solve, std::vector<ParameterSpec> probe) {
  GameDescription game;
  game.name = "test";
  game.solve_parameters = std::move(solve);
  game.probe_parameters = std::move(probe);
  return game;
}

TEST(GameDescriptionCheckTest, AcceptsWellFormedUniqueNames) {
  EXPECT_TRUE(CheckGameDescription(Described({}, {})).ok());
  // The same name may serve solve and probe; the kit's layout beside a
  // game's other parameters is fine.
  EXPECT_TRUE(CheckGameDescription(Described({Named("seeds"), Named("turn-limit"),
                                              kit::kStoreLayout.Spec()},
                                             {Named("plies-left"), Named("seeds")}))
                  .ok());
}

TEST(GameDescriptionCheckTest, RefusesAGameParameterThatTheKitAlsoAdds) {
  const absl::Status status = CheckGameDescription(
      Described({Named("seeds"), Named("layout"), kit::kStoreLayout.Spec()}, {}));
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(status.message(), HasSubstr("solve parameter --layout twice"));
}

TEST(GameDescriptionCheckTest, RefusesTheHostsOwnOptions) {
  for (const std::string host : HostOptionNames()) {
    const absl::Status status = CheckGameDescription(Described({}, {Named(host)}));
    EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition) << host;
    EXPECT_THAT(status.message(), HasSubstr("probe parameter --" + host)) << host;
    EXPECT_THAT(status.message(), HasSubstr("retro reads as its own option")) << host;
  }
  EXPECT_THAT(CheckGameDescription(Described({Named("threads")}, {})).message(),
              HasSubstr("solve parameter --threads"));
}

TEST(GameDescriptionCheckTest, RefusesNamesACommandLineCannotCarry) {
  for (const std::string bad : {"", "Seeds", "turn limit", "-seeds", "seeds-", "9seeds", "a=b"}) {
    const absl::Status status = CheckGameDescription(Described({Named(bad)}, {}));
    EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition) << bad;
    EXPECT_THAT(status.message(), HasSubstr("named '" + bad + "'")) << bad;
  }
}

}  // namespace
}  // namespace retro
