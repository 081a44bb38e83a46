#!/usr/bin/env bash
# Installs the Debian packages gameai builds with, when any is missing.
set -euo pipefail
source "$(dirname "$0")/lib/apt_install.sh"
install_missing cmake g++ ninja-build libabsl-dev libfmt-dev libgtest-dev libbenchmark-dev libasio-dev \
  nlohmann-json3-dev default-jdk-headless libopenmpi-dev openmpi-bin \
  python3 python3-dev pybind11-dev python3-numpy python3-setuptools python3-venv \
  python3-pip clang mono-mcs mono-runtime libcli11-dev ccache
