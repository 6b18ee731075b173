// The `retro explore` web server on cpp-httplib.
#include "cli/explore/explore_server.h"

#include <httplib.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <new>

#include "absl/strings/str_cat.h"
#include "cli/explore/explore_api.h"
#include "cli/explore/explore_assets.h"

namespace retro::cli {
namespace {

// What a request may hold: no body (GET and HEAD only), and httplib's own
// limits on the request line and each header line (8 KiB).
constexpr size_t kMaxBodyBytes = 64 * 1024;
// A client that sends or reads nothing for this long loses its connection.
constexpr time_t kTimeoutSeconds = 5;
// Requests served on one kept-alive connection before it is closed.
constexpr size_t kMaxRequestsPerConnection = 100;

// The page may load only its own files and talk only to this server.
constexpr char kPagePolicy[] =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// The message of an error envelope for an HTTP status httplib set itself.
std::string StatusMessage(int status) {
  switch (status) {
    case 400: return "malformed request";
    case 404: return "no such page";
    case 405: return "method not allowed: the explorer answers GET and HEAD only";
    case 413: return "request too large";
    case 414: return "request URI too long (the most is 8 KiB)";
    case 416: return "bad range";
    default: return absl::StrCat("HTTP error ", status);
  }
}

void SendReply(const ApiReply& reply, httplib::Response& res) {
  res.status = reply.status;
  res.set_content(reply.body, "application/json; charset=utf-8");
}

}  // namespace

ExploreServer::ExploreServer(ExploreCatalog& catalog)
    : catalog_(catalog), server_(std::make_unique<httplib::Server>()) {
  server_->set_payload_max_length(kMaxBodyBytes);
  server_->set_read_timeout(kTimeoutSeconds, 0);
  server_->set_write_timeout(kTimeoutSeconds, 0);
  server_->set_keep_alive_max_count(kMaxRequestsPerConnection);
  server_->set_keep_alive_timeout(kTimeoutSeconds);
  // The headers and the body go out in separate writes: without this, Nagle's
  // algorithm holds the body until the client's delayed ACK (40 ms).
  server_->set_tcp_nodelay(true);
  server_->set_default_headers({{"X-Content-Type-Options", "nosniff"},
                                {"Referrer-Policy", "no-referrer"},
                                {"Cache-Control", "no-store"}});
  AddRoutes();
}

ExploreServer::~ExploreServer() = default;

void ExploreServer::AddRoutes() {
  // 0. Requests refused before routing: HTTP/1.1 without Host (RFC 9112),
  // and a GET or HEAD that announces a body (httplib would leave it unread).
  server_->set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
    std::string problem;
    if (req.version == "HTTP/1.1" && !req.has_header("Host")) {
      problem = "an HTTP/1.1 request needs a Host header";
    } else if ((req.method == "GET" || req.method == "HEAD") &&
               (req.has_header("Transfer-Encoding") ||
                (req.has_header("Content-Length") &&
                 req.get_header_value("Content-Length") != "0"))) {
      problem = "a GET or HEAD request carries no body";
    }
    if (problem.empty()) return httplib::Server::HandlerResponse::Unhandled;
    res.set_header("Connection", "close");
    SendReply(ApiError("explore", absl::InvalidArgumentError(problem), 400), res);
    return httplib::Server::HandlerResponse::Handled;
  });
  // 1. GET (and HEAD): the API, else an embedded file, else 404.
  server_->Get(R"([\s\S]*)", [this](const httplib::Request& req, httplib::Response& res) {
    constexpr std::string_view kApi = "/api/";
    const std::string_view path = req.path;
    if (path.substr(0, kApi.size()) == kApi) {
      SendReply(ServeApi(catalog_, path.substr(kApi.size()), req.params), res);
      return;
    }
    const ExploreAsset* asset = FindExploreAsset(path);
    if (asset == nullptr) {
      SendReply(ApiError("explore", absl::NotFoundError("no such page"), 404), res);
      return;
    }
    res.set_content(std::string(asset->content), std::string(asset->content_type).c_str());
    if (asset->content_type.substr(0, 9) == "text/html") {
      res.set_header("Content-Security-Policy", kPagePolicy);
    }
  });
  // 2. Every other method: 405.
  const auto refuse = [](const httplib::Request&, httplib::Response& res) {
    res.set_header("Allow", "GET, HEAD");
    SendReply(ApiError("explore", absl::InvalidArgumentError(StatusMessage(405)), 405), res);
  };
  const std::string any = R"([\s\S]*)";
  server_->Post(any, refuse);
  server_->Put(any, refuse);
  server_->Patch(any, refuse);
  server_->Delete(any, refuse);
  server_->Options(any, refuse);
  // 3. Errors httplib answers itself (a malformed request, a URI too long,
  // a body too large) get an error envelope too; a handler's own is kept.
  server_->set_error_handler(httplib::Server::HandlerWithResponse(
      [](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    const absl::Status status = res.status >= 500
                                    ? absl::InternalError(StatusMessage(res.status))
                                    : absl::InvalidArgumentError(StatusMessage(res.status));
    res.set_content(ApiError("explore", status, res.status).body,
                    "application/json; charset=utf-8");
    return httplib::Server::HandlerResponse::Handled;
  }));
  // 4. A handler that throws (out of memory) answers 500; the server goes on.
  server_->set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr thrown) {
        std::string what = "internal error";
        try {
          std::rethrow_exception(thrown);
        } catch (const std::bad_alloc&) {
          what = "out of memory";
        } catch (const std::exception& e) {
          what = e.what();
        } catch (...) {
        }
        SendReply(ApiError("explore", absl::InternalError(what), 500), res);
      });
}

absl::StatusOr<int> ExploreServer::Bind(const std::string& host, int port) {
  errno = 0;
  const int bound = port == 0 ? server_->bind_to_any_port(host)
                              : (server_->bind_to_port(host, port) ? port : -1);
  if (bound > 0) return bound;
  const int error = errno;
  return absl::InvalidArgumentError(absl::StrCat(
      "cannot listen on ", host, " port ", port, ": ",
      error == EADDRINUSE ? std::string("the port is in use; choose another with --port, or "
                                        "--port 0 for a free one")
      : error != 0        ? absl::StrCat(std::strerror(error),
                                         " (is --host an address of this machine?)")
                          : std::string("the address cannot be bound (is --host an address "
                                        "of this machine?)")));
}

absl::Status ExploreServer::Serve() {
  if (!server_->listen_after_bind()) {
    return absl::UnavailableError("the server stopped on a socket error");
  }
  return absl::OkStatus();
}

void ExploreServer::Stop() { server_->stop(); }

}  // namespace retro::cli
