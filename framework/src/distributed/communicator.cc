// The Communicator's key function and the single-process LocalCommunicator.
#include "retro/distributed/communicator.h"

#include <cstdio>
#include <cstdlib>

#include "retro/distributed/local_communicator.h"

namespace retro::distributed {

Communicator::~Communicator() = default;

std::vector<uint8_t> LocalCommunicator::AllGatherBytes(std::span<const uint8_t> bytes,
                                                       std::vector<uint64_t>* counts) {
  if (counts != nullptr) *counts = {bytes.size()};
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

std::vector<std::vector<uint8_t>> LocalCommunicator::AllToAllBytes(
    const std::vector<std::vector<uint8_t>>& send) {
  return send;
}

void LocalCommunicator::Abort(const std::string& message) {
  std::fprintf(stderr, "retro: error: %s\n", message.c_str());
  std::exit(1);
}

}  // namespace retro::distributed
