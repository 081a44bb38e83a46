# Sourced by the scripts that run Windows programs under wine.
# wine_session_start: one wine server for the whole run (the one already
# running for this prefix, if any), with wine's own services (started by
# the first program in a new session) started here, their output going
# nowhere: a service started by a test would inherit the test's output
# pipe and keep ctest waiting for it.
# wine_session_stop: stops the server and every wine process with it (for
# the caller's EXIT trap; harmless when none runs).
wine_session_start() {
  export WINEDEBUG=${WINEDEBUG:--all}
  export WINEPREFIX=${WINEPREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/gameai/wine-prefix}
  mkdir -p "$WINEPREFIX"
  wineserver -p </dev/null >/dev/null 2>&1 || true
  wine wineboot --init </dev/null >/dev/null 2>&1
}
wine_session_stop() {
  wineserver -k >/dev/null 2>&1 || true
}
