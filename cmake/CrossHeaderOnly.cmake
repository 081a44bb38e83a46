# In a cross build (WebAssembly, Windows, aarch64) the header-only
# dependencies come from the build machine's Debian packages (libfmt-dev,
# nlohmann-json3-dev, libcli11-dev, libasio-dev). Their installed CMake
# files would put /usr/include, with the build machine's C library, before
# the target's own: only their folders are linked into the build tree and
# given as the same targets the native build finds.
set(gameai_host_headers ${CMAKE_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${gameai_host_headers})
foreach(entry fmt nlohmann CLI asio asio.hpp)
  if(NOT EXISTS /usr/include/${entry})
    message(FATAL_ERROR "/usr/include/${entry} is missing: run scripts/deps.sh")
  endif()
  if(NOT EXISTS ${gameai_host_headers}/${entry})
    file(CREATE_LINK /usr/include/${entry} ${gameai_host_headers}/${entry} SYMBOLIC)
  endif()
endforeach()
function(gameai_header_only_target name)
  add_library(${name} INTERFACE IMPORTED GLOBAL)
  set_target_properties(${name} PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES ${gameai_host_headers} ${ARGN})
endfunction()
# fmt's headers; its compiled part is in the library
# (src/base/fmt_implementation.cc), which everything using fmt links.
gameai_header_only_target(fmt::fmt)
add_library(gameai_fmt_headers ALIAS fmt::fmt)
gameai_header_only_target(nlohmann_json::nlohmann_json)
gameai_header_only_target(CLI11::CLI11)
