// AgreeOnStatus: every rank's status code gathered, the lowest failing
// rank's message broadcast.
#include "retro/distributed/status_agreement.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"

namespace retro::distributed {

constexpr char kAgreedPayload[] = "type.googleapis.com/retro.distributed.Agreed";

absl::Status MarkAgreed(absl::Status status) {
  status.SetPayload(kAgreedPayload, absl::Cord("1"));
  return status;
}

absl::Status AgreeOnStatus(Communicator& comm, const absl::Status& status) {
  if (comm.size() == 1) return status.ok() ? status : MarkAgreed(status);
  const uint32_t code = static_cast<uint32_t>(status.code());
  const std::vector<uint32_t> codes = AllGather(comm, std::span<const uint32_t>(&code, 1));
  const auto first_failed = std::ranges::find_if(codes, [](uint32_t c) { return c != 0; });
  if (first_failed == codes.end()) return absl::OkStatus();
  const int failed = static_cast<int>(first_failed - codes.begin());
  std::vector<uint8_t> message;
  if (comm.rank() == failed) message.assign(status.message().begin(), status.message().end());
  comm.Broadcast(message, failed);
  return MarkAgreed(absl::Status(static_cast<absl::StatusCode>(codes[failed]),
                                 absl::StrCat("rank ", failed, " of ", comm.size(), ": ",
                                              std::string(message.begin(), message.end()))));
}

bool IsAgreed(const absl::Status& status) { return status.GetPayload(kAgreedPayload).has_value(); }

}  // namespace retro::distributed
