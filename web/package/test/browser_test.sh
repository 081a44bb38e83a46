#!/usr/bin/env bash
# browser_test.sh TARBALL: the package in headless Chromium, loaded from
# static files on 127.0.0.1 as a page would load it; what the page
# computes must equal what Node computes with the same package.
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: $0 gameai-VERSION.tgz" >&2; exit 2; }
tarball=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gameai-browser-test.XXXXXX")
server=""
cleanup() {
  if [[ -n $server ]]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true  # its status is the kill's
  fi
  rm -rf "$work"
}
trap cleanup EXIT
tar -xzf "$tarball" -C "$work"
cp "$here/browser.html" "$work/index.html"
cp "$here/browser_probe.mjs" "$work/"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && break
  sleep 0.1
done
page=$(timeout 90 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$work/profile" --virtual-time-budget=30000 \
  --dump-dom "http://127.0.0.1:$port/index.html" 2>/dev/null)
seen=$(python3 -c 'import html, re, sys; m = re.search(r"<pre id=\"out\">(.*?)</pre>", sys.stdin.read(), re.S); print(html.unescape(m.group(1)) if m else "no output")' <<<"$page")
expected=$(cd "$work" && node --input-type=module -e "
  const gameai = await import('./package/index.js');
  const { probe } = await import('./browser_probe.mjs');
  console.log(probe(gameai));")
if [[ $seen != "$expected" ]]; then
  echo "the page showed:  ${seen:0:400}" >&2
  echo "Node computed:    ${expected:0:400}" >&2
  exit 1
fi
echo "browser: the page computed what Node computes (${#seen} characters)"
