// The `retro explore` web server: HTTP/1.1 on POSIX sockets, one thread a
// connection, with the limits of ExploreLimits.
#include "cli/explore/explore_server.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <exception>
#include <functional>
#include <map>
#include <new>
#include <optional>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "cli/explore/explore_api.h"
#include "cli/explore/explore_assets.h"

namespace retro::cli {
namespace {

using Clock = std::chrono::steady_clock;

// How often a waiting connection or the accept loop looks at Stop.
constexpr std::chrono::milliseconds kTick{100};
constexpr size_t kReadChunk = 4096;

// The page may load only its own files and talk only to this server.
constexpr char kPagePolicy[] =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// The reason phrase of an HTTP status the server sends.
const char* Reason(int status) {
  static constexpr std::pair<int, const char*> kReasons[] = {{200, "OK"},
                                                             {206, "Partial Content"},
                                                             {400, "Bad Request"},
                                                             {404, "Not Found"},
                                                             {405, "Method Not Allowed"},
                                                             {408, "Request Timeout"},
                                                             {413, "Content Too Large"},
                                                             {414, "URI Too Long"},
                                                             {416, "Range Not Satisfiable"},
                                                             {503, "Service Unavailable"}};
  for (const auto& [code, reason] : kReasons) {
    if (code == status) return reason;
  }
  return "Internal Server Error";
}

// `text` without the blanks (spaces and tabs) around it.
std::string_view Strip(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// The value of 1 to 18 decimal digits; nullopt for anything else.
std::optional<uint64_t> Digits(std::string_view text) {
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  if (text.empty() || text.size() > 18 || std::from_chars(text.data(), end, value).ptr != end) {
    return std::nullopt;
  }
  return value;
}

std::string KiB(size_t bytes) { return absl::StrCat(bytes / 1024, " KiB"); }

// A request, once its head is read and checked.
struct Request {
  std::string method;
  std::string path;  // percent-decoded
  QueryParameters query;
  bool http10 = false;
  // Header names in lower case, values without surrounding blanks; those
  // of one name in request order.
  std::multimap<std::string, std::string, std::less<>> headers;

  int Count(std::string_view name) const { return static_cast<int>(headers.count(name)); }
  const std::string* Find(std::string_view name) const {
    const auto found = headers.lower_bound(name);  // the first of that name
    return found == headers.end() || found->first != name ? nullptr : &found->second;
  }
};

}  // namespace

// An answer. Outside the unnamed namespace: ExploreServer::Session, a
// member of a class with linkage, holds one.
namespace explore_internal {
struct Reply {
  int status = 200;
  std::string content_type = "application/json; charset=utf-8";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  bool close = false;  // close the connection after it
};
}  // namespace explore_internal

namespace {

using explore_internal::Reply;

Reply FromApi(const ApiReply& api) {
  Reply reply;
  reply.status = api.status;
  reply.body = api.body;
  return reply;
}

// The error envelope for `status` with `message`; closes the connection
// when `close`.
Reply Error(int status, const std::string& message, bool close = true) {
  const absl::Status error =
      status >= 500 ? absl::UnavailableError(message) : absl::InvalidArgumentError(message);
  Reply reply = FromApi(ApiError("explore", error, status));
  reply.close = close;
  return reply;
}

// Whether `text` is an HTTP token (a method, a header name): not empty, of
// letters, digits and !#$%&'*+-.^_`|~ only.
bool IsToken(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return std::isalnum(u) || (u != 0 && std::strchr("!#$%&'*+-.^_`|~", u) != nullptr);
  });
}

// `text` with each %XY replaced by its byte (a '%' not followed by two hex
// digits stays as it is), and with `plus_as_space`, each '+' by a space.
std::string DecodeUrl(std::string_view text, bool plus_as_space) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char* hex = text.data() + i + 1;
    unsigned char byte = 0;
    if (text[i] == '%' && i + 2 < text.size() &&
        std::from_chars(hex, hex + 2, byte, 16).ptr == hex + 2) {
      out.push_back(static_cast<char>(byte));
      i += 2;
    } else if (plus_as_space && text[i] == '+') {
      out.push_back(' ');
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

QueryParameters ParseQuery(std::string_view text) {
  QueryParameters query;
  while (!text.empty()) {
    const size_t amp = text.find('&');
    const std::string_view pair = text.substr(0, amp);
    text = amp == std::string_view::npos ? std::string_view() : text.substr(amp + 1);
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    std::string name = DecodeUrl(pair.substr(0, eq), true);
    if (name.empty()) continue;
    query.emplace(std::move(name), eq == std::string_view::npos
                                       ? std::string()
                                       : DecodeUrl(pair.substr(eq + 1), true));
  }
  return query;
}

// Parses the head (request line and header lines, each ending in "\n" or
// "\r\n", without the blank line that ends the head; ReadHead has checked
// that there are not too many) into `request`; an error answer when it is
// malformed.
std::optional<Reply> ParseHead(std::string_view head, Request& request) {
  std::vector<std::string_view> lines;
  while (!head.empty()) {
    const size_t end = head.find('\n');
    std::string_view line = head.substr(0, end);
    head = end == std::string_view::npos ? std::string_view() : head.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
  }
  // 1. The request line: METHOD SP TARGET SP HTTP/1.x.
  const std::string_view line = lines[0];
  const size_t space1 = line.find(' ');
  const size_t space2 = space1 == std::string_view::npos ? space1 : line.find(' ', space1 + 1);
  if (space2 == std::string_view::npos || line.find(' ', space2 + 1) != std::string_view::npos) {
    return Error(400, "malformed request line (want METHOD /PATH HTTP/1.1)");
  }
  request.method = std::string(line.substr(0, space1));
  const std::string_view target = line.substr(space1 + 1, space2 - space1 - 1);
  const std::string_view version = line.substr(space2 + 1);
  if (!IsToken(request.method)) {
    return Error(400, "malformed request: bad method");
  }
  if (version != "HTTP/1.1" && version != "HTTP/1.0") {
    return Error(400, "unsupported HTTP version (the explorer speaks HTTP/1.0 and 1.1)");
  }
  request.http10 = version == "HTTP/1.0";
  if (target.empty() || target[0] != '/' || std::any_of(target.begin(), target.end(), [](char c) {
        return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f;
      })) {
    return Error(400, "malformed request target (want a path starting with '/')");
  }
  const size_t mark = target.find('?');
  std::string_view path = target.substr(0, mark);
  path = path.substr(0, path.find('#'));
  request.path = DecodeUrl(path, false);
  if (mark != std::string_view::npos) {
    std::string_view query = target.substr(mark + 1);
    request.query = ParseQuery(query.substr(0, query.find('#')));
  }
  // 2. The header lines: NAME ":" VALUE, no control characters.
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::string_view header = lines[i];
    if (header[0] == ' ' || header[0] == '\t') {
      return Error(400, "malformed request: a folded header line");
    }
    const size_t colon = header.find(':');
    if (colon == std::string_view::npos) {
      return Error(400, "malformed request: a header line without a colon");
    }
    const std::string_view name = header.substr(0, colon);
    if (!IsToken(name)) {
      return Error(400, "malformed request: a bad header name");
    }
    const std::string_view value = Strip(header.substr(colon + 1));
    if (std::any_of(value.begin(), value.end(),
                    [](unsigned char u) { return (u < 0x20 && u != '\t') || u == 0x7f; })) {
      return Error(400, absl::StrCat("malformed request: a control character (NUL, CR, ...) in "
                                     "header ",
                                     std::string(name)));
    }
    request.headers.emplace(absl::AsciiStrToLower(std::string(name)), std::string(value));
  }
  // 3. What the headers say together.
  if (request.Count("content-length") > 1) {
    return Error(400, "malformed request: more than one Content-Length");
  }
  if (const std::string* length = request.Find("content-length")) {
    if (!Digits(*length).has_value()) {
      return Error(400, "malformed request: a bad Content-Length");
    }
  }
  if (request.Count("host") > 1) return Error(400, "malformed request: more than one Host");
  if (!request.http10 && request.Count("host") == 0) {
    return Error(400, "an HTTP/1.1 request needs a Host header");
  }
  return std::nullopt;
}

// The length the request's Content-Length announces (0 without one).
uint64_t BodyLength(const Request& request) {
  const std::string* length = request.Find("content-length");
  return length == nullptr ? 0 : Digits(*length).value_or(0);
}

// Whether the connection stays open after answering `request`.
bool KeepAlive(const Request& request) {
  const std::string* connection = request.Find("connection");
  const std::string value = connection == nullptr ? "" : absl::AsciiStrToLower(*connection);
  if (request.http10) return absl::StrContains(absl::string_view(value), "keep-alive");
  return !absl::StrContains(absl::string_view(value), "close");
}

// Applies the request's Range header to a 200 answer: one range gives 206
// with that part; several, or a bad or unsatisfiable one, give 416 with
// `Content-Range: bytes */LENGTH`.
void ApplyRange(const Request& request, Reply& reply) {
  const std::string* range = request.Find("range");
  if (range == nullptr) return;
  const size_t length = reply.body.size();
  const auto refuse_with = [&](const std::string& message) {
    reply = Error(416, message, false);
    reply.headers.emplace_back("Content-Range", absl::StrCat("bytes */", length));
  };
  const auto refuse = [&](const std::string& why) {
    refuse_with(absl::StrCat("bad range '", range->substr(0, 100), "': ", why));
  };
  if (request.Count("range") > 1) return refuse_with("bad range: more than one Range header");
  if (!absl::StartsWithIgnoreCase(*range, "bytes=")) return refuse("the only unit is bytes");
  const std::string_view spec = Strip(std::string_view(*range).substr(6));
  if (spec.find(',') != std::string_view::npos) {
    return refuse("only one range is served per request");
  }
  constexpr char kWant[] = "want FIRST-LAST, FIRST- or -SUFFIX";
  const size_t dash = spec.find('-');
  if (dash == std::string_view::npos) return refuse(kWant);
  const std::string_view first_text = Strip(spec.substr(0, dash));
  const std::string_view last_text = Strip(spec.substr(dash + 1));
  const std::string beyond = absl::StrCat("the answer has ", length, " bytes");
  uint64_t first = 0;
  uint64_t last = length == 0 ? 0 : length - 1;
  if (first_text.empty()) {
    const std::optional<uint64_t> suffix = Digits(last_text);
    if (!suffix.has_value()) return refuse(kWant);
    if (*suffix == 0 || length == 0) return refuse(beyond);
    first = length - std::min<uint64_t>(*suffix, length);
  } else {
    const std::optional<uint64_t> first_value = Digits(first_text);
    const std::optional<uint64_t> last_value = Digits(last_text);
    if (!first_value.has_value()) return refuse(kWant);
    first = *first_value;
    if (!last_text.empty() && (!last_value.has_value() || *last_value < first)) {
      return refuse(absl::StrCat(kWant, ", with FIRST <= LAST"));
    }
    if (first >= length) return refuse(beyond);
    if (last_value.has_value()) last = std::min<uint64_t>(*last_value, last);
  }
  reply.status = 206;
  reply.headers.emplace_back("Content-Range",
                             absl::StrCat("bytes ", first, "-", last, "/", length));
  reply.body = reply.body.substr(first, last - first + 1);
}

bool IsLoopback(const sockaddr* address) {
  if (address->sa_family == AF_INET) {
    const auto* v4 = reinterpret_cast<const sockaddr_in*>(address);
    return (ntohl(v4->sin_addr.s_addr) >> 24) == 127;
  }
  if (address->sa_family == AF_INET6) {
    const in6_addr& v6 = reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr;
    if (IN6_IS_ADDR_LOOPBACK(&v6)) return true;
    return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
  }
  return false;
}

int PollMilliseconds(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::clamp<int64_t>(left.count(), 0, kTick.count()));
}

}  // namespace

struct ExploreServer::Connection {
  int fd = -1;
  std::thread thread;
  std::atomic<bool> done{false};
};

ExploreServer::ExploreServer(ExploreCatalog& catalog, ExploreLimits limits)
    : catalog_(catalog), limits_(limits) {}

ExploreServer::~ExploreServer() {
  Stop();
  Reap(true);
  if (listen_fd_ >= 0) close(listen_fd_);
}

absl::StatusOr<int> ExploreServer::Bind(const std::string& host, int port) {
  const auto failure = [&](const std::string& why) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot listen on ", host, " port ", port, ": ", why));
  };
  constexpr char kNotHere[] = " (is --host an address of this machine?)";
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (const int error = getaddrinfo(host.c_str(), service.c_str(), &hints, &found); error != 0) {
    return failure(absl::StrCat(gai_strerror(error), kNotHere));
  }
  int error = 0;
  for (const addrinfo* address = found; address != nullptr; address = address->ai_next) {
    const int fd =
        socket(address->ai_family, address->ai_socktype | SOCK_CLOEXEC, address->ai_protocol);
    if (fd < 0) {
      error = errno;
      continue;
    }
    // SO_REUSEADDR only (a port left in TIME_WAIT can be bound again); no
    // SO_REUSEPORT, so a port another socket listens on is refused.
    const int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    sockaddr_storage bound{};
    socklen_t bound_size = sizeof(bound);
    if (bind(fd, address->ai_addr, address->ai_addrlen) != 0 || listen(fd, 128) != 0 ||
        getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &bound_size) != 0) {
      error = errno;
      close(fd);
      continue;
    }
    freeaddrinfo(found);
    listen_fd_ = fd;
    loopback_only_ = IsLoopback(reinterpret_cast<const sockaddr*>(&bound));
    return ntohs(bound.ss_family == AF_INET6
                     ? reinterpret_cast<const sockaddr_in6*>(&bound)->sin6_port
                     : reinterpret_cast<const sockaddr_in*>(&bound)->sin_port);
  }
  freeaddrinfo(found);
  if (error == EADDRINUSE) {
    return failure("the port is in use; choose another with --port, or --port 0 for a free one");
  }
  return failure(
      absl::StrCat(error != 0 ? std::strerror(error) : "the address cannot be bound", kNotHere));
}

// One connection's requests, one after another (run by Serve's thread for it).
class ExploreServer::Session {
 public:
  Session(ExploreServer& server, int fd) : server_(server), limits_(server.limits_), fd_(fd) {}

  // Serves requests until the client leaves, a request closes the
  // connection, the limit of requests is reached, or the server stops.
  void Run() {
    for (int served = 0; served < limits_.max_requests_per_connection; ++served) {
      // 1. The head, within head_time, within the size limits.
      const Clock::time_point deadline = Clock::now() + limits_.head_time;
      std::optional<Head> head = ReadHead(deadline);
      if (!head.has_value()) return;
      // 2. The request, then its answer.
      Request request;
      bool head_only = false;
      const Reply reply = Answer(*head, deadline, request, head_only);
      const bool keep_alive = !reply.close && !head->refusal.has_value() && KeepAlive(request) &&
                              served + 1 < limits_.max_requests_per_connection &&
                              !server_.stopping_.load();
      if (!SendReply(reply, head_only, keep_alive)) return;
      if (!keep_alive) {
        Linger();
        return;
      }
    }
  }

 private:
  // A request head in buffer_: its bytes through the last header line,
  // and through the blank line; or the refusal of one that broke a limit.
  struct Head {
    size_t size = 0;
    size_t consumed = 0;
    std::optional<Reply> refusal;
  };

  // How a wait for the client's bytes ended: the connection still open
  // (bytes or not), closed by the client, or failed.
  enum class Received { kOpen, kEnd, kFailure };

  // Waits for the client's bytes until `deadline` (at most a tick) and
  // appends what arrives to buffer_.
  Received Receive(Clock::time_point deadline) {
    pollfd readable{fd_, POLLIN, 0};
    if (poll(&readable, 1, PollMilliseconds(deadline)) <= 0) return Received::kOpen;
    char chunk[kReadChunk];
    const ssize_t got = recv(fd_, chunk, sizeof(chunk), 0);
    if (got > 0) buffer_.append(chunk, static_cast<size_t>(got));
    if (got >= 0) return got > 0 ? Received::kOpen : Received::kEnd;
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? Received::kOpen
                                                                     : Received::kFailure;
  }

  // Whether an answer under way is abandoned: the grace period after Stop
  // is over.
  bool Abandoned() const {
    if (!server_.stopping_.load()) return false;
    const Clock::time_point stopped{std::chrono::nanoseconds(server_.stop_time_ns_.load())};
    return Clock::now() >= stopped + limits_.stop_grace;
  }

  // Sends `data` whole, by `deadline`; false when the client is gone, too
  // slow, or the server stops.
  bool SendAll(std::string_view data, Clock::time_point deadline) const {
    while (!data.empty()) {
      const ssize_t sent = send(fd_, data.data(), data.size(), MSG_NOSIGNAL);
      if (sent > 0) {
        data.remove_prefix(static_cast<size_t>(sent));
        continue;
      }
      if (sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return false;
      if (Clock::now() >= deadline || Abandoned()) return false;
      pollfd writable{fd_, POLLOUT, 0};
      poll(&writable, 1, PollMilliseconds(deadline));
    }
    return true;
  }

  bool SendReply(const Reply& reply, bool head_only, bool keep_alive) const {
    std::string answer = absl::StrCat("HTTP/1.1 ", reply.status, " ", Reason(reply.status),
                                      "\r\nContent-Type: ", reply.content_type,
                                      "\r\nContent-Length: ", reply.body.size(),
                                      "\r\nX-Content-Type-Options: nosniff"
                                      "\r\nReferrer-Policy: no-referrer"
                                      "\r\nCache-Control: no-store\r\n");
    for (const auto& [name, value] : reply.headers)
      absl::StrAppend(&answer, name, ": ", value, "\r\n");
    absl::StrAppend(&answer, "Connection: ", keep_alive ? "keep-alive" : "close", "\r\n\r\n");
    if (!head_only) answer += reply.body;
    return SendAll(answer, Clock::now() + limits_.write_time);
  }

  // After an answer that closes the connection: stop sending, and read
  // (and drop) what the client still sends for a moment, so that closing
  // does not reset the connection before the client has read the answer.
  void Linger() {
    shutdown(fd_, SHUT_WR);
    const Clock::time_point until = Clock::now() + std::chrono::milliseconds(500);
    buffer_.clear();
    while (!server_.stopping_.load() && Clock::now() < until && buffer_.size() < limits_.max_body) {
      if (Receive(until) != Received::kOpen) return;
    }
  }

  // Receives into buffer_ until it holds a whole head, by `deadline`;
  // nullopt when the connection ends quietly (the client is done, idle,
  // gone, or the server stops).
  std::optional<Head> ReadHead(Clock::time_point deadline) {
    Head head;
    size_t scanned = 0;     // bytes of buffer_ looked at for line ends
    size_t line_start = 0;  // where the line being received starts
    size_t lines = 0;
    size_t first_line = 0;  // where the request line starts
    while (true) {
      // Look at the new bytes: line by line, up to the blank line.
      for (; scanned < buffer_.size() && head.consumed == 0; ++scanned) {
        if (buffer_[scanned] != '\n') continue;
        const size_t length = scanned - line_start;
        const bool blank = length == 0 || (length == 1 && buffer_[line_start] == '\r');
        if (blank && lines > 0) {
          head.size = line_start;
          head.consumed = scanned + 1;
        } else if (!blank) {
          if (lines++ == 0) first_line = line_start;
        }
        line_start = scanned + 1;
        if (lines > limits_.max_headers + 1) {
          head.refusal = Error(
              400, absl::StrCat("too many header lines (the most is ", limits_.max_headers, ")"));
          return head;
        }
      }
      // Blank lines before the request line are skipped (RFC 9112):
      // those before a whole head, and those received before its first line.
      if (head.consumed > 0) {
        buffer_.erase(0, first_line);
        head.size -= first_line;
        head.consumed -= first_line;
        return head;
      }
      if (lines == 0 && line_start > 0) {
        buffer_.erase(0, line_start);
        scanned -= line_start;
        line_start = 0;
      }
      if (std::optional<Reply> too_large = SizeRefusal(lines, buffer_.size() - line_start)) {
        head.refusal = std::move(too_large);
        return head;
      }
      // Wait for more.
      if (server_.stopping_.load()) return std::nullopt;
      if (Clock::now() >= deadline) {
        if (buffer_.empty()) return std::nullopt;  // an idle connection
        head.refusal = Error(408, absl::StrCat("the request head did not arrive within ",
                                               limits_.head_time.count() / 1000.0, " s"));
        return head;
      }
      const Received received = Receive(deadline);
      if (received == Received::kFailure) return std::nullopt;
      if (received == Received::kEnd) {
        if (buffer_.empty()) return std::nullopt;  // the client is done
        head.refusal =
            Error(400, "malformed request: the connection ended inside the request head");
        return head;
      }
    }
  }

  // The refusal of a head past a size limit, with `lines` lines received
  // and `partial` bytes of the next.
  std::optional<Reply> SizeRefusal(size_t lines, size_t partial) const {
    const auto refuse = [](int status, const char* what, size_t most) {
      return Error(status, absl::StrCat(what, " (the most is ", KiB(most), ")"));
    };
    if (lines == 0 && partial > limits_.max_request_line) {
      return refuse(414, "request line too long", limits_.max_request_line);
    }
    if (lines > 0 && partial > limits_.max_header_line) {
      return refuse(400, "header line too long", limits_.max_header_line);
    }
    if (buffer_.size() > limits_.max_head) {
      return refuse(400, "request head too large", limits_.max_head);
    }
    return std::nullopt;
  }

  // The answer to the head (its refusal, or the parsed request's answer);
  // fills `request` and `head_only`, and drops the request's bytes from
  // buffer_.
  Reply Answer(const Head& head, Clock::time_point deadline, Request& request, bool& head_only) {
    if (head.refusal.has_value()) return *head.refusal;
    if (std::optional<Reply> bad =
            ParseHead(std::string_view(buffer_).substr(0, head.size), request)) {
      return *std::move(bad);
    }
    buffer_.erase(0, head.consumed);
    const bool get = request.method == "GET" || request.method == "HEAD";
    head_only = request.method == "HEAD";
    if (get && (BodyLength(request) > 0 || request.Find("transfer-encoding") != nullptr)) {
      return Error(400, "a GET or HEAD request carries no body");
    }
    if (!get) return RefuseMethod(request, deadline);
    try {
      return AnswerGet(request, head_only);
    } catch (const std::bad_alloc&) {
      return Error(500, "out of memory", false);
    } catch (const std::exception& e) {
      return Error(500, e.what(), false);
    }
  }

  // 405 to a method other than GET and HEAD, its (small) body read and
  // dropped within the head's deadline; 413 for a large one.
  Reply RefuseMethod(const Request& request, Clock::time_point deadline) {
    const uint64_t body = BodyLength(request);
    Reply reply = Error(405, "method not allowed: the explorer answers GET and HEAD only",
                        request.Find("transfer-encoding") != nullptr);
    reply.headers.emplace_back("Allow", "GET, HEAD");
    if (body > limits_.max_body) {
      reply = Error(
          413, absl::StrCat("request too large (a body of at most ", KiB(limits_.max_body), ")"));
    } else if (body > buffer_.size()) {
      while (buffer_.size() < body && !server_.stopping_.load() && Clock::now() < deadline) {
        if (Receive(deadline) != Received::kOpen) break;
      }
      if (buffer_.size() < body) reply.close = true;
    }
    buffer_.erase(0, std::min<size_t>(buffer_.size(), body));
    return reply;
  }

  // The answer to a GET or HEAD: the API, a page's asset, or 404; a Range
  // header applied.
  Reply AnswerGet(const Request& request, bool head_only) const {
    Reply reply;
    constexpr std::string_view kApi = "/api/";
    if (request.path.substr(0, kApi.size()) == kApi) {
      reply = FromApi(ServeApi(server_.catalog_, std::string_view(request.path).substr(kApi.size()),
                               request.query));
    } else if (const ExploreAsset* asset = FindExploreAsset(request.path)) {
      reply.body = std::string(asset->content);
      reply.content_type = std::string(asset->content_type);
      if (asset->content_type.substr(0, 9) == "text/html") {
        reply.headers.emplace_back("Content-Security-Policy", kPagePolicy);
      }
    } else {
      reply = Error(404, "no such page", false);
    }
    if (reply.status == 200 && !head_only) ApplyRange(request, reply);
    return reply;
  }

  ExploreServer& server_;
  const ExploreLimits& limits_;
  const int fd_;
  std::string buffer_;  // bytes received and not yet used
};

absl::Status ExploreServer::Serve() {
  if (listen_fd_ < 0) return absl::FailedPreconditionError("the server is not bound");
  while (!stopping_.load()) {
    Reap(false);
    pollfd listening{listen_fd_, POLLIN, 0};
    if (poll(&listening, 1, static_cast<int>(kTick.count())) <= 0) continue;
    const int fd = accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      // Out of file descriptors, or a connection gone before it was taken:
      // wait a little and go on.
      if (errno != EAGAIN && errno != EINTR && errno != ECONNABORTED) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
      continue;
    }
    const int yes = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof(yes));
    std::lock_guard<std::mutex> lock(connections_mutex_);
    if (static_cast<int>(connections_.size()) >= limits_.max_connections) {
      // Too many at once: a short answer, sent only if it fits at once.
      const Reply reply = Error(503, absl::StrCat("too many connections (the most is ",
                                                  limits_.max_connections, "); try again"));
      const std::string answer =
          absl::StrCat("HTTP/1.1 503 Service Unavailable\r\nContent-Type: ", reply.content_type,
                       "\r\nContent-Length: ", reply.body.size(),
                       "\r\nRetry-After: 1\r\nConnection: close\r\n\r\n", reply.body);
      (void)send(fd, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      close(fd);
      continue;
    }
    auto connection = std::make_unique<Connection>();
    connection->fd = fd;
    Connection* serving = connection.get();
    try {
      connection->thread = std::thread([this, serving] {
        Session(*this, serving->fd).Run();
        close(serving->fd);
        serving->done.store(true);
      });
    } catch (const std::system_error&) {
      close(fd);  // no thread for it: the client sees the connection closed
      continue;
    }
    connections_.push_back(std::move(connection));
  }
  close(listen_fd_);
  listen_fd_ = -1;
  Reap(true);
  return absl::OkStatus();
}

void ExploreServer::Stop() {
  if (!stopping_.exchange(true)) {
    stop_time_ns_.store(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
            .count());
  }
}

void ExploreServer::Reap(bool all) {
  std::list<std::unique_ptr<Connection>> finished;
  {
    std::lock_guard<std::mutex> lock(connections_mutex_);
    for (auto it = connections_.begin(); it != connections_.end();) {
      const auto next = std::next(it);
      if (all || (*it)->done.load()) finished.splice(finished.end(), connections_, it);
      it = next;
    }
  }
  for (auto& connection : finished) {
    if (connection->thread.joinable()) connection->thread.join();
  }
}

}  // namespace retro::cli
