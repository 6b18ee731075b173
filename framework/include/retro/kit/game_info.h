// What a game plugin built on a value-family kit (retro/kit/*_module.h) tells
// the framework about itself besides its rules: its name and one-line
// summary for `retro games`, the codec and layout version written into every
// database, how positions are written, and the default output file name.
#ifndef RETRO_KIT_GAME_INFO_H_
#define RETRO_KIT_GAME_INFO_H_

#include <cstdint>
#include <string>

namespace retro::kit {

// `noun` with its indefinite article: "an oware book", "a 5-piece table".
inline std::string WithArticle(const std::string& noun) {
  const bool vowel = !noun.empty() && std::string("aeiouAEIOU").find(noun[0]) != std::string::npos;
  return (vowel ? "an " : "a ") + noun;
}

// The identity of a kit-built game.
struct GameInfo {
  std::string name = {};     // the --game name, e.g. "tictactoe"
  std::string summary = {};  // one line for `retro games`
  // The value codec recorded in each database ("tictactoe-wdl-byte-v1");
  // a file with another codec is refused when opened.
  std::string codec = {};
  // The layout version: bump it when the layout of the slices changes.
  uint32_t data_version = 1;
  // How to write a position, with an example (shown in --help and errors).
  std::string position_syntax = {};
  // What each integer of the binary position form is (the rules'
  // FromCells, rules_hooks.h), with an example; empty without one.
  std::string cells_syntax = {};
  // The output file name when --out is not given; "{name}.retro" if empty.
  std::string default_file_name = {};
  // How messages name a database of the game ("oware book"); "{name}
  // database" if empty.
  std::string database_name = {};

  std::string DatabaseName() const {
    return database_name.empty() ? name + " database" : database_name;
  }
  // The same with its article: "an oware book", "a tictactoe database".
  std::string ADatabaseName() const { return WithArticle(DatabaseName()); }
};

}  // namespace retro::kit

#endif  // RETRO_KIT_GAME_INFO_H_
