# Cross build for Linux aarch64 with Debian's cross compiler
# (g++-aarch64-linux-gnu) against Debian's arm64 libraries installed
# beside the machine's own (multiarch: /usr/lib/aarch64-linux-gnu). Programs
# and tests run under qemu-user (scripts/build_aarch64.sh).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# qemu runs the programs with Debian's arm64 C library (libc6:arm64, its
# loader at /lib/ld-linux-aarch64.so.1), found where the programs name
# it. Not with -L /usr/aarch64-linux-gnu: that cross package's loader
# would load the multiarch libc.so.6 (through ld.so.cache), another build
# of glibc, and the first thread a program starts then never runs.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
# Libraries and CMake packages of the target only; headers and programs of
# the build machine (multiarch headers are shared).
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
