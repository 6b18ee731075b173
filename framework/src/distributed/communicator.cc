// The Communicator's key function and the single-process LocalCommunicator.
#include "retro/distributed/communicator.h"

#include <cstdio>
#include <cstdlib>

#include "retro/distributed/local_communicator.h"

namespace retro::distributed {

Communicator::~Communicator() = default;

void LocalCommunicator::Abort(const std::string& message) {
  std::fprintf(stderr, "retro: error: %s\n", message.c_str());
  std::exit(1);
}

}  // namespace retro::distributed
