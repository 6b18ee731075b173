// The web server of `retro explore`: a small HTTP/1.1 server on POSIX
// sockets that serves the embedded page (explore_assets.h) and the JSON API
// (explore_api.h) over the catalog's databases. It answers GET and HEAD
// only, never serves a file from disk, and bounds what a client can hold:
// the time and size of a request's head, the connections open at once, and
// the byte ranges of an answer (ExploreLimits).
#ifndef RETRO_CLI_EXPLORE_EXPLORE_SERVER_H_
#define RETRO_CLI_EXPLORE_EXPLORE_SERVER_H_

#include <atomic>
#include <chrono>
#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "cli/explore/explore_catalog.h"

namespace retro::cli {

// What a client may hold (docs/explore.md, "Limits").
struct ExploreLimits {
  // A request's line and headers must all arrive within this time of the
  // connection opening (or of the previous answer); a kept-alive connection
  // that sends nothing for this long is closed.
  std::chrono::milliseconds head_time{5000};
  // Most bytes of the request line (414 beyond), of one header line, and of
  // the whole head; most header lines (400 beyond).
  size_t max_request_line = 8 * 1024;
  size_t max_header_line = 8 * 1024;
  size_t max_head = 32 * 1024;
  size_t max_headers = 100;
  // The most body a request of another method may announce (413 beyond);
  // it is read and dropped.
  size_t max_body = 64 * 1024;
  // An answer the client does not read within this time is abandoned.
  std::chrono::milliseconds write_time{5000};
  // Connections served at once; one more is answered 503 and closed.
  int max_connections = 64;
  // Requests on one kept-alive connection before it is closed.
  int max_requests_per_connection = 100;
  // After Stop, answers under way get this long to finish; then every
  // connection is closed.
  std::chrono::milliseconds stop_grace{1000};
};

class ExploreServer {
 public:
  explicit ExploreServer(ExploreCatalog& catalog, ExploreLimits limits = {});
  ~ExploreServer();
  ExploreServer(const ExploreServer&) = delete;
  ExploreServer& operator=(const ExploreServer&) = delete;

  // Binds to `host`:`port` (0: a free port), refusing a port another socket
  // listens on. Returns the port bound, or InvalidArgument naming the
  // address when it cannot be bound (in use, not allowed, or no address of
  // this machine).
  absl::StatusOr<int> Bind(const std::string& host, int port);

  // Whether the bound address is a loopback one (127.0.0.0/8, ::1): only
  // this machine can connect. False before Bind.
  bool loopback_only() const { return loopback_only_; }

  // Accepts and serves connections (one thread each) until Stop; then
  // closes every connection (after ExploreLimits::stop_grace for answers
  // under way) and returns.
  absl::Status Serve();

  // Makes Serve return. Safe from any thread, and more than once.
  void Stop();

 private:
  struct Connection;
  class Session;  // one connection's requests (explore_server.cc)

  // Reaps finished connection threads; with `all`, waits for every one.
  void Reap(bool all);

  ExploreCatalog& catalog_;
  const ExploreLimits limits_;
  int listen_fd_ = -1;
  bool loopback_only_ = false;
  std::atomic<bool> stopping_{false};
  // When Stop was first called (steady clock, ns since its epoch).
  std::atomic<int64_t> stop_time_ns_{0};
  std::mutex connections_mutex_;
  std::list<std::unique_ptr<Connection>> connections_;  // guarded by the mutex
};

}  // namespace retro::cli

#endif  // RETRO_CLI_EXPLORE_EXPLORE_SERVER_H_
