#!/usr/bin/env bash
# Installs what the tests need and is missing, saying what, before any test runs:
# Chromium (web UI tests), tmux (terminal UI tests), jq (bench and reference checks),
# nats-server (fleet tests) and cmark-gfm
# (GitHub's Markdown renderer: the Markdown of `pr` and `history --format markdown`). Called by
# `deno task test`; exits 1 with what to do when it cannot.
set -u
declare -A pkg_of=([chromium]=chromium [tmux]=tmux [jq]=jq [nats-server]=nats-server
  [cmark-gfm]=cmark-gfm)
have() {
  case "$1" in
    chromium) [ -x "${TASKLINE_CHROMIUM:-/usr/bin/chromium}" ] ;;
    nats-server) command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] ;;
    *) command -v "$1" >/dev/null ;;
  esac
}
missing=()
for tool in chromium tmux jq nats-server cmark-gfm; do
  have "$tool" || missing+=("${pkg_of[$tool]}")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "test set-up: installing ${missing[*]} with apt-get (the tests need them)" >&2
run_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    run_root=(sudo -n)
  else
    echo "test set-up: cannot install ${missing[*]}: not root and no password-less sudo." >&2
    echo "  Install them yourself, then run the tests again:" >&2
    echo "    sudo apt-get install -y ${missing[*]}" >&2
    echo "  (set TASKLINE_CHROMIUM to use a Chromium elsewhere than /usr/bin/chromium)" >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null; then
  echo "test set-up: no apt-get on this machine; install ${missing[*]} with its package manager," >&2
  echo "  then run the tests again." >&2
  exit 1
fi
log=$(mktemp)
if ! { "${run_root[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
  "${run_root[@]}" apt-get install -y -qq "${missing[@]}"; } >"$log" 2>&1; then
  tail -20 "$log" >&2
  echo "test set-up: apt-get could not install ${missing[*]} (see above); install them, then" >&2
  echo "  run the tests again." >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
for tool in chromium tmux jq nats-server cmark-gfm; do
  have "$tool" || { echo "test set-up: $tool is still missing after the install" >&2; exit 1; }
done
echo "test set-up: installed ${missing[*]}" >&2
