// The options a command takes from a plugin besides its own (a game's probe
// options, an export format's options): checked together with the
// command's option table, then resolved to their values.
#ifndef RETRO_CLI_PLUGIN_OPTIONS_H_
#define RETRO_CLI_PLUGIN_OPTIONS_H_

#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "cli/arguments.h"
#include "cli/option_table.h"
#include "retro/parameters.h"

namespace retro::cli {

// Fails for an option given without its value, or one that is neither in
// `table` nor in `specs` (the error names it as unknown for `context` and
// lists the table's options, then the plugin's); otherwise the values of
// `specs` given in `args`, defaults filled in (ResolveParameters, its
// errors naming `resolve_context`). The command's own options must have
// been taken from `args` already.
absl::StatusOr<ParameterValues> ResolvePluginOptions(const Arguments& args,
                                                     std::span<const CommandOption> table,
                                                     const std::vector<ParameterSpec>& specs,
                                                     const std::string& context,
                                                     const std::string& resolve_context);

}  // namespace retro::cli

#endif  // RETRO_CLI_PLUGIN_OPTIONS_H_
