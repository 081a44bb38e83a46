# Sourced by the deps scripts. install_missing [--no-recommends] PACKAGE...:
# installs with apt-get (as root, or through sudo) those of the Debian
# packages that are not installed yet.
install_missing() {
  local missing=() p sudo="" extra=()
  if [[ ${1:-} == --no-recommends ]]; then
    extra=(--no-install-recommends)
    shift
  fi
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "installing: ${missing[*]}"
  [[ $(id -u) -ne 0 ]] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${extra[@]}" "${missing[@]}"
}
