// The entry points of the C API (retro/c/retro.h): each checks its
// arguments, does its work through the framework (retro/host/database_session.h,
// OpenDatabase::Probe) and turns every failure, exceptions included, into an
// error code and a one-line message.
#include <algorithm>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "c/c_error.h"
#include "c/handle.h"
#include "c/probe.h"
#include "retro/c/retro.h"
#include "retro/host/database_session.h"
#include "retro/host/plugin_loader.h"

namespace retro::c_api {
namespace {

// Runs `body`, turning an escaping exception into RETRO_ERROR_INTERNAL
// with its message (also copied into `out`, when given).
template <typename Body>
int Guarded(Body body, char* out = nullptr, size_t out_size = 0) {
  std::string message;
  try {
    return body();
  } catch (const std::exception& e) {
    message = absl::StrCat("internal error: ", e.what());
  } catch (...) {
    message = "internal error";
  }
  CopyOut(message, out, out_size);
  return Fail({RETRO_ERROR_INTERNAL, message});
}

// Opens `path` with plugins searched in `plugin_dir` (when given), then in
// LibraryPluginSearchDirs' folders (retro/host/plugin_loader.h; the
// program that loads this library may live anywhere, and libretro_c.so
// lies beside libretro_framework.so).
retro_db* Open(const char* path, const char* plugin_dir, char* error, size_t error_size) {
  std::string message;
  try {
    if (path == nullptr || *path == '\0') {
      message = "no database path given (NULL or empty); give the path of a retro database";
    } else {
      std::vector<std::string> dirs;
      if (plugin_dir != nullptr && *plugin_dir != '\0') dirs.push_back(plugin_dir);
      auto session = OpenDatabaseSessionIn(path, LibraryPluginSearchDirs(dirs));
      if (session.ok()) return Register(std::move(*session));
      message = std::string(session.status().message());
    }
  } catch (const std::exception& e) {
    message = absl::StrCat("internal error opening ", path == nullptr ? "" : path, ": ", e.what());
  }
  Fail({RETRO_ERROR_INTERNAL, message});
  CopyOut(message, error, error_size);
  return nullptr;
}

int ProbeJsonInto(retro_db* handle, const char* position, const char* options, char* out,
                  size_t out_size) {
  if (out == nullptr || out_size == 0) {
    return Fail({RETRO_ERROR_BAD_ARGUMENT,
                 "the output buffer is NULL or has size 0; give a buffer for the answer"});
  }
  auto fail = [&](const CError& error) {
    CopyOut(error.message, out, out_size);
    return Fail(error);
  };
  const Use db(handle);
  if (!db.ok()) return fail(Use::error());
  auto answer = ProbeJson(db, position, options);
  if (const CError* error = std::get_if<CError>(&answer)) return fail(*error);
  const std::string& json = std::get<std::string>(answer);
  if (json.size() >= out_size) {
    return fail({RETRO_ERROR_BUFFER_TOO_SMALL,
                 absl::StrCat("the answer needs a buffer of ", json.size() + 1,
                              " bytes (with its terminating NUL); this one holds ", out_size)});
  }
  CopyOut(json, out, out_size);
  return RETRO_OK;
}

// The AnswerChunk of text positions (const char* const*): in groups of up
// to 16, each group's non-NULL positions answered together.
void TextChunk(const ValueProbe& probe, const void* positions, size_t first,
               std::span<ValueAnswer> out) {
  const auto* texts = static_cast<const char* const*>(positions) + first;
  constexpr size_t kGroup = 16;
  for (size_t begin = 0; begin < out.size(); begin += kGroup) {
    const size_t end = std::min(out.size(), begin + kGroup);
    std::string_view views[kGroup];
    size_t given = 0;
    for (size_t i = begin; i < end; ++i) {
      if (texts[i] != nullptr) views[given++] = texts[i];
    }
    if (given == end - begin) {
      probe.Values({views, given}, out.subspan(begin, given));
      continue;
    }
    // Some NULL: each given position alone.
    for (size_t i = begin; i < end; ++i) {
      if (texts[i] == nullptr) {
        out[i] = ValueAnswer::Failed(absl::FailedPreconditionError("the position is NULL"));
      } else {
        const std::string_view view = texts[i];
        probe.Values({&view, 1}, out.subspan(i, 1));
      }
    }
  }
}

// The AnswerChunk of binary positions: a CellBatch.
struct CellBatch {
  const int32_t* cells;
  size_t per_position;
};
void CellChunk(const ValueProbe& probe, const void* positions, size_t first,
               std::span<ValueAnswer> out) {
  const auto* batch = static_cast<const CellBatch*>(positions);
  probe.ValuesOfCells(
      {batch->cells + first * batch->per_position, out.size() * batch->per_position},
      batch->per_position, out);
}

int ProbeCells(retro_db* db, const int32_t* cells, size_t per_position, size_t count,
               const char* options, double* values, int* statuses, bool batch) {
  if (cells == nullptr && count > 0) {
    return Fail({RETRO_ERROR_BAD_ARGUMENT, "the cells are NULL"});
  }
  const CellBatch positions{cells, per_position};
  return ProbeValues(db, options, &positions, count, CellChunk, values, statuses,
                     {.batch = batch, .texts = false});
}

}  // namespace
}  // namespace retro::c_api

namespace c_api = retro::c_api;

extern "C" {

const char* retro_version(void) { return RETRO_C_VERSION; }

retro_db* retro_open(const char* path, char* error, size_t error_size) {
  return c_api::Open(path, nullptr, error, error_size);
}

retro_db* retro_open_with_plugins(const char* path, const char* plugin_dir, char* error,
                                  size_t error_size) {
  return c_api::Open(path, plugin_dir, error, error_size);
}

int retro_probe_json(retro_db* db, const char* position, const char* options, char* out,
                     size_t out_size) {
  return c_api::Guarded([&] { return c_api::ProbeJsonInto(db, position, options, out, out_size); },
                        out, out_size);
}

int retro_probe_value(retro_db* db, const char* position, const char* options, double* value) {
  return c_api::Guarded([&] {
    if (position == nullptr) {
      return c_api::Fail({RETRO_ERROR_BAD_ARGUMENT, "the position is NULL"});
    }
    return c_api::ProbeValues(db, options, &position, 1, c_api::TextChunk, value, nullptr,
                              {.batch = false, .texts = true});
  });
}

int retro_probe_values(retro_db* db, const char* const* positions, size_t count,
                       const char* options, double* values, int* statuses) {
  return c_api::Guarded([&] {
    return c_api::ProbeValues(db, options, positions, count, c_api::TextChunk, values, statuses,
                              {.batch = true, .texts = true});
  });
}

int retro_probe_value_cells(retro_db* db, const int32_t* cells, size_t cell_count,
                            const char* options, double* value) {
  return c_api::Guarded(
      [&] { return c_api::ProbeCells(db, cells, cell_count, 1, options, value, nullptr, false); });
}

int retro_probe_values_cells(retro_db* db, const int32_t* cells, size_t cells_per_position,
                             size_t count, const char* options, double* values, int* statuses) {
  return c_api::Guarded([&] {
    return c_api::ProbeCells(db, cells, cells_per_position, count, options, values, statuses, true);
  });
}

int retro_position_cells(retro_db* db, size_t* count) {
  return c_api::Guarded([&] {
    if (count == nullptr) {
      return c_api::Fail({RETRO_ERROR_BAD_ARGUMENT, "the count pointer is NULL"});
    }
    const c_api::Use use(db);
    if (!use.ok()) return c_api::Fail(c_api::Use::error());
    *count = static_cast<size_t>(use.game().position_cells.count);
    return static_cast<int>(RETRO_OK);
  });
}

const char* retro_last_error(void) { return c_api::LastError(); }

void retro_close(retro_db* db) {
  try {
    c_api::Unregister(db);
  } catch (...) {
    // Nothing to report to: a failed unload leaves the handle closed.
  }
}

}  // extern "C"
