// PrintRankTable and WriteRankReports.
#include "cli/rank_table.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "cli/format.h"

namespace retro::cli {

void PrintRankTable(const std::vector<distributed::RankReport>& reports) {
  std::printf("%-6s %12s %10s %10s %12s %12s %10s %10s %11s\n", "rank", "peak memory", "CPU",
              "wall", "sent", "received", "msgs out", "msgs in", "collectives");
  distributed::RankReport total;
  for (const distributed::RankReport& r : reports) {
    std::printf("%-6llu %12s %10s %10s %12s %12s %10s %10s %11s\n",
                static_cast<unsigned long long>(r.rank), HumanBytes(r.peak_memory_bytes).c_str(),
                HumanSeconds(r.cpu_seconds).c_str(), HumanSeconds(r.wall_seconds).c_str(),
                HumanBytes(r.traffic.bytes_sent).c_str(),
                HumanBytes(r.traffic.bytes_received).c_str(),
                Grouped(r.traffic.messages_sent).c_str(),
                Grouped(r.traffic.messages_received).c_str(),
                Grouped(r.traffic.collectives).c_str());
    total.peak_memory_bytes = std::max(total.peak_memory_bytes, r.peak_memory_bytes);
    total.cpu_seconds += r.cpu_seconds;
    total.wall_seconds = std::max(total.wall_seconds, r.wall_seconds);
    total.traffic.bytes_sent += r.traffic.bytes_sent;
    total.traffic.bytes_received += r.traffic.bytes_received;
    total.traffic.messages_sent += r.traffic.messages_sent;
    total.traffic.messages_received += r.traffic.messages_received;
  }
  // The total's memory and wall are the largest rank's; the rest are sums.
  std::printf("%-6s %12s %10s %10s %12s %12s %10s %10s\n", "all",
              ("max " + HumanBytes(total.peak_memory_bytes)).c_str(),
              HumanSeconds(total.cpu_seconds).c_str(), HumanSeconds(total.wall_seconds).c_str(),
              HumanBytes(total.traffic.bytes_sent).c_str(),
              HumanBytes(total.traffic.bytes_received).c_str(),
              Grouped(total.traffic.messages_sent).c_str(),
              Grouped(total.traffic.messages_received).c_str());
}

void WriteRankReports(JsonWriter& json, const std::vector<distributed::RankReport>& reports) {
  json.Key("rank_reports").BeginArray();
  for (const distributed::RankReport& r : reports) {
    json.BeginObject()
        .Key("rank").Uint(r.rank)
        .Key("peak_memory_bytes").Uint(r.peak_memory_bytes)
        .Key("cpu_seconds").Double(r.cpu_seconds)
        .Key("wall_seconds").Double(r.wall_seconds)
        .Key("bytes_sent").Uint(r.traffic.bytes_sent)
        .Key("bytes_received").Uint(r.traffic.bytes_received)
        .Key("messages_sent").Uint(r.traffic.messages_sent)
        .Key("messages_received").Uint(r.traffic.messages_received)
        .Key("collectives").Uint(r.traffic.collectives)
        .EndObject();
  }
  json.EndArray();
}

}  // namespace retro::cli
