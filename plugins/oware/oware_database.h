// The oware plugin's view of an opened book: probe, stats and verify for the
// `retro` command (retro::OpenDatabase).
#ifndef PLUGINS_OWARE_OWARE_DATABASE_H_
#define PLUGINS_OWARE_OWARE_DATABASE_H_

#include <memory>

#include "plugins/oware/book.h"
#include "retro/game_module.h"

namespace retro::oware {

std::unique_ptr<OpenDatabase> MakeOwareDatabase(std::unique_ptr<Book> book);

}  // namespace retro::oware

#endif  // PLUGINS_OWARE_OWARE_DATABASE_H_
