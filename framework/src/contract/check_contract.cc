// The contract checker's choice of indices (retro/contract/check_contract.h).
#include "retro/contract/check_contract.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace retro::internal {

std::vector<uint64_t> SampleIndices(uint64_t size, int slice, const CheckOptions& options) {
  if (options.sample == 0 || size <= options.sample) {
    std::vector<uint64_t> indices(size);
    std::iota(indices.begin(), indices.end(), uint64_t{0});
    return indices;
  }
  std::vector<uint64_t> indices = {0, size - 1};
  indices.reserve(options.sample);
  uint64_t state = SplitMix64(options.seed ^ (static_cast<uint64_t>(slice) << 32));
  while (indices.size() < options.sample) {
    state = SplitMix64(state);
    indices.push_back(state % size);
  }
  std::sort(indices.begin(), indices.end());
  indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
  return indices;
}
}  // namespace retro::internal
