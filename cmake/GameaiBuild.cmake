# Functions the folders' CMakeLists.txt share.

# gameai_warnings(target): the project's warning set.
function(gameai_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra
    -Wno-missing-field-initializers)
endfunction()

# gameai_library_part(target): compiled like the library's own objects
# (its internal headers reachable, popcount on x86-64).
function(gameai_library_part target)
  gameai_warnings(${target})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/src)
  if(GAMEAI_POPCNT AND CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
    target_compile_options(${target} PRIVATE -mpopcnt)
  endif()
endfunction()

# gameai_add_game(NAME ENTRY FUNCTION SOURCES file...): called by
# src/<NAME>/CMakeLists.txt. Adds the game's sources to the library and its
# registration to the built-in list: FUNCTION (in gameai/<NAME>/register.h)
# returns the game's GameEntry.
function(gameai_add_game name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "ENTRY" "SOURCES")
  if(NOT arg_ENTRY OR NOT arg_SOURCES)
    message(FATAL_ERROR "gameai_add_game(${name}): ENTRY and SOURCES are required")
  endif()
  target_sources(gameai_objects PRIVATE ${arg_SOURCES})
  set_property(GLOBAL APPEND PROPERTY GAMEAI_GAME_ENTRIES "${name}=${arg_ENTRY}")
endfunction()

# gameai_write_builtin_games(out): writes the C++ file registering every
# game gameai_add_game saw, in GAMEAI_GAMES's order.
function(gameai_write_builtin_games out)
  get_property(entries GLOBAL PROPERTY GAMEAI_GAME_ENTRIES)
  set(GAMEAI_GAME_INCLUDES "")
  set(GAMEAI_GAME_CALLS "")
  foreach(entry IN LISTS entries)
    string(REPLACE "=" ";" pair "${entry}")
    list(GET pair 0 game)
    list(GET pair 1 function)
    string(APPEND GAMEAI_GAME_INCLUDES "#include \"gameai/${game}/register.h\"\n")
    string(APPEND GAMEAI_GAME_CALLS "    (void)RegisterGame(${function}());\n")
  endforeach()
  configure_file(${PROJECT_SOURCE_DIR}/src/dynamic/builtin_games.cc.in ${out} @ONLY)
endfunction()

# gameai_test_needs(test game...): a script test that plays these games is
# disabled (ctest says so) in a build without one of them.
function(gameai_test_needs test)
  foreach(game IN LISTS ARGN)
    if(NOT game IN_LIST GAMEAI_GAMES)
      set_tests_properties(${test} PROPERTIES DISABLED ON)
      return()
    endif()
  endforeach()
endfunction()

# gameai_use_mpi(target): mpi_match.cc in `target` talks MPI when the build
# has it.
function(gameai_use_mpi target)
  if(gameai_have_mpi)
    # The C API only: Open MPI's C++ bindings would need libmpi_cxx.
    target_compile_definitions(${target} PRIVATE GAMEAI_HAVE_MPI
      OMPI_SKIP_MPICXX MPICH_SKIP_MPICXX)
    target_link_libraries(${target} PRIVATE MPI::MPI_C)
  endif()
endfunction()

# gameai_runnable(OUT TARGET): how a test script runs program TARGET: its
# file, or in a cross build run by an emulator (qemu-user, wine) a small
# script beside the build that runs it under CMAKE_CROSSCOMPILING_EMULATOR,
# so the shell and Python tests call it as they call the native program.
function(gameai_runnable out target)
  if(NOT CMAKE_CROSSCOMPILING_EMULATOR)
    set(${out} $<TARGET_FILE:${target}> PARENT_SCOPE)
    return()
  endif()
  list(JOIN CMAKE_CROSSCOMPILING_EMULATOR "\" \"" emulator)
  set(script ${CMAKE_BINARY_DIR}/run/${target})
  file(GENERATE OUTPUT ${script}
    CONTENT "#!/bin/sh\nexec \"${emulator}\" \"$<TARGET_FILE:${target}>\" \"$@\"\n"
    FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                     WORLD_READ WORLD_EXECUTE)
  set(${out} ${script} PARENT_SCOPE)
endfunction()
