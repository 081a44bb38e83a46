# Cross build for Linux aarch64 with Debian's cross compiler
# (g++-aarch64-linux-gnu) against Debian's arm64 libraries installed
# beside the machine's own (multiarch: /usr/lib/aarch64-linux-gnu). Programs
# and tests run under qemu-user (scripts/build_aarch64.sh).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu)
# Libraries and CMake packages of the target only; headers and programs of
# the build machine (multiarch headers are shared).
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
