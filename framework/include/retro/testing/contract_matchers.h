// GoogleTest helpers for the contract checker (retro/contract/check_contract.h):
//   EXPECT_TRUE(retro::testing::ContractHolds(game));
//   retro::testing::ExpectContractHolds(game, {.sample = 1000});
// A failure prints the first offending position and the counts per check.
// Header only; include it from test code that links GoogleTest.
#ifndef RETRO_TESTING_CONTRACT_MATCHERS_H_
#define RETRO_TESTING_CONTRACT_MATCHERS_H_

#include "gtest/gtest.h"
#include "retro/contract/check_contract.h"
#include "retro/contract/check_result.h"
#include "retro/thread_pool.h"

namespace retro::testing {

// Checks `game` on `threads` threads (0: every hardware thread).
template <typename G>
CheckResult RunContractCheck(const G& game, const CheckOptions& options = {}, int threads = 0) {
  ThreadPool pool(threads);
  return CheckContract(game, options, &pool, nullptr);
}

// Success when every check passes; else the first offending position.
template <typename G>
::testing::AssertionResult ContractHolds(const G& game, const CheckOptions& options = {},
                                         int threads = 0) {
  const CheckResult result = RunContractCheck(game, options, threads);
  if (result.ok) {
    return ::testing::AssertionSuccess()
           << "contract holds over " << result.indices << " indices";
  }
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  failure << "contract broken: " << result.first_failure << "\n  passed:";
  for (const CheckCount& check : result.checks) failure << " " << check.name << "=" << check.passed;
  return failure;
}

// EXPECT_TRUE(ContractHolds(game, options, threads)).
template <typename G>
void ExpectContractHolds(const G& game, const CheckOptions& options = {}, int threads = 0) {
  EXPECT_TRUE(ContractHolds(game, options, threads));
}

}  // namespace retro::testing

#endif  // RETRO_TESTING_CONTRACT_MATCHERS_H_
