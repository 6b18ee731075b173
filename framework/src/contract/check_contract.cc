// The contract checker's choice of indices (retro/contract/check_contract.h).
#include "retro/contract/check_contract.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace retro::internal {

std::vector<uint64_t> SampleIndices(uint64_t size, int slice, const CheckOptions& options) {
  std::vector<uint64_t> indices;
  if (size == 0) return indices;
  if (options.sample == 0 || size <= options.sample) {
    indices.resize(size);
    for (uint64_t i = 0; i < size; ++i) indices[i] = i;
    return indices;
  }
  indices.reserve(options.sample);
  indices.push_back(0);
  indices.push_back(size - 1);
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
