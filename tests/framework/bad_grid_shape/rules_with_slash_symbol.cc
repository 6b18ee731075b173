// Grid rules whose shape has '/' among its symbols, which the notation
// cannot write: compiling this must fail with CellsRules' own message
// (bad_grid_shape_test.sh). Never built as part of the project.
#include "retro/kit/cells_rules.h"

inline constexpr retro::GridShape kSlashGrid{.rows = 2, .columns = 2, .symbols = ".x/"};

class SlashRules : public retro::kit::CellsRules<SlashRules, kSlashGrid> {
 public:
  const char* Illegality(const Position&) const { return nullptr; }
};

int main() { return SlashRules().num_slices(); }
