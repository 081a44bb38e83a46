// What keeps a Python caller from reaching a C++ object that is not ready
// for it: one made by __new__ alone (pybind would hand the methods
// uninitialized memory), a pickle protocol that would build one that way,
// and a second thread calling in while a first runs without the GIL.
#ifndef GAMEAI_PYTHON_OBJECT_GUARDS_H_
#define GAMEAI_PYTHON_OBJECT_GUARDS_H_

#include <pybind11/pybind11.h>

#include <string>

namespace gameai::python {

// NoBareNew: `Class.__new__(Class)` raises TypeError saying how objects of
// the class are made (`made_by`), since no __init__ would follow it. The
// module makes its objects in C++ without calling __new__.
template <class T>
void NoBareNew(pybind11::class_<T>& cls, const std::string& made_by) {
  const std::string name = pybind11::str(cls.attr("__name__"));
  cls.def_static(
      "__new__",
      [name, made_by](pybind11::args, pybind11::kwargs) -> pybind11::object {
        throw pybind11::type_error("gameai." + name + " objects come from " +
                                   made_by + ", not from " + name + ".__new__");
      });
}

// NotPicklable: pickling raises TypeError with `why` at every protocol
// (protocols 0 and 1 would otherwise build an object by __new__ alone).
template <class T>
void NotPicklable(pybind11::class_<T>& cls, const std::string& why) {
  const std::string name = pybind11::str(cls.attr("__name__"));
  cls.def("__reduce_ex__", [name, why](pybind11::handle, pybind11::handle) {
    throw pybind11::type_error("cannot pickle gameai." + name + ": " + why);
  });
}

// OneCallAtATime: held while a call runs on an object whose method may
// release the GIL; a second thread calling in meanwhile gets RuntimeError
// instead of a race inside C++. Taken and released with the GIL held, so
// a plain flag is enough.
class OneCallAtATime {
 public:
  OneCallAtATime(bool& busy, const char* what) : busy_(busy) {
    if (busy_) {
      throw std::runtime_error(std::string(what) +
                               " is in use by another thread: one call at a "
                               "time per object (make one per thread)");
    }
    busy_ = true;
  }
  ~OneCallAtATime() { busy_ = false; }
  OneCallAtATime(const OneCallAtATime&) = delete;
  OneCallAtATime& operator=(const OneCallAtATime&) = delete;

 private:
  bool& busy_;
};

}  // namespace gameai::python

#endif  // GAMEAI_PYTHON_OBJECT_GUARDS_H_
