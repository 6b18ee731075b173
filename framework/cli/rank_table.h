// How `retro solve` and `retro verify` show what every rank of a
// distributed job used (retro/host/rank_report.h): a table for
// people, an array for --json.
#ifndef RETRO_CLI_RANK_TABLE_H_
#define RETRO_CLI_RANK_TABLE_H_

#include <vector>

#include "retro/host/rank_report.h"
#include "retro/json_writer.h"

namespace retro::cli {

// Prints one line per rank (peak memory, CPU, wall, bytes and messages
// sent and received, collectives) and a total line, on stdout.
void PrintRankTable(const std::vector<distributed::RankReport>& reports);

// Writes the key "rank_reports": an array of one object per rank.
void WriteRankReports(JsonWriter& json, const std::vector<distributed::RankReport>& reports);

}  // namespace retro::cli

#endif  // RETRO_CLI_RANK_TABLE_H_
