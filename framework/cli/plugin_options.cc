// Checking and resolving a plugin's options next to a command's own.
#include "cli/plugin_options.h"

#include <set>

#include "absl/strings/str_join.h"
#include "retro/status_macros.h"

namespace retro::cli {

absl::StatusOr<ParameterValues> ResolvePluginOptions(const Arguments& args,
                                                     std::span<const CommandOption> table,
                                                     const std::vector<ParameterSpec>& specs,
                                                     const std::string& context,
                                                     const std::string& resolve_context) {
  // 1. No option unknown to both the command and the plugin.
  std::vector<std::string> valid = OptionNames(table, {});
  std::set<std::string> known;
  for (const ParameterSpec& spec : specs) {
    valid.push_back("--" + spec.name);
    known.insert(spec.name);
  }
  RETRO_RETURN_IF_ERROR(args.CheckLeftovers(known, context, absl::StrJoin(valid, ", ")));
  // 2. The plugin's options, with their defaults.
  return ResolveParameters(specs, args.options, resolve_context);
}

}  // namespace retro::cli
