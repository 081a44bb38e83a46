# GoogleTest built with the project from Debian's googletest sources
# (GAMEAI_GTEST_SOURCE), for the targets that have no GoogleTest package:
# WebAssembly and Windows. Gives the targets find_package(GTest) would.
set(GAMEAI_GTEST_SOURCE /usr/src/googletest CACHE PATH
  "GoogleTest's sources (Debian's googletest package)")
if(NOT EXISTS ${GAMEAI_GTEST_SOURCE}/CMakeLists.txt)
  message(FATAL_ERROR "GAMEAI_GTEST_SOURCE=${GAMEAI_GTEST_SOURCE} holds no "
    "GoogleTest sources: install Debian's googletest (scripts/deps_wasm.sh, "
    "scripts/deps_windows.sh)")
endif()
set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
add_subdirectory(${GAMEAI_GTEST_SOURCE} ${CMAKE_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)
if(NOT TARGET GTest::gtest)
  add_library(GTest::gtest ALIAS gtest)
  add_library(GTest::gtest_main ALIAS gtest_main)
endif()
