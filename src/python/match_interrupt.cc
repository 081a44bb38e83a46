#include "match_interrupt.h"

namespace py = pybind11;

namespace gameai::python {

bool OnPythonMainThread() {
  static const unsigned long main = py::module_::import("threading")
                                        .attr("main_thread")()
                                        .attr("ident")
                                        .cast<unsigned long>();
  return PyThread_get_thread_ident() == main;
}

bool MatchInterrupt::Poll() {
  if (interrupted()) return true;
  if (std::this_thread::get_id() != thread_) return false;
  const auto now = std::chrono::steady_clock::now();
  if (now < next_check_) return false;
  next_check_ = now + std::chrono::milliseconds(50);
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() == 0) return false;
  // A handler raised (Ctrl-C's KeyboardInterrupt, or a handler of the
  // caller's own): the match stops and the caller gets the exception.
  py::error_already_set raised;
  Store(raised);
  return true;
}

bool MatchInterrupt::Keep(py::error_already_set& e) {
  if (!e.matches(PyExc_KeyboardInterrupt) && !e.matches(PyExc_SystemExit)) {
    return false;
  }
  Store(e);
  return true;
}

void MatchInterrupt::Store(py::error_already_set& e) {
  if (!error_) error_.emplace(std::move(e));
  interrupted_.store(true);
}

void MatchInterrupt::RaiseIfInterrupted() {
  if (!error_) return;
  py::error_already_set e = std::move(*error_);
  error_.reset();
  throw e;
}

}  // namespace gameai::python
