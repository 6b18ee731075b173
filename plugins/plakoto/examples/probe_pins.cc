// The C++ probing example of docs/games/plakoto.md: prints D of a position
// and the best play of one roll.
//
//   plakoto_probe_example plakoto-6.retro "p=2 13 1 0 0 0 0" 6-5
#include <cstdio>
#include <string>

#include "games/plakoto/notation.h"
#include "plugins/plakoto/pin_file.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s FILE POSITION ROLL\n", argv[0]);
    return 2;
  }
  namespace pk = retro::plakoto;
  auto file = pk::PinFile::Open(argv[1]);  // checks every checksum
  if (!file.ok()) {
    std::fprintf(stderr, "%s\n", std::string(file.status().message()).c_str());
    return 1;
  }
  auto pos = pk::ParsePosition(argv[2]);
  auto roll = pk::ParseRoll(argv[3]);
  if (!pos.ok() || !roll.ok()) {
    std::fprintf(stderr, "bad position or roll\n");
    return 2;
  }
  auto db = (*file)->DatabaseOf(*pos);  // an error if P or p is not held
  if (!db.ok()) {
    std::fprintf(stderr, "%s\n", std::string(db.status().message()).c_str());
    return 2;
  }
  const double d = (*db)->values()[(*db)->IndexOf(*pos)];
  auto rolls = (*db)->AnalyzeRolls(*pos);
  const pk::RollAnalysis& r = (*rolls)[pk::RollIndex(roll->high, roll->low)];
  std::printf("D %.10g, %s: %s (value %.10g)\n", d, pk::FormatRoll(r.roll).c_str(),
              pk::FormatPlay(r.best_play).c_str(), r.has_move ? r.best_value : d);
  return 0;
}
