// AgreeOnCommand: every rank's parse status gathered, then rank 0's
// command broadcast and compared by every rank, and the differences
// gathered.
#include "cli/command_agreement.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "retro/distributed/status_agreement.h"

namespace retro::cli {
namespace {

// How an item reads in a message: "--seeds 5", "--resume", "retro solve".
std::string Shown(const CommandItem& item) {
  return item.flag ? item.name : absl::StrCat(item.name, " ", item.value);
}

const CommandItem* Find(const CommandSummary& summary, const std::string& name) {
  const auto it = std::find_if(summary.begin(), summary.end(),
                               [&](const CommandItem& item) { return item.name == name; });
  return it == summary.end() ? nullptr : &*it;
}

void PutWord(uint32_t word, std::vector<uint8_t>& out) {
  for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<uint8_t>(word >> shift));
}

void PutText(const std::string& text, std::vector<uint8_t>& out) {
  PutWord(static_cast<uint32_t>(text.size()), out);
  out.insert(out.end(), text.begin(), text.end());
}

// Reads from the front of `bytes`, consuming what it reads; false when
// `bytes` ends too soon.
bool GetWord(std::span<const uint8_t>& bytes, uint32_t* word) {
  if (bytes.size() < 4) return false;
  *word = 0;
  for (int i = 0; i < 4; ++i) *word |= static_cast<uint32_t>(bytes[i]) << (8 * i);
  bytes = bytes.subspan(4);
  return true;
}

bool GetText(std::span<const uint8_t>& bytes, std::string* text) {
  uint32_t size = 0;
  if (!GetWord(bytes, &size) || bytes.size() < size) return false;
  text->assign(bytes.begin(), bytes.begin() + size);
  bytes = bytes.subspan(size);
  return true;
}

// Collective: OK when every rank's `status` is OK; else the lowest failing
// rank's error, named unless every rank failed with the same error.
absl::Status AgreeOnParsing(distributed::Communicator& comm, const absl::Status& status) {
  std::vector<uint8_t> mine;
  PutWord(static_cast<uint32_t>(status.code()), mine);
  const std::string message(status.message());
  mine.insert(mine.end(), message.begin(), message.end());
  std::vector<uint64_t> counts;
  const std::vector<uint8_t> all = comm.AllGatherBytes(mine, &counts);
  std::vector<std::pair<uint32_t, std::string>> statuses;
  size_t at = 0;
  for (const uint64_t count : counts) {
    std::span<const uint8_t> part(all.data() + at, count);
    at += count;
    uint32_t code = 0;
    GetWord(part, &code);
    statuses.emplace_back(code, std::string(part.begin(), part.end()));
  }
  const auto failed = std::find_if(statuses.begin(), statuses.end(),
                                   [](const auto& s) { return s.first != 0; });
  if (failed == statuses.end()) return absl::OkStatus();
  const bool alike = std::all_of(statuses.begin(), statuses.end(),
                                 [&](const auto& s) { return s == *failed; });
  const std::string text =
      alike ? failed->second
            : absl::StrCat("rank ", failed - statuses.begin(), " of ", comm.size(), ": ",
                           failed->second);
  return distributed::MarkAgreed(
      absl::Status(static_cast<absl::StatusCode>(failed->first), text));
}

// Collective: OK when every rank's `mine` says what rank 0's says; else the
// lowest differing rank's first difference.
absl::Status AgreeOnSummary(distributed::Communicator& comm, const CommandSummary& mine) {
  std::vector<uint8_t> root_bytes;
  if (comm.rank() == 0) root_bytes = EncodeCommandSummary(mine);
  comm.Broadcast(root_bytes, 0);
  absl::StatusOr<CommandSummary> root = DecodeCommandSummary(root_bytes);
  std::string difference;
  if (!root.ok()) {
    difference = std::string(root.status().message());
  } else if (std::optional<std::string> found = FirstDifference(mine, *root)) {
    difference = *std::move(found);
  }
  std::vector<uint64_t> counts;
  const std::vector<uint8_t> all = comm.AllGatherBytes(
      std::span(reinterpret_cast<const uint8_t*>(difference.data()), difference.size()),
      &counts);
  size_t at = 0;
  for (size_t rank = 0; rank < counts.size(); ++rank) {
    if (counts[rank] != 0) {
      return distributed::MarkAgreed(absl::InvalidArgumentError(absl::StrCat(
          "rank ", rank, "'s command differs from rank 0's: ",
          std::string(all.begin() + at, all.begin() + at + counts[rank]))));
    }
    at += counts[rank];
  }
  return absl::OkStatus();
}

}  // namespace

std::optional<std::string> FirstDifference(const CommandSummary& mine,
                                           const CommandSummary& root) {
  for (const CommandItem& item : mine) {
    const CommandItem* other = Find(root, item.name);
    if (other == nullptr) return absl::StrCat(Shown(item), " (rank 0: without it)");
    if (other->flag != item.flag || other->value != item.value) {
      return absl::StrCat(Shown(item), " (rank 0: ", other->flag ? "with it" : other->value,
                          ")");
    }
  }
  for (const CommandItem& item : root) {
    if (Find(mine, item.name) == nullptr) {
      return absl::StrCat("without ", item.name, " (rank 0: ", Shown(item), ")");
    }
  }
  return std::nullopt;
}

std::vector<uint8_t> EncodeCommandSummary(const CommandSummary& summary) {
  std::vector<uint8_t> bytes;
  PutWord(static_cast<uint32_t>(summary.size()), bytes);
  for (const CommandItem& item : summary) {
    PutText(item.name, bytes);
    PutText(item.value, bytes);
    bytes.push_back(item.flag ? 1 : 0);
  }
  return bytes;
}

absl::StatusOr<CommandSummary> DecodeCommandSummary(std::span<const uint8_t> bytes) {
  const absl::Status bad = absl::InternalError("rank 0's command arrived damaged");
  uint32_t size = 0;
  if (!GetWord(bytes, &size)) return bad;
  CommandSummary summary;
  for (uint32_t i = 0; i < size; ++i) {
    CommandItem item;
    if (!GetText(bytes, &item.name) || !GetText(bytes, &item.value) || bytes.empty()) return bad;
    item.flag = bytes[0] != 0;
    bytes = bytes.subspan(1);
    summary.push_back(std::move(item));
  }
  if (!bytes.empty()) return bad;
  return summary;
}

absl::Status AgreeOnCommand(distributed::Communicator& comm,
                            const absl::StatusOr<CommandSummary>& mine) {
  if (comm.size() == 1) {
    return mine.ok() ? absl::OkStatus() : distributed::MarkAgreed(mine.status());
  }
  if (absl::Status parsed = AgreeOnParsing(comm, mine.status()); !parsed.ok()) return parsed;
  return AgreeOnSummary(comm, *mine);
}

}  // namespace retro::cli
