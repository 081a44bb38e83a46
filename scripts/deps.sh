#!/usr/bin/env bash
# Installs the Debian packages gameai builds with, when any is missing.
set -euo pipefail
packages=(cmake g++ ninja-build libabsl-dev libfmt-dev libgtest-dev libbenchmark-dev libasio-dev
  nlohmann-json3-dev default-jdk-headless libopenmpi-dev openmpi-bin
  python3 python3-dev pybind11-dev python3-numpy python3-setuptools python3-venv
  python3-pip clang mono-mcs mono-runtime libcli11-dev ccache)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
