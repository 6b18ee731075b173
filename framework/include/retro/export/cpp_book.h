// A finite-horizon book as one self-contained C++17 header for programs
// that must carry their data in their source (a CodinGame bot: one file of
// at most 100,000 characters, no files to read): every position's final
// value and threshold (retro/export/final_value_table.h), entropy coded
// (retro/host/binary_range_encoder.h) into a string literal, with the
// small decoder that unpacks it into a table at the first lookup, and the
// game's own code (CppBookCode) that turns a position into its slice and
// rank and declares the lookup function. The header includes nothing.
//
//   absl::StatusOr<CppBook> book = WriteCppBook(table, game_code, options);
//   // book->text: the header; book->characters: its length in characters.
//
// The literal holds the code's bytes as characters, in one of two forms:
// ASCII (92 printable characters, no '"', '\\' or '?': 13 bits in two
// characters) or Unicode (a u"" literal of CJK ideographs, hexagram
// symbols and Hangul syllables, characters no editor or normalisation
// changes: 15 bits a character, 3 bytes each in the UTF-8 file). A
// threshold may be stored rounded up to a multiple of a step (at most the
// book's last change), which makes the header smaller and the lookup's
// `exact` flag more cautious, never wrong.
#ifndef RETRO_EXPORT_CPP_BOOK_H_
#define RETRO_EXPORT_CPP_BOOK_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/export/final_value_table.h"
#include "retro/parameters.h"

namespace retro {

// The game's part of the header.
struct CppBookCode {
  // The namespace holding everything the header defines besides the
  // game's interface, and the include guard's stem: "retro_oware_book".
  std::string name;
  // Comment lines at the top (without "// "): what the book is, its rules
  // and parameters, how to call it.
  std::vector<std::string> about;
  // C++17 placed inside namespace `name`, after the decoder: defines
  //   inline bool Locate(<the game's position arguments>, int* slice,
  //                      long long* index);
  // (false for a position outside the book) and whatever it needs.
  std::string locate;
  // C++17 placed after the namespace: the public lookup, which calls
  //   name::Lookup(int slice, long long index, int plies_left, int* exact)
  // (returns the final value; sets *exact, if not null, to 1 when it is the
  // value for plies_left, else 0).
  std::string interface;
};

// How the literal holds the code (see the file comment).
enum class CppBookChars { kAscii, kUnicode };

// Choices of WriteCppBook; unset ones are chosen to fit max_characters.
struct CppBookOptions {
  std::optional<CppBookChars> chars;  // unset: ASCII if it fits, else Unicode
  // Thresholds stored rounded up to multiples of this (1: exact); unset:
  // the smallest step that fits.
  std::optional<uint32_t> threshold_step;
  uint64_t max_characters = 100000;  // 0: no limit
};

// The written header and the choices made.
struct CppBook {
  std::string text;       // UTF-8
  uint64_t characters = 0;       // of text, in Unicode characters
  uint64_t data_characters = 0;  // of the literal's contents
  CppBookChars chars = CppBookChars::kAscii;
  uint32_t threshold_step = 1;
};

// "ascii" or "unicode".
const char* CppBookCharsName(CppBookChars chars);

// The options of `retro export --format cpp` (chars, threshold-step,
// max-chars) and their reading for a book of horizon `horizon`:
// InvalidArgument naming a bad value and the valid ones (threshold-step
// 1..horizon or auto, max-chars 0..2^40).
std::vector<ParameterSpec> CppBookOptionSpecs();
absl::StatusOr<CppBookOptions> ParseCppBookOptions(const ParameterValues& values,
                                                   uint32_t horizon);

// Writes the header of `table` with the game's `code`. The choices left
// unset are made so that the header has at most max_characters: exact
// thresholds (or the step given) in ASCII if that fits, else in Unicode,
// else the smallest step that fits in Unicode (or the form given).
// Errors: InvalidArgument when the options given leave no header within
// max_characters (saying the smallest reached and what to change), or the
// table is too large for the header's types.
absl::StatusOr<CppBook> WriteCppBook(const FinalValueTable& table, const CppBookCode& code,
                                     const CppBookOptions& options);

}  // namespace retro

#endif  // RETRO_EXPORT_CPP_BOOK_H_
