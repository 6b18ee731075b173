// What the host requires of a plugin's GameDescription before it uses it
// (the loader checks it, framework/src/plugin_loader.cc): parameter names it
// can read from a command line as `--name value`, none given twice in a
// list (a kit adds its own to a game's: the finite-horizon kit's `layout`,
// retro/kit/layout.h), and none the host reads as its own option.
#ifndef RETRO_HOST_GAME_DESCRIPTION_CHECK_H_
#define RETRO_HOST_GAME_DESCRIPTION_CHECK_H_

#include <span>

#include "absl/status/status.h"
#include "retro/game_module.h"

namespace retro {

// The options `retro` reads itself on the commands that also take a game's
// parameters (solve and check its solve parameters, probe and compare its
// probe parameters): no parameter may be called like one of them.
std::span<const char* const> HostOptionNames();

// OK, or FailedPrecondition naming the first fault: a solve or probe
// parameter whose name is not lower-case letters, digits and inner '-'
// (starting with a letter), that a list names twice, or that is a host
// option (HostOptionNames).
absl::Status CheckGameDescription(const GameDescription& game);

}  // namespace retro

#endif  // RETRO_HOST_GAME_DESCRIPTION_CHECK_H_
