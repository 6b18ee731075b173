// The distinct rolls of n dice with their weights, for the chance kit's
// games: a roll is its faces in non-decreasing order (the dice are
// interchangeable), weighted by how many of the faces^n ordered throws show
// it, so that a roll's probability is weight / total_weight.
#ifndef RETRO_DICE_H_
#define RETRO_DICE_H_

#include <cstdint>
#include <vector>

namespace retro {

// One distinct roll: `faces` in non-decreasing order, each 1..faces of the
// die, and the number of ordered throws that show it.
struct DiceRoll {
  std::vector<int> faces;
  uint64_t weight = 0;
};

// Every distinct roll of `dice` dice of `faces` faces each, in lexicographic
// order of their faces (for two six-sided dice: 1-1, 1-2, ..., 6-6, 21
// rolls, doubles of weight 1 and the others of weight 2, 36 in all).
// Requires 1 <= dice <= 16 and 1 <= faces <= 64.
std::vector<DiceRoll> DiceRolls(int dice, int faces = 6);

// The sum of the weights of DiceRolls(dice, faces): faces^dice.
uint64_t DiceTotalWeight(int dice, int faces = 6);

}  // namespace retro

#endif  // RETRO_DICE_H_
