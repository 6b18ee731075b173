// Numbers written for people in retro's messages and reports: byte sizes in
// binary units and counts with thousands separators. Every command, kit and
// plugin writes sizes and counts through these, so that they read the same
// everywhere.
//
//   HumanBytes(3145728)  // "3.0 MiB"
//   Grouped(1234567)     // "1,234,567"
#ifndef RETRO_HUMAN_NUMBERS_H_
#define RETRO_HUMAN_NUMBERS_H_

#include <cstdint>
#include <string>

namespace retro {

// `bytes` in the largest binary unit it reaches, one decimal: "512 bytes",
// "1.5 KiB", "3.0 MiB", "1.2 GiB", "2.0 TiB".
std::string HumanBytes(uint64_t bytes);

// `value` with a comma between groups of three digits: "1,234,567".
std::string Grouped(uint64_t value);

}  // namespace retro

#endif  // RETRO_HUMAN_NUMBERS_H_
