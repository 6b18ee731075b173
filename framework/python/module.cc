// The Python module retro._retro (imported by the package retro,
// docs/python.md): retro.open and the Database class, binding
// DatabaseHandle (database_handle.h). Full answers are the plugin's JSON
// reports parsed by Python's json module, so that they equal what the
// command's --json prints; values alone come from the typed value probes
// (retro/value_probe.h), prepared once per set of options. Errors carry the
// messages the command prints. NumPy is imported only by the calls that
// return arrays.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
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

// Python's json.loads of `text`.
py::object ParseJson(const std::string& text) {
  static const py::object* const loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(py::str(text));
}

// `call()`, run without the GIL.
template <typename Call>
auto WithoutGil(Call call) {
  py::gil_scoped_release release;
  return call();
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
      const bool whole =
          after == message.size() || !(std::isalnum(static_cast<unsigned char>(message[after])) ||
                                       message[after] == '-' || message[after] == '_');
      if (whole) message.replace(at, flag.size(), keyword);
      at += whole ? keyword.size() : flag.size();
    }
  }
  return message;
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

// Raises ImportError, saying how to install it, unless NumPy imports: the
// calls returning arrays (`method`) begin with it, so that everything else
// works without NumPy.
void RequireNumpy(const char* method) {
  static bool imported = false;
  if (imported) return;
  try {
    py::module_::import("numpy");
  } catch (py::error_already_set& error) {
    if (!error.matches(PyExc_ImportError)) throw;
    throw py::import_error(absl::StrCat(
        "Database.", method, " returns a NumPy array and needs NumPy, which this Python (",
        py::module_::import("sys").attr("executable").cast<std::string>(),
        ") cannot import: install it with `python3 -m pip install numpy` "
        "(Debian's python3: `apt install python3-numpy`); value() needs no NumPy (",
        error.what(), ")"));
  }
  imported = true;
}

// Raises TypeError when `positions`, where a sequence of positions is
// expected (by `method`), is one str or bytes (which would be read as its
// characters), suggesting `single`, the method taking one position.
void RefuseOneString(const py::handle& positions, const char* method, const char* single) {
  if (PyUnicode_Check(positions.ptr()) || PyBytes_Check(positions.ptr())) {
    throw py::type_error(absl::StrCat("Database.", method,
                                      " takes a sequence of positions (a list of str), not a ",
                                      PyUnicode_Check(positions.ptr()) ? "str" : "bytes",
                                      ": put one position in a list, or call ", single));
  }
}

// The type name of `object`, for errors.
std::string TypeName(const py::handle& object) {
  return py::str(py::type::of(object).attr("__name__")).cast<std::string>();
}

// The UTF-8 text of a position (a str); TypeError naming `what` otherwise.
std::string_view PositionText(const py::handle& position, const std::string& what) {
  if (!PyUnicode_Check(position.ptr())) {
    throw py::type_error(absl::StrCat(what, " must be a str, not ", TypeName(position)));
  }
  Py_ssize_t size = 0;
  const char* text = PyUnicode_AsUTF8AndSize(position.ptr(), &size);
  if (text == nullptr) throw py::error_already_set();
  return std::string_view(text, static_cast<size_t>(size));
}

// A call's probe options as given: (keyword, value as str) pairs, in call
// order, and the key naming them in the session's ValueProbeCache (each
// keyword and value length-prefixed, so that no two lists share a key).
struct GivenOptions {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::string key;
};

GivenOptions ReadKeywords(const py::kwargs& kwargs) {
  GivenOptions given;
  for (const auto& [key, value] : kwargs) {
    std::string keyword = py::str(key).cast<std::string>();
    std::string text = py::str(value).cast<std::string>();
    absl::StrAppend(&given.key, keyword.size(), ":", keyword, text.size(), ":", text);
    given.pairs.emplace_back(std::move(keyword), std::move(text));
  }
  return given;
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
  void Close() {
    handle_.reset();
    last_probe_ = nullptr;
    last_options_ = py::dict();
  }
  bool closed() const { return handle_ == nullptr; }
  const std::string& path() const { return path_; }

  py::object Probe(const std::string& position, const py::kwargs& kwargs) const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    const ParameterValues options = Options(*handle, kwargs, {});
    const absl::StatusOr<std::string> json =
        WithoutGil([&] { return handle->Probe(position, options); });
    if (!json.ok()) RaiseProbeError(*handle, json.status());
    return ParseJson(*json);
  }

  // Probes every position without the GIL, then parses the answers in
  // chunks (one json.loads per chunk of answers joined into an array).
  py::list ProbeMany(const py::iterable& positions, const py::object& threads,
                     const std::string& errors, const py::kwargs& kwargs) const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    if (errors != "raise" && errors != "report") {
      throw py::value_error(absl::StrCat("invalid errors '", errors, "'; valid: raise, report"));
    }
    RefuseOneString(positions, "probe_many", "probe");
    const ParameterValues options = Options(*handle, kwargs, {"threads", "errors"});
    const int thread_count = Threads(threads);
    std::vector<std::string> texts;
    for (const py::handle& position : positions) {
      if (!py::isinstance<py::str>(position)) {
        throw py::type_error("positions must be strings, not " + TypeName(position));
      }
      texts.push_back(position.cast<std::string>());
    }
    std::vector<absl::StatusOr<std::string>> answers;
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
    for (const absl::StatusOr<std::string>& answer : answers) {
      if (!answer.ok() && errors == "raise") RaiseProbeError(*handle, answer.status());
    }
    return ParseAnswers(texts, answers);
  }

  py::object Stats(const py::object& threads) const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    const int thread_count = Threads(threads);
    const absl::StatusOr<std::string> json =
        WithoutGil([&] { return handle->Stats(thread_count); });
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
    const absl::StatusOr<std::string> json =
        WithoutGil([&] { return handle->Verify(options, thread_count); });
    if (!json.ok()) RaiseError(json.status());
    return ParseJson(*json);
  }

  // The values of a slice (by name or by index into `slices`) as a NumPy
  // array: a read-only view of the database's memory when the plugin
  // offers one (the array keeps the database open), else computed.
  py::array Values(const py::object& slice, const py::kwargs& kwargs) const {
    RequireNumpy("values");
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    const std::string name = SliceName(*handle, slice);
    const ParameterValues options = Options(*handle, kwargs, {});
    absl::StatusOr<SliceValues> values = WithoutGil([&] { return handle->Values(name, options); });
    if (!values.ok()) {
      if (absl::IsUnimplemented(values.status())) RaiseError(values.status());
      RaiseProbeError(*handle, values.status());
    }
    return ToArray(*handle, *std::move(values));
  }

  // A position's value (a str in the game's notation, or a sequence of
  // int in its binary form) through the prepared value probe, holding the
  // GIL: the value of ValueProbe's answer as a float.
  double Value(const py::object& position, const py::kwargs& kwargs) const {
    // A share, not a reference: Python code the call runs (an option's
    // __str__, a cell's __index__) may close the database.
    const std::shared_ptr<const DatabaseHandle> share = Acquire();
    const DatabaseHandle& handle = *share;
    ValueProbeCache::Lease lease;
    const ValueProbe& probe = ProbeFor(handle, kwargs, &lease);
    const bool is_text = PyUnicode_Check(position.ptr());
    const std::string_view text = is_text ? PositionText(position, "position") : "";
    const std::vector<int32_t> cells = is_text ? std::vector<int32_t>() : CellsOf(handle, position);
    ValueAnswer answer;
    const absl::Status read = handle.session()->Read([&] {
      answer = is_text ? probe.Value(text) : probe.ValueOfCells(cells);
      return absl::OkStatus();
    });
    if (!read.ok()) RaiseError(read);
    if (!answer.status.ok()) RaiseProbeError(handle, answer.status);
    return answer.value.value;
  }

  // The values of many positions as a float64 NumPy array: a sequence of
  // str, or a 2-D integer NumPy array of positions in the game's binary
  // form, one per row. The texts (or cells) are copied first, then probed
  // without the GIL.
  py::array ValuesMany(const py::object& positions, const std::string& errors,
                       const py::kwargs& kwargs) const {
    RequireNumpy("values_many");
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    RefuseOneString(positions, "values_many", "value");
    if (errors != "raise" && errors != "nan") {
      throw py::value_error(absl::StrCat("invalid errors '", errors, "'; valid: raise, nan"));
    }
    ValueProbeCache::Lease lease;
    const ValueProbe& probe = ProbeFor(*handle, kwargs, &lease, {"errors"});
    const bool is_array =
        py::isinstance<py::array>(positions) &&
        std::string("iub").find(py::array::ensure(positions).dtype().kind()) != std::string::npos;
    const PositionCells& form = handle->game().position_cells;
    const size_t per_position = static_cast<size_t>(form.count);
    // The positions, copied (the Python objects may go once the GIL is
    // released): an array's cells row after row, or the texts one after
    // another in `arena`.
    std::vector<int32_t> cells;
    std::string arena;
    std::vector<std::string_view> texts;
    if (is_array) {
      const py::array rows = py::array::ensure(positions);
      if (form.count == 0) {
        throw py::type_error(absl::StrCat("positions must be str: ", handle->game().name,
                                          " has no binary form of positions"));
      }
      if (rows.dtype().kind() == 'b') {
        throw py::type_error("an array of positions must hold integers, not bool");
      }
      if (rows.ndim() != 2) {
        throw py::value_error(
            absl::StrCat("an array of positions must have 2 dimensions (positions, ", form.count,
                         " cells), not ", rows.ndim()));
      }
      if (rows.shape(1) != form.count) {
        throw py::value_error(absl::StrCat("an array of ", handle->game().name,
                                           " positions must have ", form.count, " columns (",
                                           form.syntax, "), not ", rows.shape(1)));
      }
      cells = CellRowsOfAnyType(rows);
    } else {
      const py::sequence items = py::reinterpret_steal<py::sequence>(
          PySequence_Fast(positions.ptr(), "positions must be a sequence of str"));
      if (!items) throw py::error_already_set();
      const size_t count = static_cast<size_t>(PySequence_Fast_GET_SIZE(items.ptr()));
      PyObject** item = PySequence_Fast_ITEMS(items.ptr());
      std::vector<size_t> ends(count);
      for (size_t i = 0; i < count; ++i) {
        if (!PyUnicode_Check(item[i])) {
          throw py::type_error(
              absl::StrCat("positions must be str; position ", i, " is ", TypeName(item[i])));
        }
        arena += PositionText(item[i], "position");
        ends[i] = arena.size();
      }
      texts.resize(count);
      for (size_t i = 0, begin = 0; i < count; begin = ends[i], ++i) {
        texts[i] = std::string_view(arena).substr(begin, ends[i] - begin);
      }
    }
    const size_t count = is_array ? cells.size() / per_position : texts.size();
    py::array_t<double> values(static_cast<py::ssize_t>(count));
    const std::span<double> out(values.mutable_data(), count);
    ValueFailures failures;
    const absl::Status read = WithoutGil([&] {
      return handle->ProbeValues(out, &failures, [&](size_t first, std::span<ValueAnswer> got) {
        if (is_array) {
          const size_t at = first * per_position;
          probe.ValuesOfCells(std::span(cells).subspan(at, got.size() * per_position), per_position,
                              got);
        } else {
          probe.Values(std::span(texts).subspan(first, got.size()), got);
        }
      });
    });
    if (!read.ok()) RaiseError(read);
    // errors="nan" leaves NaN for the positions' own errors only.
    const std::optional<ValueFailure>& failure =
        errors == "raise" ? failures.first : failures.first_not_input;
    if (failure.has_value()) {
      RaiseProbeError(*handle, absl::Status(failure->status.code(),
                                            absl::StrCat("position ", failure->index, ": ",
                                                         failure->status.message())));
    }
    return values;
  }

  // The game's binary form of positions: {'count': integers a position,
  // 'syntax': what they are}, or None.
  py::object PositionCellsInfo() const {
    const PositionCells& form = Acquire()->game().position_cells;
    if (form.count == 0) return py::none();
    return py::dict(py::arg("count") = form.count, py::arg("syntax") = form.syntax);
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
      slices.append(py::dict(py::arg("name") = slice.name, py::arg("bytes") = slice.size));
    }
    return slices;
  }

  py::list ProbeParameters() const {
    const std::shared_ptr<const DatabaseHandle> handle = Acquire();
    py::list parameters;
    for (const ParameterSpec& spec : handle->game().probe_parameters) {
      parameters.append(
          py::dict(py::arg("keyword") = SnakeCase(spec.name), py::arg("option") = "--" + spec.name,
                   py::arg("description") = spec.description,
                   py::arg("default") = spec.default_value, py::arg("choices") = spec.choices));
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
    absl::StatusOr<ParameterValues> resolved =
        ResolveKeywords(handle, ReadKeywords(kwargs), method_keywords);
    if (!resolved.ok()) RaiseProbeError(handle, resolved.status());
    return *std::move(resolved);
  }

  // Options without Python: InvalidArgument for an unknown keyword.
  static absl::StatusOr<ParameterValues> ResolveKeywords(
      const DatabaseHandle& handle, const GivenOptions& given,
      const std::vector<std::string>& method_keywords) {
    const GameDescription& game = handle.game();
    ParameterValues options;
    for (const auto& [keyword, value] : given.pairs) {
      const auto found =
          std::ranges::find(game.probe_parameters, keyword,
                            [](const ParameterSpec& spec) { return SnakeCase(spec.name); });
      if (found == game.probe_parameters.end()) {
        std::vector<std::string> valid;
        for (const ParameterSpec& spec : game.probe_parameters) {
          valid.push_back(SnakeCase(spec.name));
        }
        valid.insert(valid.end(), method_keywords.begin(), method_keywords.end());
        return absl::InvalidArgumentError(absl::StrCat(
            "unknown keyword '", keyword, "' for probing ", game.name,
            "; valid: ", valid.empty() ? std::string("none") : absl::StrJoin(valid, ", ")));
      }
      options[found->name] = value;
    }
    return handle.ResolveProbeOptions(options);
  }

  // The value probe of the call's options: the last call's when they are
  // the same (the same keywords, each value the same int or str; one dict
  // lookup and comparison a keyword), else the session's ValueProbeCache's
  // (prepared on the first call with them: ValueError naming a bad one,
  // retro.Error when the game has no value probes), its lease kept in
  // `*lease` (which owns the probe when the session's cache is full).
  // Called with the GIL held, which orders the memo's reads and writes.
  const ValueProbe& ProbeFor(const DatabaseHandle& handle, const py::kwargs& kwargs,
                             ValueProbeCache::Lease* lease,
                             const std::vector<std::string>& method_keywords = {}) const {
    if (last_probe_ != nullptr && SameOptions(kwargs)) return *last_probe_;
    const GivenOptions given = ReadKeywords(kwargs);
    const DatabaseSession& session = *handle.session();
    absl::StatusOr<ValueProbeCache::Lease> got =
        session.value_probes->Get(*session.database, given.key,
                                  [&] { return ResolveKeywords(handle, given, method_keywords); });
    if (!got.ok()) RaiseProbeError(handle, got.status());
    *lease = *std::move(got);
    // Remembered when the cache keeps the probe (it drops none while the
    // session lives) and the options compare by value exactly.
    if (lease->owned == nullptr && Memorable(kwargs)) {
      last_options_ = py::reinterpret_steal<py::dict>(PyDict_Copy(kwargs.ptr()));
      if (!last_options_) throw py::error_already_set();
      last_probe_ = lease->probe;
    }
    return *lease->probe;
  }

  // Whether `kwargs` holds only str keywords with values of type int or str
  // exactly, whose equality says their str is the same.
  static bool Memorable(const py::kwargs& kwargs) {
    PyObject* key = nullptr;
    PyObject* value = nullptr;
    Py_ssize_t at = 0;
    while (PyDict_Next(kwargs.ptr(), &at, &key, &value)) {
      const bool exact = PyLong_CheckExact(value) || PyUnicode_CheckExact(value);
      if (!PyUnicode_CheckExact(key) || !exact) return false;
    }
    return true;
  }

  // Whether `kwargs` are the remembered options: both Memorable, so that
  // dict equality (an int never equals a str) compares them exactly.
  bool SameOptions(const py::kwargs& kwargs) const {
    if (!Memorable(kwargs)) return false;
    const int equal = PyObject_RichCompareBool(kwargs.ptr(), last_options_.ptr(), Py_EQ);
    if (equal < 0) PyErr_Clear();
    return equal == 1;
  }

  // The integers of one position in the game's binary form (a sequence of
  // int): TypeError for another type or a game without one, ValueError for
  // an integer outside 32 bits (the plugin checks the game's ranges).
  static std::vector<int32_t> CellsOf(const DatabaseHandle& handle, const py::handle& position) {
    const PositionCells& form = handle.game().position_cells;
    if (form.count == 0) {
      throw py::type_error(absl::StrCat("position must be a str (", handle.game().name,
                                        " has no binary form of positions), not ",
                                        TypeName(position)));
    }
    if (!PySequence_Check(position.ptr()) || PyBytes_Check(position.ptr())) {
      throw py::type_error(absl::StrCat("position must be a str or a sequence of ", form.count,
                                        " int (", form.syntax, "), not ", TypeName(position)));
    }
    const py::sequence cells = py::reinterpret_borrow<py::sequence>(position);
    std::vector<int32_t> values;
    values.reserve(static_cast<size_t>(form.count));
    for (size_t j = 0; j < cells.size(); ++j) {
      const py::object cell = cells[j];
      const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(cell.ptr()));
      if (!index) {
        PyErr_Clear();
        throw py::type_error(
            absl::StrCat("cell ", j, " of the position must be an int, not ", TypeName(cell)));
      }
      int overflow = 0;
      const long long value = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
      if (overflow != 0 || !std::in_range<int32_t>(value)) {
        throw py::value_error(absl::StrCat("cell ", j, " of the position is ",
                                           py::str(index).cast<std::string>(),
                                           ", outside the 32-bit integers of the binary form"));
      }
      values.push_back(static_cast<int32_t>(value));
    }
    return values;
  }

  // CellRows of the integer type of `rows`' dtype (no conversion by NumPy).
  static std::vector<int32_t> CellRowsOfAnyType(const py::array& rows) {
    const bool is_signed = rows.dtype().kind() == 'i';
    switch (rows.itemsize()) {
      case 1:
        return is_signed ? CellRows<int8_t>(rows) : CellRows<uint8_t>(rows);
      case 2:
        return is_signed ? CellRows<int16_t>(rows) : CellRows<uint16_t>(rows);
      case 4:
        return is_signed ? CellRows<int32_t>(rows) : CellRows<uint32_t>(rows);
      default:
        return is_signed ? CellRows<int64_t>(rows) : CellRows<uint64_t>(rows);
    }
  }

  // The cells of a 2-D integer NumPy array (n, cells) as 32-bit integers,
  // row after row; ValueError naming the first outside 32 bits.
  template <typename T>
  static std::vector<int32_t> CellRows(const py::array& rows) {
    const auto typed = py::array_t<T, py::array::c_style | py::array::forcecast>::ensure(rows);
    if (!typed) throw py::error_already_set();
    const T* data = typed.data();
    const size_t columns = static_cast<size_t>(rows.shape(1));
    std::vector<int32_t> cells(static_cast<size_t>(typed.size()));
    for (size_t i = 0; i < cells.size(); ++i) {
      const T value = data[i];
      if (!std::in_range<int32_t>(value)) {
        throw py::value_error(absl::StrCat("position ", i / columns, ": cell ", i % columns, " is ",
                                           value,
                                           ", outside the 32-bit integers of the binary form"));
      }
      cells[i] = static_cast<int32_t>(value);
    }
    return cells;
  }

  // A probe's error, the game's probe options named by their Python
  // keywords: ValueError for what `retro` reports as a user's input error
  // (exit status 2: InvalidArgument, NotFound, OutOfRange), else retro.Error.
  [[noreturn]] static void RaiseProbeError(const DatabaseHandle& handle,
                                           const absl::Status& status) {
    std::vector<std::string> names;
    for (const ParameterSpec& spec : handle.game().probe_parameters) names.push_back(spec.name);
    const std::string message = WithKeywords(std::string(status.message()), names);
    if (IsInputError(status)) throw py::value_error(message);
    RaiseError(absl::Status(status.code(), message));
  }

  // With errors="report": the error of `options` themselves, if they are
  // bad, so that a bad option raises whatever the positions. The plugin
  // checks option values in its probe; an option is bad when a position
  // that failed with `options` probes without them (with the defaults).
  static std::optional<absl::Status> BadOption(
      const DatabaseHandle& handle, const std::vector<std::string>& positions,
      const std::vector<absl::StatusOr<std::string>>& answers, const ParameterValues& options) {
    const absl::StatusOr<ParameterValues> defaults = handle.ResolveProbeOptions({});
    if (!defaults.ok() || *defaults == options) return std::nullopt;
    for (size_t i = 0; i < answers.size(); ++i) {
      if (answers[i].ok()) return std::nullopt;  // the options were taken
      if (handle.Probe(positions[i], *defaults).ok()) return answers[i].status();
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
    if (values.encoding == SliceValues::Encoding::kInt8) dtype = py::dtype::of<int8_t>();
    if (values.encoding == SliceValues::Encoding::kFloat64) dtype = py::dtype::of<double>();
    const bool view = values.view.data() != nullptr;
    // The array owns the values and, for a view, a share of the session,
    // which keeps the view's memory mapped.
    using Owned = std::pair<std::shared_ptr<DatabaseSession>, SliceValues>;
    auto* owned = new Owned(view ? handle.session() : nullptr, std::move(values));
    const py::capsule owner(owned, [](void* p) { delete static_cast<Owned*>(p); });
    const std::span<const uint8_t> bytes = owned->second.bytes();
    const py::ssize_t item = dtype.itemsize();
    py::array array(dtype, {static_cast<py::ssize_t>(bytes.size()) / item}, {item}, bytes.data(),
                    owner);
    if (view) array.attr("flags").attr("writeable") = false;
    return array;
  }

  // The answers as dicts (errors as `retro probe`'s batch lines word them:
  // {"position": ..., "error": ...}).
  static py::list ParseAnswers(const std::vector<std::string>& positions,
                               const std::vector<absl::StatusOr<std::string>>& answers) {
    constexpr size_t kChunk = 4096;
    py::list result;
    std::string joined;
    for (size_t begin = 0; begin < answers.size(); begin += kChunk) {
      const size_t end = std::min(answers.size(), begin + kChunk);
      joined = "[";
      for (size_t i = begin; i < end; ++i) {
        if (i > begin) joined += ',';
        if (answers[i].ok()) {
          joined += *answers[i];
        } else {
          JsonWriter json;
          json.BeginObject().Key("position").String(positions[i]);
          json.Key("error").String(std::string(answers[i].status().message())).EndObject();
          joined += json.Take();
        }
      }
      joined += ']';
      result.attr("extend")(ParseJson(joined));
    }
    return result;
  }

  std::shared_ptr<const DatabaseHandle> handle_;
  // The last value probe's options and probe (ProbeFor); null when none.
  mutable py::dict last_options_;
  mutable const ValueProbe* last_probe_ = nullptr;
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

// 1. retro.Error, the exception of files that cannot be opened or read.
void DefineError(py::module_& m) {
  static py::exception<ErrorTag> error(m, "Error");
  error.attr("__module__") = "retro";
  error.doc() =
      "A database file that cannot be opened or read (missing, damaged, foreign, no plugin for "
      "its game, truncated on disk while open).";
  error_type = error;
}

// 2. Database's properties: what the file holds.
void DefineProperties(py::class_<PyDatabase>& database) {
  database.def_property_readonly("path", &PyDatabase::path, "The path it was opened from (str).")
      .def_property_readonly("game", &PyDatabase::Game, "The game that made it, e.g. 'oware'.")
      .def_property_readonly("parameters", &PyDatabase::Parameters,
                             "The header's canonical parameters, name to value (str), in file "
                             "order.")
      .def_property_readonly(
          "slices", &PyDatabase::Slices,
          "The slice table: a dict with name and bytes per slice, in file order.")
      .def_property_readonly("probe_parameters", &PyDatabase::ProbeParameters,
                             "The game's probe options: a dict per option with keyword (the "
                             "Python keyword, plies_left), option (--plies-left), description, "
                             "default and choices.")
      .def_property_readonly("position_cells", &PyDatabase::PositionCellsInfo,
                             "The game's binary form of positions, which value and values_many "
                             "also take: {'count': integers a position, 'syntax': what they "
                             "are}, or None when the game has none.")
      .def_property_readonly("closed", &PyDatabase::closed, "True once close() was called.");
}

// 3. Database's probes: full answers and values, one or many.
void DefineProbes(py::class_<PyDatabase>& database) {
  database
      .def("probe", &PyDatabase::Probe, py::arg("position"), R"(The full answer for one position.

Args:
  position: the position in the game's notation (str).
  **kwargs: the game's probe options by keyword (plies_left=3 for
    --plies-left 3; probe_parameters lists them), any value as its str.

Returns:
  The dict `retro probe --position POSITION --json` prints: the value and
  each move with its child's value.

Raises:
  ValueError: a bad position or option, with retro's message.)")
      .def("probe_many", &PyDatabase::ProbeMany, py::arg("positions"), py::kw_only(),
           py::arg("threads") = py::none(), py::arg("errors") = "raise",
           R"(probe for each position, in order, probed without the GIL.

Args:
  positions: an iterable of positions (str); one str is refused (TypeError).
  threads: the threads to probe on (1..1024); None: all hardware threads.
  errors: 'raise' raises ValueError for the first bad position; 'report'
    puts {'position': ..., 'error': ...} in its place, as `retro probe`
    does in batch mode.
  **kwargs: the game's probe options by keyword, as for probe.

Returns:
  A list of dicts, one per position.)")
      .def("value", &PyDatabase::Value, py::arg("position"),
           R"(One position's value, for searching programs: a float.

Goes through the game's typed value probe, prepared once per set of
options, without building the full answer; the cheapest way to read one
value.

Args:
  position: the position in the game's notation (str), or, for a game with
    a binary form (position_cells), a sequence of that many int.
  **kwargs: the game's probe options by keyword (plies_left=3), as for
    probe.

Returns:
  The value for the side to move, as `probe` reports it: a finite-horizon
  game's score (oware: net seeds captured from now on), a chance game's
  expectation (plakoto: expected turns), or a win/draw/loss result as one
  number: 1e6 - d for a win in d plies, -(1e6 - d) for a loss in d plies,
  0 for a draw.

Raises:
  ValueError: a bad position or option, with retro's message.
  TypeError: a position of another type.
  retro.Error: the game offers no value probes, or the file was truncated.)")
      .def("values_many", &PyDatabase::ValuesMany, py::arg("positions"), py::kw_only(),
           py::arg("errors") = "raise",
           R"(The values of many positions as a NumPy array (needs NumPy).

The positions are copied, then probed without the GIL.

Args:
  positions: a sequence of positions in the game's notation (str; one str
    is refused with TypeError), or, for a game with a binary form
    (position_cells), a 2-D integer NumPy array with one position a row.
  errors: 'raise' raises ValueError for the first position without a
    value; 'nan' gives NaN for each (not in the notation, not in the
    database), raising only for errors that are not the position's.
  **kwargs: the game's probe options by keyword, as for value.

Returns:
  A numpy.float64 array of len(positions) values, each what value returns.

Raises:
  ValueError: a bad position (naming its index: 'position 3: ...'; with
    errors='raise'), a bad option, an array that is not 2-D or has another
    number of columns than the game's binary form.
  TypeError: a str, an element that is not a str, a non-integer array.
  ImportError: NumPy cannot be imported.)");
}

// 4. Database's reports, slices of values, and closing.
void DefineReports(py::class_<PyDatabase>& database) {
  database
      .def("stats", &PyDatabase::Stats, py::kw_only(), py::arg("threads") = py::none(),
           R"(The dict `retro stats --json` prints: the plugin's report, per slice.

Args:
  threads: the threads to use (1..1024); None: all hardware threads.)")
      .def("verify", &PyDatabase::Verify, py::kw_only(), py::arg("sample") = py::none(),
           py::arg("seed") = 1, py::arg("threads") = py::none(),
           R"(Checks records against their children, as `retro verify` does.

Args:
  sample: how many random records to check; None: every record.
  seed: the seed choosing the sample (0 or more).
  threads: the threads to use (1..1024); None: all hardware threads.

Returns:
  {'checksums': 'ok', 'records_checked': N, 'mismatches': N,
  'first_mismatch': str or None, 'seconds': x}; mismatches do not raise.)")
      .def("values", &PyDatabase::Values, py::arg("slice"),
           R"(The values of one slice as a 1-D NumPy array (needs NumPy).

One number per record, in index order: a read-only view when the file
stores one value per record (it keeps the file open), else computed.
docs/python.md says what the numbers are per solver family.

Args:
  slice: the slice's name (str) or its index (int) in slices.
  **kwargs: the game's probe options by keyword; those selecting values
    apply (oware's plies_left), the others are ignored.

Raises:
  ValueError: no slice of that name with values, or a bad option.
  IndexError: an index outside slices.
  ImportError: NumPy cannot be imported.)")
      .def("close", &PyDatabase::Close,
           "Closes it: later calls raise ValueError; calls running on other threads finish "
           "first (arrays from values stay valid: they keep the file mapped).")
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](PyDatabase& db, py::args) { db.Close(); })
      .def("__repr__", [](const PyDatabase& db) {
        if (db.closed()) return absl::StrCat("<retro.Database ", db.path(), " (closed)>");
        return absl::StrCat("<retro.Database ", db.path(), ": ", db.Game(), ">");
      });
}

// 5. retro.open.
void DefineOpen(py::module_& m) {
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
      R"(Opens a database file with its game's plugin.

The file is checked as `retro probe` checks it: the container's header,
the plugin's ABI and data version, the layout, every slice checksum.

Args:
  path: the file (str, bytes or path-like).
  plugin_dirs: folders (list of str) searched first for the game's plugin
    retro_<game>.so; then RETRO_PLUGIN_PATH's entries, then the folder
    retro beside the framework library and that library's own folder (the
    installed package's folder, where pip puts the shipped plugins).

Returns:
  A Database.

Raises:
  retro.Error: the file cannot be opened (missing, not a retro database,
    damaged, another data version, no plugin for its game).
  ValueError: a path holding a NUL character.
  TypeError: a path of another type.)");
}

}  // namespace
}  // namespace retro::python

PYBIND11_MODULE(_retro, m) {
  m.doc() = "Reading retro databases: the compiled part of the package retro (docs/python.md).";
  m.attr("__version__") = RETRO_VERSION;
  retro::python::DefineError(m);
  using retro::python::PyDatabase;
  py::class_<PyDatabase> database(m, "Database", R"(A retro database opened with its game's plugin.

Made by retro.open(path); usable as a context manager (closed on exit).
Probe options are the game's, as keywords (probe_parameters lists them,
e.g. plies_left=3 for oware's --plies-left 3); every call raises ValueError
once the database is closed.)");
  retro::python::DefineProperties(database);
  retro::python::DefineProbes(database);
  retro::python::DefineReports(database);
  retro::python::DefineOpen(m);
}
