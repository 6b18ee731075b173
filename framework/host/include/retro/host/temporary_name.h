// Names of the temporary files retro writes beside an output before renaming
// them into place (AtomicFileWriter), built so that retro can prove a name is
// its own before it removes a temporary that a killed solve left behind:
//
//   <output file name>.tmp.<6 random characters><6-character tag>
//
// The tag is a checksum of the output's file name and the random part, so a
// user's file that merely looks alike (`out.retro.tmp.backup`,
// `out.retro.tmp.abcdef`) is never taken for retro's. The output's name is
// cut short in the temporary's name where it would pass the file system's
// 255-byte limit (the tag still covers the whole name).
#ifndef RETRO_HOST_TEMPORARY_NAME_H_
#define RETRO_HOST_TEMPORARY_NAME_H_

#include <string>
#include <string_view>

namespace retro {

// The longest file name the temporaries take (the usual NAME_MAX).
inline constexpr size_t kMaxFileNameBytes = 255;

// The temporary's file name for the output file named `target` (a file
// name, no folder) and `random`, six characters of [0-9a-z].
std::string TemporaryNameFor(std::string_view target, std::string_view random);

// Whether `name` is a temporary's file name that TemporaryNameFor made for
// `target`, whatever its random part.
bool IsTemporaryNameOf(std::string_view target, std::string_view name);

// Six random characters of [0-9a-z] for TemporaryNameFor.
std::string RandomTemporarySuffix();

}  // namespace retro

#endif  // RETRO_HOST_TEMPORARY_NAME_H_
