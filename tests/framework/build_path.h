// Where a test binary finds what the build made (retro, game plugins, test
// plugins): CMake tells it each path relative to the folder of the test's
// own executable ($<PATH:RELATIVE_PATH,...> in tests/CMakeLists.txt), and
// BuildPath makes it absolute from where the executable runs. So no compile
// command names the checkout's absolute path, which lets a compiler cache
// serve any clone (CI's does: docs/fuzzing.md).
#ifndef RETRO_TESTS_FRAMEWORK_BUILD_PATH_H_
#define RETRO_TESTS_FRAMEWORK_BUILD_PATH_H_

#include <filesystem>
#include <string>
#include <string_view>

namespace retro::testing {

// The folder of the running executable.
inline std::string ExecutableFolder() {
  return std::filesystem::read_symlink("/proc/self/exe").parent_path().string();
}

// `relative` (a path relative to the running executable's folder) as an
// absolute path.
inline std::string BuildPath(std::string_view relative) {
  static const std::filesystem::path folder = ExecutableFolder();
  return (folder / relative).lexically_normal().string();
}

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_BUILD_PATH_H_
