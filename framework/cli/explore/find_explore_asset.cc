// Looking up an embedded file of the `retro explore` page by its path.
#include "cli/explore/explore_assets.h"

namespace retro::cli {

const ExploreAsset* FindExploreAsset(std::string_view path) {
  if (path == "/") path = "/index.html";
  for (const ExploreAsset& asset : ExploreAssets()) {
    if (asset.path == path) return &asset;
  }
  return nullptr;
}

}  // namespace retro::cli
