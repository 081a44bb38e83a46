// IntArgument: a Python integer argument as a C++ integer, checked. pybind's
// own conversion turns an int too large for the C++ type into a TypeError
// ("incompatible function arguments") or a RuntimeError ("Unable to cast")
// that does not say which argument was wrong or what it accepts.
#ifndef GAMEAI_PYTHON_INT_ARGUMENT_H_
#define GAMEAI_PYTHON_INT_ARGUMENT_H_

#include <pybind11/pybind11.h>

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace gameai::python {

// Repr: repr(value) for a message, at most 200 bytes (cut at a character,
// "..." after), so that a huge argument is not quoted whole.
std::string Repr(pybind11::handle value);

// IntArgumentIn: `value` (an int, or an object with __index__ such as a
// numpy integer) when it lies in [lo, hi]; else TypeError (not an integer)
// or ValueError (out of range), each naming `name` and what is accepted:
// `accepted`, or "lo..hi" when it is empty.
int64_t IntArgumentIn(pybind11::handle value, std::string_view name, int64_t lo,
                      int64_t hi, std::string_view accepted = "");
// NumberArgument: `value` (an int or float, not a bool) as a finite double
// inside (lo, hi) when `open`, else [lo, hi]; TypeError or ValueError
// naming `name` and what is accepted.
double NumberArgument(pybind11::handle value, std::string_view name, double lo,
                      double hi, bool open = false);
// SeedArgument: a seed, any integer in [0, 2**64).
uint64_t SeedArgument(pybind11::handle value, std::string_view name);

template <class T>
T IntArgument(pybind11::handle value, std::string_view name,
              T lo = std::numeric_limits<T>::min(),
              T hi = std::numeric_limits<T>::max()) {
  static_assert(std::numeric_limits<T>::is_signed && sizeof(T) <= 8);
  return static_cast<T>(IntArgumentIn(value, name, lo, hi));
}

// ActionsArgument: a sequence of actions, each in [0, num_actions), as a
// vector (the items named "actions[i]").
std::vector<int64_t> ActionsArgument(pybind11::handle value,
                                     std::string_view name,
                                     int64_t num_actions);

}  // namespace gameai::python

#endif  // GAMEAI_PYTHON_INT_ARGUMENT_H_
