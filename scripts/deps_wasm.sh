#!/usr/bin/env bash
# Installs what the WebAssembly build and its Node tests need, when missing:
# Debian's Emscripten, GoogleTest's sources (the C++ suites are built for
# WebAssembly from them) and dpkg-dev (apt-get source unpacks with it).
# Node.js itself comes with the machine or with Debian's nodejs package.
set -euo pipefail
packages=(emscripten googletest dpkg-dev xz-utils)
command -v node >/dev/null || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
