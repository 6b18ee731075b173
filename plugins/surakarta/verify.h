// An independent consistency check of a solved Surakarta table: the loopy
// kit's verifier (retro::kit::LoopyWdlTables::CheckRecordByChildIndices, the
// one `retro verify` runs on FuChou files) on every record of one table in
// memory. Every position's stored value must equal the best value over its
// moves, computed afresh from the moves read off its index
// (child_indices.h, which `retro check` compares with the rules' move
// generator) and the stored values of the children (the same table for
// steps, the smaller table for captures), with terminal positions checked
// against the rules. It shares no code with the solver adapters beyond the
// byte codec.
//
// What it proves: a table that passes is a fixed point of the game's value
// equations, so every win and loss it states is genuine (distances chain down
// to captures and terminal positions). It cannot tell a genuine draw from a
// win or loss hidden in a cycle of positions all labelled draws; the solver's
// tests against brute force cover that.
#ifndef PLUGINS_SURAKARTA_VERIFY_H_
#define PLUGINS_SURAKARTA_VERIFY_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "games/surakarta/no_move_rule.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"

namespace retro::surakarta {

// Checks the `pieces`-piece `table` (indexed by FuChouIndexer) against
// `smaller`, the (pieces - 1)-piece table (unused for one piece). Returns OK,
// InvalidArgument for wrong sizes or piece counts, or DataLoss naming the
// first inconsistent position found (in notation) with stored and expected
// values.
absl::Status VerifyTable(int pieces, NoMoveRule rule,
                         const std::vector<uint8_t>& table,
                         const std::vector<uint8_t>* smaller, ThreadPool& pool,
                         Progress* progress);

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_VERIFY_H_
