#!/usr/bin/env bash
# Installs what the aarch64 cross build and its tests need, when missing:
# Debian's cross compiler, qemu-user, and Debian's arm64 packages of the
# libraries (Abseil, fmt, GoogleTest) beside the machine's own, which
# needs the arm64 architecture added to dpkg (multiarch) once.
set -euo pipefail
source "$(dirname "$0")/lib/apt_install.sh"
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo=sudo
  $sudo dpkg --add-architecture arm64
  $sudo apt-get update -qq
fi
install_missing --no-recommends g++-aarch64-linux-gnu qemu-user \
  libabsl-dev:arm64 libfmt-dev:arm64 libgtest-dev:arm64 libgmock-dev:arm64
