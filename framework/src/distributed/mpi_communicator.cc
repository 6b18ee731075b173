// MpiCommunicator: the collectives of communicator.h on MPI_COMM_WORLD.
// Variable-sized collectives exchange their sizes first (MPI_Allgather,
// MPI_Alltoall), then the bytes (the "v" forms).
#include "mpi_communicator.h"

#include <mpi.h>
#include <signal.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace retro::distributed::internal {

absl::StatusOr<std::unique_ptr<MpiCommunicator>> MpiCommunicator::Create(int* argc, char*** argv) {
  int provided = 0;
  if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    return absl::UnavailableError("MPI_Init_thread failed");
  }
  std::unique_ptr<MpiCommunicator> comm(new MpiCommunicator());
  MPI_Comm_rank(MPI_COMM_WORLD, &comm->rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &comm->size_);
  if (const char* fault = std::getenv("RETRO_TEST_FAULT"); fault != nullptr) {
    const std::vector<std::string> parts = absl::StrSplit(fault, ':');
    int fault_rank = -1;
    uint64_t at = 0;
    if (parts.size() == 3 && absl::SimpleAtoi(parts[0], &fault_rank) &&
        absl::SimpleAtoi(parts[1], &at) && (parts[2] == "kill" || parts[2] == "abort")) {
      if (fault_rank == comm->rank_) {
        comm->fault_at_ = at;
        comm->fault_mode_ = parts[2];
      }
    } else {
      comm->Abort(absl::StrCat("RETRO_TEST_FAULT=", fault, " is not RANK:COLLECTIVE:kill|abort"));
    }
  }
  return comm;
}

MpiCommunicator::~MpiCommunicator() { MPI_Finalize(); }

void MpiCommunicator::EnterCollective() {
  ++traffic_.collectives;
  if (fault_at_ == 0 || traffic_.collectives != fault_at_) return;
  if (fault_mode_ == "kill") raise(SIGKILL);
  Abort(
      absl::StrCat("induced failure at collective ", traffic_.collectives, " (RETRO_TEST_FAULT)"));
}

void MpiCommunicator::Count(uint64_t sent, uint64_t received) {
  if (sent > 0) {
    ++traffic_.messages_sent;
    traffic_.bytes_sent += sent;
  }
  if (received > 0) {
    ++traffic_.messages_received;
    traffic_.bytes_received += received;
  }
}

int MpiCommunicator::CountOf(uint64_t bytes, const char* what) {
  if (bytes > static_cast<uint64_t>(INT_MAX)) {
    Abort(absl::StrCat(what, " of ", bytes, " bytes exceeds the 2 GiB one exchange may carry"));
  }
  return static_cast<int>(bytes);
}

std::vector<uint8_t> MpiCommunicator::AllGatherBytes(std::span<const uint8_t> bytes,
                                                     std::vector<uint64_t>* counts) {
  EnterCollective();
  uint64_t mine = bytes.size();
  std::vector<uint64_t> all(size_);
  MPI_Allgather(&mine, 1, MPI_UINT64_T, all.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
  std::vector<int> sizes(size_), offsets(size_);
  uint64_t total = 0;
  for (int r = 0; r < size_; ++r) {
    sizes[r] = CountOf(all[r], "a gathered batch");
    offsets[r] = CountOf(total, "a gather");
    total += all[r];
    if (r != rank_) Count(mine, all[r]);
  }
  CountOf(total, "a gather");
  std::vector<uint8_t> out(total);
  MPI_Allgatherv(bytes.data(), sizes[rank_], MPI_BYTE, out.data(), sizes.data(), offsets.data(),
                 MPI_BYTE, MPI_COMM_WORLD);
  if (counts != nullptr) *counts = std::move(all);
  return out;
}

std::vector<std::vector<uint8_t>> MpiCommunicator::AllToAllBytes(
    const std::vector<std::vector<uint8_t>>& send) {
  EnterCollective();
  if (static_cast<int>(send.size()) != size_) {
    Abort(absl::StrCat("AllToAll given ", send.size(), " batches for ", size_, " ranks"));
  }
  std::vector<uint64_t> send_sizes(size_), receive_sizes(size_);
  for (int r = 0; r < size_; ++r) send_sizes[r] = send[r].size();
  MPI_Alltoall(send_sizes.data(), 1, MPI_UINT64_T, receive_sizes.data(), 1, MPI_UINT64_T,
               MPI_COMM_WORLD);
  std::vector<int> send_counts(size_), send_offsets(size_), receive_counts(size_),
      receive_offsets(size_);
  std::vector<uint8_t> packed;
  uint64_t send_total = 0, receive_total = 0;
  for (int r = 0; r < size_; ++r) {
    send_counts[r] = CountOf(send_sizes[r], "a batch");
    send_offsets[r] = CountOf(send_total, "an exchange");
    send_total += send_sizes[r];
    receive_counts[r] = CountOf(receive_sizes[r], "a batch");
    receive_offsets[r] = CountOf(receive_total, "an exchange");
    receive_total += receive_sizes[r];
    if (r != rank_) Count(send_sizes[r], receive_sizes[r]);
  }
  CountOf(send_total, "an exchange");
  CountOf(receive_total, "an exchange");
  packed.reserve(send_total);
  for (const std::vector<uint8_t>& batch : send)
    packed.insert(packed.end(), batch.begin(), batch.end());
  std::vector<uint8_t> received(receive_total);
  MPI_Alltoallv(packed.data(), send_counts.data(), send_offsets.data(), MPI_BYTE, received.data(),
                receive_counts.data(), receive_offsets.data(), MPI_BYTE, MPI_COMM_WORLD);
  std::vector<std::vector<uint8_t>> out(size_);
  for (int r = 0; r < size_; ++r) {
    out[r].assign(received.begin() + receive_offsets[r],
                  received.begin() + receive_offsets[r] + receive_counts[r]);
  }
  return out;
}

void MpiCommunicator::AllReduce(std::span<uint64_t> values, bool max) {
  EnterCollective();
  for (int r = 0; r + 1 < size_; ++r) Count(values.size_bytes(), values.size_bytes());
  MPI_Allreduce(MPI_IN_PLACE, values.data(), CountOf(values.size(), "a reduction"), MPI_UINT64_T,
                max ? MPI_MAX : MPI_SUM, MPI_COMM_WORLD);
}

void MpiCommunicator::Broadcast(std::vector<uint8_t>& bytes, int root) {
  EnterCollective();
  uint64_t size = bytes.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, root, MPI_COMM_WORLD);
  bytes.resize(size);
  MPI_Bcast(bytes.data(), CountOf(size, "a broadcast"), MPI_BYTE, root, MPI_COMM_WORLD);
  if (rank_ == root) {
    for (int r = 0; r + 1 < size_; ++r) Count(size, 0);
  } else {
    Count(0, size);
  }
}

void MpiCommunicator::Barrier() {
  EnterCollective();
  MPI_Barrier(MPI_COMM_WORLD);
}

void MpiCommunicator::Abort(const std::string& message) {
  std::fprintf(stderr, "retro: error: rank %d of %d: %s\n", rank_, size_, message.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::_Exit(1);
}

}  // namespace retro::distributed::internal

// The module's entry point, looked up by world.cc after dlopen: joins the
// job and returns its communicator, or null with the reason in `error`.
extern "C" __attribute__((visibility("default"))) retro::distributed::Communicator*
retro_mpi_connect(int* argc, char*** argv, char* error, size_t error_size) {
  auto comm = retro::distributed::internal::MpiCommunicator::Create(argc, argv);
  if (!comm.ok()) {
    std::snprintf(error, error_size, "%s", std::string(comm.status().message()).c_str());
    return nullptr;
  }
  return comm->release();
}
