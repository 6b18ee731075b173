// The web server of `retro explore` (cpp-httplib): the embedded page
// (explore_assets.h) and the JSON API (explore_api.h) over the catalog's
// databases, answering GET and HEAD only, with limits on what a request
// may hold; it never serves a file from disk.
#ifndef RETRO_CLI_EXPLORE_EXPLORE_SERVER_H_
#define RETRO_CLI_EXPLORE_EXPLORE_SERVER_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "cli/explore/explore_catalog.h"

namespace httplib {
class Server;
}  // namespace httplib

namespace retro::cli {

class ExploreServer {
 public:
  explicit ExploreServer(ExploreCatalog& catalog);
  ~ExploreServer();
  ExploreServer(const ExploreServer&) = delete;
  ExploreServer& operator=(const ExploreServer&) = delete;

  // Binds to `host`:`port` (0: a free port). Returns the port bound, or
  // InvalidArgument naming the address when it cannot be bound (in use,
  // not allowed, or no address of this machine).
  absl::StatusOr<int> Bind(const std::string& host, int port);

  // Serves requests on the server's threads until Stop; then returns.
  absl::Status Serve();

  // Makes Serve return once the requests being answered are done. Safe from
  // any thread.
  void Stop();

 private:
  void AddRoutes();

  ExploreCatalog& catalog_;
  std::unique_ptr<httplib::Server> server_;
};

}  // namespace retro::cli

#endif  // RETRO_CLI_EXPLORE_EXPLORE_SERVER_H_
