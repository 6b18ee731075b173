// Deterministic damage to a valid database file for the mutation sweep
// (mutation_sweep_test.cc): truncations, byte flips, and "sealed" mutants,
// whose slice and header checksums are recomputed after the damage so that
// the container accepts them and only the plugin's own checks (or verify)
// stand between the damage and the user: changed slice bytes, 16/32/64-bit
// fields set to 0, all ones or large values, slice-table entries moved or
// resized, header parameters set to junk, slices removed or duplicated.
#ifndef RETRO_TESTS_SWEEP_MUTANTS_H_
#define RETRO_TESTS_SWEEP_MUTANTS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace retro::sweep {

struct Mutant {
  std::string kind;         // the family, e.g. "sealed slice u16"
  std::string description;  // exactly what was changed
  std::vector<uint8_t> bytes;
  // Accepting the file is wrong even if every value read back is right
  // (two slices of one name: readers may disagree about which holds).
  bool must_refuse = false;
  // Every checksum in the file matches what it covers (all kinds but
  // "truncate", "extend" and "flip ..."): a refusal naming a checksum means
  // the sweep, not retro, is broken.
  bool sealed = false;
};

// How many mutants of the sampled families to make (the others are one per
// field, parameter or slice).
struct MutationBudget {
  int random_truncations = 8;
  int header_flips = 20;
  int slice_flips = 20;
  int padding_flips = 4;
  int sealed_slice_bytes = 36;
  int sealed_slice_fields = 90;  // besides the first 64 bytes of each slice
  int sealed_header_bytes = 20;
};

// The mutants of `original` (a valid database file), the same for the same
// `seed`. Every mutant differs from the original.
std::vector<Mutant> MakeMutants(const std::vector<uint8_t>& original,
                                uint64_t seed,
                                const MutationBudget& budget = {});

}  // namespace retro::sweep

#endif  // RETRO_TESTS_SWEEP_MUTANTS_H_
