#!/usr/bin/env bash
# web.sh [--port P] [--build-dir DIR] [--site-only]: the web app
# (web/app/) on 127.0.0.1. Builds the WebAssembly package first when it is
# missing or older than the sources (scripts/build_wasm.sh), puts the app
# and the package into DIR/site (DIR: build-wasm/) and serves that folder
# with Python's http.server on port P (default 8019; 0: a free one), printing
# the URL. --site-only: put the site together, print its folder, serve
# nothing (the browser tests serve it themselves).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
port=8019
dir=$root/build-wasm
serve=1
while (($#)); do
  case $1 in
    --port) [[ $# -ge 2 && $2 =~ ^[0-9]+$ && $2 -le 65535 ]] || {
        echo "web.sh: --port needs a port number 0..65535" >&2; exit 2; }
      port=$2; shift 2 ;;
    --build-dir) [[ $# -ge 2 ]] || { echo "web.sh: --build-dir needs a folder" >&2; exit 2; }
      dir=$2; shift 2 ;;
    --site-only) serve=0; shift ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "web.sh: unknown argument '$1'; accepted: --port P, --build-dir DIR, --site-only" >&2; exit 2 ;;
  esac
done

package=$dir/package
# Stale when any C++ source or header, or the package's own files, is newer
# than the package's index.js (every build_wasm.sh run copies it anew).
if [[ ! -f $package/gameai_core.wasm || ! -f $package/index.js ]] ||
   [[ -n $(find "$root/src" "$root/include" "$root/web/package" -newer "$package/index.js" \
           -type f \( -name '*.cc' -o -name '*.h' -o -name '*.js' -o -name '*.txt' \) \
           -not -path '*/node_modules/*' -print -quit) ]]; then
  echo "web.sh: building the WebAssembly package (scripts/build_wasm.sh)…" >&2
  "$root/scripts/build_wasm.sh" "$dir" >&2
fi

site=$dir/site
rm -rf "$site"
mkdir -p "$site/gameai"
cp -r "$root"/web/app/{index.html,embed_example.html,style.css,app.js,worker.js,boards} "$site/"
cp "$package"/{index.js,gameai_core.mjs,gameai_core.wasm} "$site/gameai/"
if ((serve == 0)); then
  echo "$site"
  exit 0
fi
if ((port == 0)); then
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
fi
echo "gameai web app: http://127.0.0.1:$port/ (Ctrl-C stops it)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
