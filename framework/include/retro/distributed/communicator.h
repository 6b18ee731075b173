// The communication layer of distributed solving: what solvers, kits and the
// command line may ask of the other processes ("ranks") of an MPI job, so
// that none of them calls MPI directly. A single-process run uses the
// LocalCommunicator (retro/distributed/local_communicator.h): one rank, and
// every collective returns its own input, so a solver's distributed code
// path is the same code with R = 1. The MPI implementation lives in the
// framework library (framework/src/distributed/mpi_communicator.cc) and is
// reached through retro/distributed/world.h.
//
// Every member except rank(), size() and Abort() is a collective: every rank
// calls it, in the same order, from one thread (never from inside a
// ThreadPool loop). Messages are whole batches (a layer's changes, a
// range's requests), never one position each. A broken connection or a
// dead rank ends the whole job (MPI's fatal error handler), so collectives
// return no status.
//
//   retro::distributed::Communicator& comm = ...;
//   std::vector<Change> all = retro::distributed::AllGather(comm, std::span(mine));
//   uint64_t total = comm.AllReduceSum(local_count);
#ifndef RETRO_DISTRIBUTED_COMMUNICATOR_H_
#define RETRO_DISTRIBUTED_COMMUNICATOR_H_

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace retro::distributed {

// What this rank has sent and received through the collectives so far,
// counted as the point-to-point payload each collective means: an
// all-gather sends this rank's batch to each other rank, an all-to-all
// send[r] to rank r, a reduction this rank's values to each other rank, a
// broadcast the root's bytes to each other rank. A message is one non-empty
// payload to (or from) one other rank. The byte counts that the
// variable-sized collectives exchange first (8 bytes a peer) are not
// counted, and MPI's algorithms may relay bytes through other ranks (rings,
// trees): this is the data the solver asks to move, not the wire's.
struct Traffic {
  uint64_t collectives = 0;
  uint64_t messages_sent = 0;
  uint64_t messages_received = 0;
  uint64_t bytes_sent = 0;
  uint64_t bytes_received = 0;
};

// The ranks of one job. Implementations: LocalCommunicator (one rank) and
// the MPI communicator of the framework library.
class Communicator {
 public:
  virtual ~Communicator();

  // This process's rank, 0..size()-1, and the number of ranks.
  virtual int rank() const = 0;
  virtual int size() const = 0;

  // Collective: every rank contributes `bytes`; returns the concatenation
  // of every rank's bytes in rank order, and in `counts` (if not null) how
  // many bytes each rank gave.
  virtual std::vector<uint8_t> AllGatherBytes(std::span<const uint8_t> bytes,
                                              std::vector<uint64_t>* counts) = 0;

  // Collective: `send[r]` goes to rank r (send.size() == size()); returns
  // what each rank sent to this one, indexed by the sender.
  virtual std::vector<std::vector<uint8_t>> AllToAllBytes(
      const std::vector<std::vector<uint8_t>>& send) = 0;

  // Collective: element-wise sum, or maximum, of `values` over every rank
  // (every rank passes the same number of values); the result replaces
  // `values` on every rank.
  virtual void AllReduceSum(std::span<uint64_t> values) = 0;
  virtual void AllReduceMax(std::span<uint64_t> values) = 0;

  // Collective: rank `root`'s `bytes` replace every other rank's.
  virtual void Broadcast(std::vector<uint8_t>& bytes, int root) = 0;

  // Collective: returns when every rank has called it.
  virtual void Barrier() = 0;

  // Not collective: prints "retro: error: rank R of N: <message>" on stderr
  // and ends the whole job (every rank) with a failure status. Never
  // returns.
  [[noreturn]] virtual void Abort(const std::string& message) = 0;

  // Not collective: this rank's traffic so far (zero with one rank).
  virtual Traffic traffic() const { return {}; }

  // Convenience forms of the collectives above.
  uint64_t AllReduceSum(uint64_t value) {
    AllReduceSum(std::span<uint64_t>(&value, 1));
    return value;
  }
  uint64_t AllReduceMax(uint64_t value) {
    AllReduceMax(std::span<uint64_t>(&value, 1));
    return value;
  }
  // True on every rank when `flag` is true on any rank.
  bool AnyRank(bool flag) { return AllReduceMax(flag ? 1 : 0) != 0; }
};

// Collective: the concatenation, in rank order, of every rank's `items` (a
// trivially copyable type); `counts`, if not null, receives how many items
// each rank gave.
template <typename T>
std::vector<T> AllGather(Communicator& comm, std::span<const T> items,
                         std::vector<uint64_t>* counts = nullptr) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::vector<uint64_t> byte_counts;
  const std::vector<uint8_t> bytes = comm.AllGatherBytes(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(items.data()), items.size_bytes()),
      &byte_counts);
  std::vector<T> out(bytes.size() / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
  if (counts != nullptr) {
    counts->clear();
    for (const uint64_t b : byte_counts) counts->push_back(b / sizeof(T));
  }
  return out;
}

// Collective: `send[r]` (items of a trivially copyable type) goes to rank r;
// returns the items each rank sent to this one, indexed by the sender.
template <typename T>
std::vector<std::vector<T>> AllToAll(Communicator& comm, const std::vector<std::vector<T>>& send) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::vector<std::vector<uint8_t>> bytes(send.size());
  for (size_t r = 0; r < send.size(); ++r) {
    bytes[r].resize(send[r].size() * sizeof(T));
    if (!send[r].empty()) std::memcpy(bytes[r].data(), send[r].data(), bytes[r].size());
  }
  const std::vector<std::vector<uint8_t>> received = comm.AllToAllBytes(bytes);
  std::vector<std::vector<T>> out(received.size());
  for (size_t r = 0; r < received.size(); ++r) {
    out[r].resize(received[r].size() / sizeof(T));
    if (!out[r].empty()) std::memcpy(out[r].data(), received[r].data(), out[r].size() * sizeof(T));
  }
  return out;
}

}  // namespace retro::distributed

#endif  // RETRO_DISTRIBUTED_COMMUNICATOR_H_
