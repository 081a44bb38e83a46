# Sourced by the build scripts. ccache_launcher ROOT: sets the array
# `launcher` to the CMake options that compile through ccache, when it is
# installed, and has ccache hash the paths below ROOT relative to it, so
# that a fresh clone (CI's, on every run) hits the cache of the last.
ccache_launcher() {
  launcher=()
  command -v ccache >/dev/null || return 0
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=$1 CCACHE_NOHASHDIR=1
}
