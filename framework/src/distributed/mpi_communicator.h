// The Communicator of an MPI job (Open MPI), built only with -DRETRO_MPI=ON
// into the module libretro_mpi.so, which World() (retro/distributed/
// world.h) loads when retro runs under mpirun.
//
// For tests only, the environment variable RETRO_TEST_FAULT="R:K:MODE"
// makes rank R fail when it enters its K-th collective (counting from 1):
// MODE "kill" sends itself SIGKILL (a rank that dies), "abort" ends the
// job through Abort (a rank that meets an error of its own).
#ifndef RETRO_SRC_DISTRIBUTED_MPI_COMMUNICATOR_H_
#define RETRO_SRC_DISTRIBUTED_MPI_COMMUNICATOR_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/distributed/communicator.h"

namespace retro::distributed::internal {

// MPI_COMM_WORLD after MPI_Init_thread (funneled: only the thread that
// called Create calls MPI). Destroying it calls MPI_Finalize.
class MpiCommunicator final : public Communicator {
 public:
  static absl::StatusOr<std::unique_ptr<MpiCommunicator>> Create(int* argc, char*** argv);
  ~MpiCommunicator() override;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  std::vector<uint8_t> AllGatherBytes(std::span<const uint8_t> bytes,
                                      std::vector<uint64_t>* counts) override;
  std::vector<std::vector<uint8_t>> AllToAllBytes(
      const std::vector<std::vector<uint8_t>>& send) override;
  void AllReduceSum(std::span<uint64_t> values) override { AllReduce(values, false); }
  void AllReduceMax(std::span<uint64_t> values) override { AllReduce(values, true); }
  void Broadcast(std::vector<uint8_t>& bytes, int root) override;
  void Barrier() override;
  [[noreturn]] void Abort(const std::string& message) override;
  Traffic traffic() const override { return traffic_; }

  using Communicator::AllReduceMax;
  using Communicator::AllReduceSum;

 private:
  MpiCommunicator() = default;
  // Counts collectives and applies RETRO_TEST_FAULT.
  void EnterCollective();
  // A byte count as MPI's int, or Abort when it does not fit.
  int CountOf(uint64_t bytes, const char* what);
  // Adds one payload of `sent` bytes sent to another rank and one of
  // `received` bytes received from one (a count of 0: none).
  void Count(uint64_t sent, uint64_t received);
  // AllReduceMax or AllReduceSum; counted as sent to and received from
  // every other rank.
  void AllReduce(std::span<uint64_t> values, bool max);

  int rank_ = 0;
  int size_ = 1;
  // What this rank sent and received; traffic_.collectives also counts
  // for RETRO_TEST_FAULT.
  Traffic traffic_;
  // RETRO_TEST_FAULT, parsed: fail at collective fault_at_ (0: never).
  uint64_t fault_at_ = 0;
  std::string fault_mode_;
};

}  // namespace retro::distributed::internal

#endif  // RETRO_SRC_DISTRIBUTED_MPI_COMMUNICATOR_H_
