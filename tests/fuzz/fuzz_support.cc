// The fuzz targets' shared fixtures (fuzz_support.h).
#include "tests/fuzz/fuzz_support.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

#include "absl/strings/str_cat.h"
#include "retro/host/plugin_loader.h"

namespace retro::fuzz {
namespace {

// Never destroyed: the plugins stay loaded until the process ends.
std::map<std::string, std::unique_ptr<LoadedPlugin>, std::less<>>& Plugins() {
  static auto* plugins = [] {
    auto* loaded = new std::map<std::string, std::unique_ptr<LoadedPlugin>, std::less<>>;
    for (const std::string& name : GameNames()) {
      auto plugin = LoadGamePlugin(name, {RETRO_FUZZ_PLUGIN_DIR});
      if (plugin.ok()) (*loaded)[name] = std::move(*plugin);
    }
    return loaded;
  }();
  return *plugins;
}

}  // namespace

const std::vector<std::string>& GameNames() {
  static const auto* names =
      new std::vector<std::string>{"oware", "surakarta", "plakoto", "tictactoe"};
  return *names;
}

std::string GameOfSeed(const std::string& seed) {
  for (const std::string& game : GameNames()) {
    if (seed == game) return game;
  }
  if (seed == "surakarta-small" || seed == "tictactoe-small") {
    return seed.substr(0, seed.size() - 6);
  }
  return "";
}

GameModule* FindGame(std::string_view name) {
  const auto it = Plugins().find(name);
  return it == Plugins().end() ? nullptr : &it->second->module();
}

const WorkContext& SingleThreadContext() {
  static auto* pool = new ThreadPool(1);
  static auto* progress = new Progress();
  static const auto* context = new WorkContext{pool, progress};
  return *context;
}

std::string WriteScratchFile(const uint8_t* data, size_t size) {
  static const std::string* path = [] {
    const char* dir = std::getenv("TMPDIR");
    return new std::string(absl::StrCat(dir != nullptr && *dir != '\0' ? dir : "/tmp",
                                        "/retro-fuzz-", getpid(), ".retro"));
  }();
  const int fd = open(path->c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    std::perror(path->c_str());
    std::abort();
  }
  size_t written = 0;
  while (written < size) {
    const ssize_t n = write(fd, data + written, size - written);
    if (n <= 0) {
      std::perror(path->c_str());
      std::abort();
    }
    written += static_cast<size_t>(n);
  }
  close(fd);
  return *path;
}

cli::DatabaseSession& SeedDatabase(const std::string& name) {
  static auto* sessions = new std::map<std::string, std::unique_ptr<cli::DatabaseSession>>;
  std::unique_ptr<cli::DatabaseSession>& session = (*sessions)[name];
  if (session == nullptr) {
    const std::string path = absl::StrCat(RETRO_FUZZ_SEED_DATABASE_DIR, "/", name, ".retro");
    auto opened = cli::OpenDatabaseSession(path, {RETRO_FUZZ_PLUGIN_DIR});
    if (!opened.ok()) {
      std::fprintf(stderr, "cannot open the seed database %s: %s\n", path.c_str(),
                   std::string(opened.status().message()).c_str());
      std::abort();
    }
    session = std::move(*opened);
  }
  return *session;
}

std::pair<std::string, std::string> SplitFirstLine(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const size_t newline = text.find('\n');
  if (newline == std::string::npos) return {text, ""};
  return {text.substr(0, newline), text.substr(newline + 1)};
}

}  // namespace retro::fuzz
