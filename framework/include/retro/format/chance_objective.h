// Whether a chance game's player maximises or minimises: how the chance
// solver (retro/solver/chance.h) chooses and how readers of its values
// recompute a record (retro/kit/chance_rules.h, kObjective).
#ifndef RETRO_FORMAT_CHANCE_OBJECTIVE_H_
#define RETRO_FORMAT_CHANCE_OBJECTIVE_H_

namespace retro::chance {

// Whether the player maximises or minimises the value of its choice.
enum class Objective { kMaximize, kMinimize };

}  // namespace retro::chance

#endif  // RETRO_FORMAT_CHANCE_OBJECTIVE_H_
