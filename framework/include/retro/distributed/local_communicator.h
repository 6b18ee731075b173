// The communicator of a single-process run (retro/distributed/
// communicator.h): one rank, and every collective returns its own input.
// Solvers use it when no communicator is given, so that their distributed
// code path is also the single-process one.
#ifndef RETRO_DISTRIBUTED_LOCAL_COMMUNICATOR_H_
#define RETRO_DISTRIBUTED_LOCAL_COMMUNICATOR_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "retro/distributed/communicator.h"

namespace retro::distributed {

// Rank 0 of 1.
class LocalCommunicator final : public Communicator {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  std::vector<uint8_t> AllGatherBytes(std::span<const uint8_t> bytes,
                                      std::vector<uint64_t>* counts) override {
    if (counts != nullptr) *counts = {bytes.size()};
    return std::vector<uint8_t>(bytes.begin(), bytes.end());
  }
  std::vector<std::vector<uint8_t>> AllToAllBytes(
      const std::vector<std::vector<uint8_t>>& send) override {
    return send;
  }
  void AllReduceSum(std::span<uint64_t>) override {}
  void AllReduceMax(std::span<uint64_t>) override {}
  void Broadcast(std::vector<uint8_t>&, int) override {}
  void Barrier() override {}
  [[noreturn]] void Abort(const std::string& message) override;

  using Communicator::AllReduceMax;
  using Communicator::AllReduceSum;
};

}  // namespace retro::distributed

#endif  // RETRO_DISTRIBUTED_LOCAL_COMMUNICATOR_H_
