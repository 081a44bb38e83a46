// The WebAssembly module's own entry beside the C API: how much of the heap
// is in use, so that JavaScript can see that freed objects are given back
// (the memory's byte length only ever grows).
#include <malloc.h>

#include <cstddef>

extern "C" __attribute__((used, visibility("default"))) size_t
gameai_wasm_heap_in_use(void) {
  return mallinfo().uordblks;
}
