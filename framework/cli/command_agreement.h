// Under mpirun every rank reads its own command line. Before any rank
// creates a file or starts to work, the ranks check that they understood
// the same command (AgreeOnCommand): a job whose ranks were given different
// rules, options or games, or one of whose ranks cannot read its command
// line, ends at once with one message instead of writing a wrong database
// or hanging.
#ifndef RETRO_CLI_COMMAND_AGREEMENT_H_
#define RETRO_CLI_COMMAND_AGREEMENT_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/distributed/communicator.h"

namespace retro::cli {

// One thing a command line says that every rank must say alike: `name`
// ("retro" for the command, "--game", "--seeds", "--resume", ...) and its
// value. A flag has no value and is listed only when given.
struct CommandItem {
  std::string name;
  std::string value;
  bool flag = false;
};

// What a rank understood its command line to ask, in a fixed order.
using CommandSummary = std::vector<CommandItem>;

// The first item of `mine` that `root` (rank 0's) lacks or gives another
// value, else the first of `root`'s that `mine` lacks, written for the
// error message: "--grand-slam capture (rank 0: forfeit)", "--no-checkpoint
// (rank 0: without it)", "without --resume (rank 0: --resume)". nullopt
// when the two say the same.
std::optional<std::string> FirstDifference(const CommandSummary& mine,
                                           const CommandSummary& root);

// The bytes a summary travels as, and back (an error for bytes that are
// not a summary).
std::vector<uint8_t> EncodeCommandSummary(const CommandSummary& summary);
absl::StatusOr<CommandSummary> DecodeCommandSummary(std::span<const uint8_t> bytes);

// Collective, called by every rank before it touches a file: `mine` is
// what this rank understood, or the error its command line gave. Returns
// OK when every rank read its command line and all say what rank 0's says.
// Otherwise an error every rank holds (marked agreed, so that ReportError
// prints it once): the lowest failing rank's own error, prefixed "rank R
// of N: " unless every rank failed alike; else InvalidArgument "rank R's
// command differs from rank 0's: <first difference>" for the lowest rank
// that differs. With one rank: `mine`'s status.
absl::Status AgreeOnCommand(distributed::Communicator& comm,
                            const absl::StatusOr<CommandSummary>& mine);

}  // namespace retro::cli

#endif  // RETRO_CLI_COMMAND_AGREEMENT_H_
