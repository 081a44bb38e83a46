#include "int_argument.h"

#include <cmath>
#include <string>

#include "fmt/format.h"

namespace py = pybind11;

namespace gameai::python {

std::string Repr(pybind11::handle value) {
  constexpr size_t kMaxBytes = 200;
  std::string text = py::repr(value).cast<std::string>();
  if (text.size() <= kMaxBytes) return text;
  size_t keep = kMaxBytes;
  while ((static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
  text.resize(keep);
  return text + "...";
}

namespace {

// AsInteger: `value` as a Python int (through __index__: a float or a str
// is refused, a numpy integer or a bool accepted), else TypeError.
py::int_ AsInteger(py::handle value, std::string_view name,
                   std::string_view accepted) {
  PyObject* index = PyNumber_Index(value.ptr());
  if (index == nullptr) {
    PyErr_Clear();
    throw py::type_error(fmt::format("{} must be an int; got {}; accepted: {}",
                                     name, Repr(value), accepted));
  }
  return py::reinterpret_steal<py::int_>(index);
}

[[noreturn]] void OutOfRange(std::string_view name, const py::int_& integer,
                             std::string_view accepted) {
  throw py::value_error(fmt::format("{}={} is out of range; accepted: {}", name,
                                    Repr(integer), accepted));
}

}  // namespace

int64_t IntArgumentIn(py::handle value, std::string_view name, int64_t lo,
                      int64_t hi, std::string_view accepted_text) {
  const std::string accepted = accepted_text.empty()
                                   ? fmt::format("{}..{}", lo, hi)
                                   : std::string(accepted_text);
  const py::int_ integer = AsInteger(value, name, accepted);
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(integer.ptr(), &overflow);
  if (overflow != 0 || v < lo || v > hi) OutOfRange(name, integer, accepted);
  return v;
}

double NumberArgument(py::handle value, std::string_view name, double lo,
                      double hi, bool open) {
  const std::string accepted = fmt::format(
      "a number in {}{}, {}{}", open ? '(' : '[', lo, hi, open ? ')' : ']');
  if (py::isinstance<py::bool_>(value) ||
      !(py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value) ||
        PyNumber_Check(value.ptr()) && !PyComplex_Check(value.ptr()))) {
    throw py::type_error(
        fmt::format("{} must be {}; got {}", name, accepted, Repr(value)));
  }
  const auto real =
      py::reinterpret_steal<py::object>(PyNumber_Float(value.ptr()));
  if (!real) throw py::error_already_set();
  const double v = PyFloat_AsDouble(real.ptr());
  const bool inside =
      std::isfinite(v) && (open ? v > lo && v < hi : v >= lo && v <= hi);
  if (!inside) {
    throw py::value_error(
        fmt::format("{}={} is out of range; accepted: {}", name, v, accepted));
  }
  return v;
}

uint64_t SeedArgument(py::handle value, std::string_view name) {
  const std::string accepted =
      fmt::format("0..{}", std::numeric_limits<uint64_t>::max());
  const py::int_ integer = AsInteger(value, name, accepted);
  const unsigned long long v = PyLong_AsUnsignedLongLong(integer.ptr());
  if (PyErr_Occurred() != nullptr) {  // negative or too large
    PyErr_Clear();
    OutOfRange(name, integer, accepted);
  }
  return v;
}

std::vector<int64_t> ActionsArgument(py::handle value, std::string_view name,
                                     int64_t num_actions) {
  if (!py::isinstance<py::sequence>(value) || py::isinstance<py::str>(value)) {
    throw py::type_error(fmt::format(
        "{} must be a sequence of ints (one action per seat); got {}", name,
        Repr(value)));
  }
  const py::sequence items = py::reinterpret_borrow<py::sequence>(value);
  std::vector<int64_t> actions;
  actions.reserve(items.size());
  for (size_t i = 0; i < items.size(); ++i) {
    actions.push_back(IntArgumentIn(items[i], fmt::format("{}[{}]", name, i), 0,
                                    num_actions - 1));
  }
  return actions;
}

}  // namespace gameai::python
