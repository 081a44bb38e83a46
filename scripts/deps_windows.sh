#!/usr/bin/env bash
# Installs what the Windows cross build and its tests need, when missing:
# Debian's mingw-w64 (the posix thread model), wine to run the programs,
# GoogleTest's sources (built for Windows with the tests) and Debian's
# source-package tools (Abseil is built for Windows from its source
# package: scripts/third_party.sh).
set -euo pipefail
source "$(dirname "$0")/lib/apt_install.sh"
install_missing --no-recommends g++-mingw-w64-x86-64-posix wine64 wine googletest dpkg-dev
