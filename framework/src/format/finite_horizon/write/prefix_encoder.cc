// The prefix-code encoder's model choice
// (retro/format/finite_horizon/write/prefix_encoder.h): symbols escaped
// and capped per context, length-limited Huffman codes, canonical codes.
#include "retro/format/finite_horizon/write/prefix_encoder.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "retro/format/finite_horizon/prefix_code.h"

namespace retro {

PrefixCodeEncoder::PrefixCodeEncoder(const absl::flat_hash_map<uint64_t, uint64_t>& counts,
                                     uint64_t min_count) {
  absl::flat_hash_map<uint64_t, uint64_t> kept;
  for (const auto& [key, n] : counts) {
    if (n >= min_count || !Escapable(key)) {
      kept[key] += n;
    } else {
      kept[EscapeKey(ContextOf(key))] += n;
    }
  }
  std::vector<std::pair<uint64_t, uint64_t>> sorted(kept.begin(), kept.end());
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < sorted.size();) {
    size_t j = i;
    while (j < sorted.size() && ContextOf(sorted[j].first) == ContextOf(sorted[i].first)) ++j;
    std::vector<std::pair<uint64_t, uint64_t>> group(sorted.begin() + i, sorted.begin() + j);
    if (group.size() > kMaxContextSymbols) {
      // Keep the most frequent; the rest join the escape.
      const uint64_t escape = EscapeKey(ContextOf(group[0].first));
      std::sort(group.begin(), group.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
      });
      uint64_t escaped = 0;
      std::vector<std::pair<uint64_t, uint64_t>> kept_group;
      for (size_t k = 0; k < group.size(); ++k) {
        if (group[k].first != escape &&
            (k < kMaxContextSymbols - 1 || !Escapable(group[k].first))) {
          kept_group.push_back(group[k]);
        } else {
          escaped += group[k].second;
        }
      }
      kept_group.push_back({escape, escaped});
      std::sort(kept_group.begin(), kept_group.end());
      group = std::move(kept_group);
    }
    AddContext(group);
    i = j;
  }
}

std::vector<uint8_t> PrefixCodeEncoder::Model() const {
  std::vector<uint8_t> bytes(PrefixCodeDecoder::ModelBytes(contexts_.size(), symbols_.size()), 0);
  const uint32_t contexts = static_cast<uint32_t>(contexts_.size());
  const uint32_t symbols = static_cast<uint32_t>(symbols_.size());
  std::memcpy(bytes.data(), &contexts, 4);
  std::memcpy(bytes.data() + 4, &symbols, 4);
  uint8_t* heads = bytes.data() + 8;
  for (const auto& [id, count] : contexts_) {
    std::memcpy(heads, &id, 2);
    std::memcpy(heads + 2, &count, 2);
    heads += 4;
  }
  for (const auto& s : symbols_) {
    std::memcpy(heads, &s.layer_step, 2);
    heads[2] = static_cast<uint8_t>(s.value);
    heads[3] = static_cast<uint8_t>(s.length | (s.last ? 0x80 : 0));
    heads += 4;
  }
  return bytes;
}

void PrefixCodeEncoder::AddContext(std::span<const std::pair<uint64_t, uint64_t>> group) {
  const int id = ContextOf(group[0].first);
  std::vector<uint64_t> weight(group.size());
  for (size_t i = 0; i < group.size(); ++i) weight[i] = std::max<uint64_t>(group[i].second, 1);
  // Equal weights give depth ceil(log2 n), so halving ends.
  const int limit =
      std::max(kPrefixEncoderLength, static_cast<int>(std::bit_width(group.size() - 1)));
  std::vector<uint8_t> length;
  for (;;) {
    length = HuffmanLengths(weight);
    if (*std::max_element(length.begin(), length.end()) <= limit) break;
    for (uint64_t& w : weight) w = (w + 1) / 2;
  }
  std::vector<size_t> order(group.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return length[a] < length[b]; });
  contexts_.emplace_back(static_cast<uint16_t>(id), static_cast<uint16_t>(group.size()));
  uint32_t code = 0;
  int previous = length[order[0]];
  for (const size_t i : order) {
    code <<= (length[i] - previous);
    previous = length[i];
    const uint64_t key = group[i].first;
    symbols_.push_back(
        {StepOf(key), static_cast<int8_t>(key & 0xFF), length[i], ((key >> 24) & 1) != 0});
    uint32_t reversed = 0;
    for (int b = 0; b < length[i]; ++b) reversed |= ((code >> (length[i] - 1 - b)) & 1u) << b;
    codes_[key] = {reversed, code, length[i]};
    ++code;
  }
}

std::vector<uint8_t> PrefixCodeEncoder::HuffmanLengths(const std::vector<uint64_t>& weight) {
  const size_t n = weight.size();
  if (n == 1) return {1};
  std::vector<uint32_t> leaves(n);
  std::iota(leaves.begin(), leaves.end(), uint32_t{0});
  std::sort(leaves.begin(), leaves.end(), [&](uint32_t a, uint32_t b) {
    return weight[a] != weight[b] ? weight[a] < weight[b] : a < b;
  });
  std::vector<uint64_t> node_weight(2 * n - 1);
  std::vector<uint32_t> parent(2 * n - 1, 0);
  for (size_t i = 0; i < n; ++i) node_weight[i] = weight[i];
  size_t next_leaf = 0, next_joined = n, made = n;
  const auto lightest = [&]() -> uint32_t {
    if (next_leaf < n) {
      const uint32_t leaf = leaves[next_leaf];
      // A leaf's number is below every joined node's: it wins ties.
      if (next_joined == made || node_weight[leaf] <= node_weight[next_joined]) {
        ++next_leaf;
        return leaf;
      }
    }
    return static_cast<uint32_t>(next_joined++);
  };
  while (made < 2 * n - 1) {
    const uint32_t a = lightest();
    const uint32_t b = lightest();
    node_weight[made] = node_weight[a] + node_weight[b];
    parent[a] = parent[b] = static_cast<uint32_t>(made);
    ++made;
  }
  std::vector<uint8_t> depth(2 * n - 1, 0);
  for (size_t node = 2 * n - 2; node-- > 0;) depth[node] = depth[parent[node]] + 1;
  return std::vector<uint8_t>(depth.begin(), depth.begin() + n);  // the leaves'
}

}  // namespace retro
