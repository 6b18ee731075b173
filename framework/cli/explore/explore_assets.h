// The files of the `retro explore` page (HTML, JavaScript, CSS), embedded
// in the binary at build time from cli/explore/assets/ (embed_assets.cmake
// writes explore_assets.cc), so that the server reads no file at run time.
#ifndef RETRO_CLI_EXPLORE_EXPLORE_ASSETS_H_
#define RETRO_CLI_EXPLORE_EXPLORE_ASSETS_H_

#include <span>
#include <string_view>

namespace retro::cli {

// One file of the page, served at `path` ("/" + its file name).
struct ExploreAsset {
  std::string_view path;
  std::string_view content_type;
  std::string_view content;
};

// Every embedded file (generated).
std::span<const ExploreAsset> ExploreAssets();

// The file served at `path`: "/" is index.html; nullptr for any other path.
const ExploreAsset* FindExploreAsset(std::string_view path);

}  // namespace retro::cli

#endif  // RETRO_CLI_EXPLORE_EXPLORE_ASSETS_H_
