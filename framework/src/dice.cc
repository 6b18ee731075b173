// The distinct rolls of n dice (retro/dice.h): the non-decreasing face
// sequences, each weighted by the multinomial count of its orderings.
#include "retro/dice.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace retro {
namespace {

// n! / (m_1! m_2! ...) for the multiplicities m_i of the faces of `roll`
// (sorted), computed as a product of binomials so it stays exact.
uint64_t Orderings(const std::vector<int>& roll) {
  uint64_t orderings = 1;
  int placed = 0;
  for (std::size_t start = 0; start < roll.size();) {
    std::size_t end = start;
    while (end < roll.size() && roll[end] == roll[start]) ++end;
    // Choose the places of this face's dice among those placed so far.
    for (std::size_t k = 1; k <= end - start; ++k) {
      orderings = orderings * (placed + k) / k;
    }
    placed += static_cast<int>(end - start);
    start = end;
  }
  return orderings;
}

}  // namespace

std::vector<DiceRoll> DiceRolls(int dice, int faces) {
  std::vector<DiceRoll> rolls;
  std::vector<int> roll(dice, 1);
  while (true) {
    rolls.push_back({roll, Orderings(roll)});
    // The next non-decreasing sequence: raise the last face below `faces`
    // and set every face after it to the same value.
    int i = dice - 1;
    while (i >= 0 && roll[i] == faces) --i;
    if (i < 0) return rolls;
    ++roll[i];
    for (int j = i + 1; j < dice; ++j) roll[j] = roll[i];
  }
}

uint64_t DiceTotalWeight(int dice, int faces) {
  uint64_t total = 1;
  for (int i = 0; i < dice; ++i) total *= static_cast<uint64_t>(faces);
  return total;
}

}  // namespace retro
