// The Python module retro._retro (imported by the package retro,
// docs/python.md): retro.open and the Database class, binding
// DatabaseHandle (database_handle.h). Answers are the plugin's JSON
// reports parsed by Python's json module, so that they equal what the
// command's --json prints; errors carry the messages the command prints.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "python/database_handle.h"
#include "retro/input_error.h"
#include "retro/json_writer.h"
#include "retro/parameters.h"
#include "retro/thread_pool.h"

namespace py = pybind11;

namespace retro::python {
namespace {

// retro.Error, set when the module is initialised (ErrorTag names its C++
// side, which nothing throws: errors are raised with RaiseError).
struct ErrorTag {};
py::handle error_type;

// Raises retro.Error with the status's message.
[[noreturn]] void RaiseError(const absl::Status& status) {
  PyErr_SetString(error_type.ptr(), std::string(status.message()).c_str());
  throw py::error_already_set();
}

// Raises ValueError for what `retro` reports as a user's input error
// (exit status 2: InvalidArgument, NotFound, OutOfRange), else retro.Error.
[[noreturn]] void RaiseInputError(const absl::Status& status) {
  if (IsInputError(status)) throw py::value_error(std::string(status.message()));
  RaiseError(status);
}

// Python's json.loads of `text`.
py::object ParseJson(const std::string& text) {
  static const py::object* const loads =
      new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(py::str(text));
}

// `message` with each command-line option "--NAME" of `names` (names with
// dashes, as the command line spells them) written as its Python keyword
// (NAME with '_' for '-'), so that errors name what the caller wrote.
std::string WithKeywords(std::string message, const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    const std::string flag = "--" + name;
    const std::string keyword = SnakeCase(name);
    size_t at = 0;
    while ((at = message.find(flag, at)) != std::string::npos) {
      const size_t after = at + flag.size();
      const bool whole = after == message.size() ||
                         !(std::isalnum(static_cast<unsigned char>(message[after])) ||
                           message[after] == '-' || message[after] == '_');
      if (!whole) {
        at = after;
        continue;
      }
      message.replace(at, flag.size(), keyword);
      at += keyword.size();
    }
  }
  return message;
}

// The names of the game's probe options, as the command line spells them.
std::vector<std::string> ProbeOptionNames(const GameDescription& game) {
  std::vector<std::string> names;
  for (const ParameterSpec& spec : game.probe_parameters) names.push_back(spec.name);
  return names;
}

// The integer keyword `name` in [min, max], checked as retro's command line
// checks its option (GetIntParameter), ValueError naming the keyword
// otherwise.
int64_t IntOption(const py::handle& value, const std::string& name, int64_t min, int64_t max) {
  const absl::StatusOr<int64_t> parsed =
      GetIntParameter({{name, py::str(value).cast<std::string>()}}, name, min, max);
  if (!parsed.ok()) {
    throw py::value_error(WithKeywords(std::string(parsed.status().message()), {name}));
  }
  return *parsed;
}

// The threads to use: all hardware threads for None, as retro's --threads.
int Threads(const py::object& threads) {
  if (threads.is_none()) return ThreadPool::HardwareThreads();
  return static_cast<int>(IntOption(threads, "threads", 1, 1024));
}

// A Database of the module: a share of the handle, until closed.
//
// Closing and calls on other threads: every call takes its own share of the
// handle while it holds the GIL (Acquire) and works on that share, without
// the GIL if it releases it; close() drops the Database's share, also with
// the GIL held. A call that started before close() therefore finishes on a
// database that stays open until the last such call returns, and a call
// that starts after it raises ValueError. The GIL orders every access to
// `handle_`.
class PyDatabase {
 public:
  PyDatabase(DatabaseHandle handle, std::string path)
      : handle_(std::make_shared<const DatabaseHandle>(std::move(handle))),
        path_(std::move(path)) {}

  // A share of the open handle, for one call; ValueError once closed.
  std::shared_ptr<const DatabaseHandle> Acquire() const {
    if (handle_ == nullptr) throw py::value_error(absl::StrCat(path_, " is closed"));
    return handle_;
  }
  void Close() { handle_.reset(); }
  bool closed() const { return handle_ == nullptr; }
  const std::string& path() const { return path_; }

  py::object Probe(const std::string& position, const py::kwargs& kwargs) const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    const ParameterValues options = Options(*handle, kwargs, {});
    absl::StatusOr<std::string> json;
    {
      py::gil_scoped_release release;
      json = handle->Probe(position, options);
    }
    if (!json.ok()) RaiseProbeError(*handle, json.status());
    return ParseJson(*json);
  }

  // Probes every position without the GIL, then parses the answers in
  // chunks (one json.loads per chunk of answers joined into an array).
  py::list ProbeMany(const py::iterable& positions, const py::object& threads,
                     const std::string& errors, const py::kwargs& kwargs) const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    if (errors != "raise" && errors != "report") {
      throw py::value_error(
          absl::StrCat("invalid errors '", errors, "'; valid: raise, report"));
    }
    const ParameterValues options = Options(*handle, kwargs, {"threads", "errors"});
    const int thread_count = Threads(threads);
    std::vector<std::string> texts;
    for (const py::handle& position : positions) {
      if (!py::isinstance<py::str>(position)) {
        throw py::type_error(absl::StrCat("positions must be strings, not ",
                                          py::str(py::type::of(position).attr("__name__"))
                                              .cast<std::string>()));
      }
      texts.push_back(position.cast<std::string>());
    }
    std::vector<ProbeAnswer> answers;
    std::optional<absl::Status> bad_option;
    {
      py::gil_scoped_release release;
      answers = handle->ProbeMany(texts, options, thread_count);
      if (errors == "report") bad_option = BadOption(*handle, texts, answers, options);
    }
    if (bad_option.has_value()) RaiseProbeError(*handle, *bad_option);
    // A file truncated under its mapping fails the whole batch, whatever
    // `errors` says: none of its answers can be trusted.
    if (absl::Status intact = handle->session()->file->CheckIntact(); !intact.ok()) {
      RaiseError(intact);
    }
    for (const ProbeAnswer& answer : answers) {
      if (!answer.ok && errors == "raise") RaiseProbeError(*handle, answer.error);
    }
    return ParseAnswers(texts, answers);
  }

  py::object Stats(const py::object& threads) const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    const int thread_count = Threads(threads);
    absl::StatusOr<std::string> json;
    {
      py::gil_scoped_release release;
      json = handle->Stats(thread_count);
    }
    if (!json.ok()) RaiseError(json.status());
    return ParseJson(*json);
  }

  py::object Verify(const py::object& sample, const py::object& seed,
                    const py::object& threads) const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    VerifyOptions options;
    if (!sample.is_none()) {
      options.sample = IntOption(sample, "sample", 1, std::numeric_limits<int64_t>::max());
    }
    options.seed = IntOption(seed, "seed", 0, std::numeric_limits<int64_t>::max());
    const int thread_count = Threads(threads);
    absl::StatusOr<std::string> json;
    {
      py::gil_scoped_release release;
      json = handle->Verify(options, thread_count);
    }
    if (!json.ok()) RaiseError(json.status());
    return ParseJson(*json);
  }

  // The values of a slice (by name or by index into `slices`) as a NumPy
  // array: a read-only view of the database's memory when the plugin
  // offers one (the array keeps the database open), else computed.
  py::array Values(const py::object& slice, const py::kwargs& kwargs) const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    const std::string name = SliceName(*handle, slice);
    const ParameterValues options = Options(*handle, kwargs, {});
    absl::StatusOr<SliceValues> values;
    {
      py::gil_scoped_release release;
      values = handle->Values(name, options);
    }
    if (!values.ok()) {
      if (absl::IsUnimplemented(values.status())) RaiseError(values.status());
      RaiseProbeError(*handle, values.status());
    }
    return ToArray(*handle, *std::move(values));
  }

  std::string Game() const { return Acquire()->game().name; }

  py::dict Parameters() const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    py::dict parameters;
    for (const auto& [key, value] : handle->session()->file->parameters()) {
      parameters[py::str(SnakeCase(key))] = value;
    }
    return parameters;
  }

  py::list Slices() const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    py::list slices;
    for (const DatabaseFile::SliceInfo& slice : handle->session()->file->slices()) {
      py::dict entry;
      entry["name"] = slice.name;
      entry["bytes"] = slice.size;
      slices.append(entry);
    }
    return slices;
  }

  py::list ProbeParameters() const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    py::list parameters;
    for (const ParameterSpec& spec : handle->game().probe_parameters) {
      py::dict entry;
      entry["keyword"] = SnakeCase(spec.name);
      entry["option"] = "--" + spec.name;
      entry["description"] = spec.description;
      entry["default"] = spec.default_value;
      entry["choices"] = spec.choices;
      parameters.append(entry);
    }
    return parameters;
  }

 private:
  // Python keyword options (plies_left=3) as resolved probe parameters
  // (plies-left: "3"). Each keyword is the option's one Python spelling
  // (SnakeCase of its name); anything else, or a value the option does not
  // take, raises ValueError naming the keyword and the valid ones
  // (`method_keywords`: the calling method's own, listed too).
  static ParameterValues Options(const DatabaseHandle& handle, const py::kwargs& kwargs,
                                 const std::vector<std::string>& method_keywords) {
    const GameDescription& game = handle.game();
    ParameterValues options;
    for (const auto& [key, value] : kwargs) {
      const std::string keyword = py::str(key).cast<std::string>();
      const ParameterSpec* found = nullptr;
      for (const ParameterSpec& spec : game.probe_parameters) {
        if (SnakeCase(spec.name) == keyword) found = &spec;
      }
      if (found == nullptr) {
        std::vector<std::string> valid;
        for (const ParameterSpec& spec : game.probe_parameters) {
          valid.push_back(SnakeCase(spec.name));
        }
        valid.insert(valid.end(), method_keywords.begin(), method_keywords.end());
        throw py::value_error(absl::StrCat(
            "unknown keyword '", keyword, "' for probing ", game.name, "; valid: ",
            valid.empty() ? std::string("none") : absl::StrJoin(valid, ", ")));
      }
      options[found->name] = py::str(value).cast<std::string>();
    }
    absl::StatusOr<ParameterValues> resolved = handle.ResolveProbeOptions(options);
    if (!resolved.ok()) RaiseProbeError(handle, resolved.status());
    return *std::move(resolved);
  }

  // ValueError (or retro.Error, as RaiseInputError) for a probe's error,
  // the game's probe options named by their Python keywords.
  [[noreturn]] static void RaiseProbeError(const DatabaseHandle& handle,
                                           const absl::Status& status) {
    RaiseInputError(absl::Status(
        status.code(), WithKeywords(std::string(status.message()),
                                    ProbeOptionNames(handle.game()))));
  }

  // With errors="report": the error of `options` themselves, if they are
  // bad, so that a bad option raises whatever the positions. The plugin
  // checks option values in its probe; an option is bad when a position
  // that failed with `options` probes without them (with the defaults).
  static std::optional<absl::Status> BadOption(const DatabaseHandle& handle,
                                               const std::vector<std::string>& positions,
                                               const std::vector<ProbeAnswer>& answers,
                                               const ParameterValues& options) {
    const absl::StatusOr<ParameterValues> defaults = handle.ResolveProbeOptions({});
    if (!defaults.ok() || *defaults == options) return std::nullopt;
    for (size_t i = 0; i < answers.size(); ++i) {
      if (answers[i].ok) return std::nullopt;  // the options were taken
      if (handle.Probe(positions[i], *defaults).ok()) return answers[i].error;
    }
    return std::nullopt;
  }

  // The file's name of `slice`: a name, or an index into the slice table
  // (IndexError outside it, however large).
  static std::string SliceName(const DatabaseHandle& handle, const py::object& slice) {
    const std::vector<DatabaseFile::SliceInfo>& slices = handle.session()->file->slices();
    if (py::isinstance<py::str>(slice)) return slice.cast<std::string>();
    if (!py::isinstance<py::int_>(slice)) {
      throw py::type_error("slice must be a slice's name (str) or its index (int) in slices");
    }
    int overflow = 0;
    const long long index = PyLong_AsLongLongAndOverflow(slice.ptr(), &overflow);
    if (overflow != 0 || index < 0 || index >= static_cast<long long>(slices.size())) {
      throw py::index_error(absl::StrCat("slice index ", py::str(slice).cast<std::string>(),
                                         " out of range; the database has ", slices.size(),
                                         " slices (0..", slices.size() - 1, ")"));
    }
    return slices[index].name;
  }

  // `values` as a NumPy array owning (or sharing) its memory.
  static py::array ToArray(const DatabaseHandle& handle, SliceValues values) {
    py::dtype dtype = py::dtype::of<uint8_t>();
    size_t item = 1;
    if (values.encoding == SliceValues::Encoding::kInt8) dtype = py::dtype::of<int8_t>();
    if (values.encoding == SliceValues::Encoding::kFloat64) {
      dtype = py::dtype::of<double>();
      item = sizeof(double);
    }
    const std::span<const uint8_t> bytes = values.bytes();
    const py::ssize_t count = static_cast<py::ssize_t>(bytes.size() / item);
    if (values.view.data() != nullptr) {
      // The view lives as long as the session: the array holds a share.
      auto* share = new std::shared_ptr<DatabaseSession>(handle.session());
      py::capsule owner(share, [](void* p) { delete static_cast<std::shared_ptr<DatabaseSession>*>(p); });
      py::array array(dtype, {count}, {static_cast<py::ssize_t>(item)}, bytes.data(), owner);
      array.attr("flags").attr("writeable") = false;
      return array;
    }
    auto* computed = new std::vector<uint8_t>(std::move(values.computed));
    py::capsule owner(computed, [](void* p) { delete static_cast<std::vector<uint8_t>*>(p); });
    return py::array(dtype, {count}, {static_cast<py::ssize_t>(item)}, computed->data(), owner);
  }

  // The answers as dicts (errors as `retro probe`'s batch lines word them:
  // {"position": ..., "error": ...}).
  static py::list ParseAnswers(const std::vector<std::string>& positions,
                               const std::vector<ProbeAnswer>& answers) {
    constexpr size_t kChunk = 4096;
    py::list result;
    std::string joined;
    for (size_t begin = 0; begin < answers.size(); begin += kChunk) {
      const size_t end = std::min(answers.size(), begin + kChunk);
      joined = "[";
      for (size_t i = begin; i < end; ++i) {
        if (i > begin) joined += ',';
        if (answers[i].ok) {
          joined += answers[i].json;
        } else {
          joined += ErrorJson(positions[i], answers[i].error);
        }
      }
      joined += ']';
      result.attr("extend")(ParseJson(joined));
    }
    return result;
  }

  static std::string ErrorJson(const std::string& position, const absl::Status& error) {
    JsonWriter json;
    json.BeginObject().Key("position").String(position);
    json.Key("error").String(std::string(error.message())).EndObject();
    return json.Take();
  }

  std::shared_ptr<const DatabaseHandle> handle_;
  std::string path_;
};

// The path retro.open is given (str, bytes or path-like, as os.fspath
// takes it) as bytes for the file system; ValueError for a NUL character,
// which no file name holds.
std::string PathBytes(const py::object& path) {
  const py::object os = py::module_::import("os");
  const py::bytes encoded = os.attr("fsencode")(os.attr("fspath")(path));
  std::string bytes = encoded.cast<std::string>();
  if (bytes.find('\0') != std::string::npos) {
    throw py::value_error(absl::StrCat("path ", py::repr(path).cast<std::string>(),
                                       " holds a NUL character, which no file name can hold"));
  }
  return bytes;
}

}  // namespace
}  // namespace retro::python

PYBIND11_MODULE(_retro, m) {
  using retro::python::DatabaseHandle;
  using retro::python::ErrorTag;
  using retro::python::PyDatabase;
  m.doc() = "Reading retro databases: the compiled part of the package retro (docs/python.md).";

  static py::exception<ErrorTag> error(m, "Error");
  error.attr("__module__") = "retro";
  error.doc() = "A database file that cannot be opened or read (missing, damaged, foreign).";
  retro::python::error_type = error;

  py::class_<PyDatabase>(m, "Database", R"(A retro database opened with its game's plugin (retro.open).)")
      .def_property_readonly("path", &PyDatabase::path, "The path it was opened from.")
      .def_property_readonly("game", &PyDatabase::Game, "The game that made it, e.g. 'oware'.")
      .def_property_readonly("parameters", &PyDatabase::Parameters,
                             "The header's canonical parameters, name to value (str).")
      .def_property_readonly("slices", &PyDatabase::Slices,
                             "The slice table: a dict with name and bytes per slice, in file order.")
      .def_property_readonly("probe_parameters", &PyDatabase::ProbeParameters,
                             "The game's probe options: keyword, option, description, default, "
                             "choices.")
      .def_property_readonly("closed", &PyDatabase::closed)
      .def("probe", &PyDatabase::Probe, py::arg("position"),
           "The dict `retro probe --json` prints for position; options are the game's probe "
           "options (plies_left=3 for --plies-left 3).")
      .def("probe_many", &PyDatabase::ProbeMany, py::arg("positions"), py::kw_only(),
           py::arg("threads") = py::none(), py::arg("errors") = "raise",
           "probe for each position, in order, without the GIL, on `threads` threads (all "
           "hardware threads by default). "
           "errors='raise' raises ValueError for the first bad position; 'report' puts "
           "{'position', 'error'} in its place, as `retro probe` does in batch mode.")
      .def("stats", &PyDatabase::Stats, py::kw_only(), py::arg("threads") = py::none(),
           "The dict `retro stats --json` prints.")
      .def("verify", &PyDatabase::Verify, py::kw_only(), py::arg("sample") = py::none(),
           py::arg("seed") = 1, py::arg("threads") = py::none(),
           "Checks every record (or `sample` random ones) against its children: checksums, "
           "records_checked, mismatches, first_mismatch (None when all match) and seconds.")
      .def("values", &PyDatabase::Values, py::arg("slice"),
           "The values of one slice (its name or index in slices) as a 1-D NumPy array, one "
           "number per record: a read-only view when the file stores one byte per record, else "
           "computed (options as for probe, e.g. plies_left). docs/python.md says what they mean.")
      .def("close", &PyDatabase::Close,
           "Closes it: later calls raise ValueError; calls running on other threads finish "
           "first (arrays from values stay valid: they keep the file mapped).")
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](PyDatabase& db, py::args) { db.Close(); })
      .def("__repr__", [](const PyDatabase& db) {
        if (db.closed()) return absl::StrCat("<retro.Database ", db.path(), " (closed)>");
        return absl::StrCat("<retro.Database ", db.path(), ": ", db.Game(), ">");
      });

  m.def(
      "open",
      [](const py::object& path, const std::optional<std::vector<std::string>>& plugin_dirs) {
        const std::string bytes = retro::python::PathBytes(path);
        absl::StatusOr<DatabaseHandle> handle =
            DatabaseHandle::Open(bytes, plugin_dirs.value_or(std::vector<std::string>{}));
        if (!handle.ok()) retro::python::RaiseError(handle.status());
        return PyDatabase(*std::move(handle), bytes);
      },
      py::arg("path"), py::arg("plugin_dirs") = py::none(),
      "Opens a database file, checked as `retro probe` checks it, with its game's plugin "
      "(searched in plugin_dirs, then RETRO_PLUGIN_PATH, then beside the retro libraries). "
      "retro.Error if it cannot be opened.");
}
