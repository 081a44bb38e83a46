#!/usr/bin/env bash
# Installs what the WebAssembly build and its tests need, when missing:
# Debian's Emscripten, GoogleTest's sources (the C++ suites are built for
# WebAssembly from them), dpkg-dev (apt-get source unpacks with it),
# Chromium (the package and the web app in a page) and a font with the
# kanji of Daifugo's titles (headless Chromium has none of its own).
# Node.js itself comes with the machine or with Debian's nodejs package.
set -euo pipefail
source "$(dirname "$0")/lib/apt_install.sh"
packages=(emscripten googletest dpkg-dev xz-utils chromium fonts-wqy-microhei)
command -v node >/dev/null || packages+=(nodejs npm)
# Emscripten recommends a second Node and the docs; neither is needed.
install_missing --no-recommends "${packages[@]}"
