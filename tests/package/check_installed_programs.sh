#!/usr/bin/env bash
# What `sudo cmake --install BUILD` gives a user, staged with DESTDIR (no root, nothing written
# outside a temporary folder): the default prefix /usr/local, and
#   - the programs in /usr/local/bin, each running from there (--version; their libraries found
#     without LD_LIBRARY_PATH);
#   - the Python package in a folder that the system's python3 searches (no PYTHONPATH needed once
#     installed): `import satcore` and `python3 -m satcore.dask --help` work from it;
#   - the GStreamer plugin in GStreamer's own plugin folder (pkg-config's pluginsdir), which
#     gst-inspect-1.0 loads.
# A part the build does not have (no Python module, no plugin) is reported and not checked.
# Usage: check_installed_programs.sh BUILD_DIR PYTHON
set -euo pipefail
build=$1 python=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root

DESTDIR=$root cmake --install "$build" --prefix /usr/local >"$work/log" 2>&1 ||
  { cat "$work/log"; echo "FAIL: cmake --install did not complete"; exit 1; }

for program in satlab satfilter satbench; do
  [ -f "$build/app/$program/$program" ] || { echo "note: $program is not built here"; continue; }
  exe=$root/usr/local/bin/$program
  [ -x "$exe" ] || { echo "FAIL: $program is not installed in /usr/local/bin"; exit 1; }
  version=$(env -u LD_LIBRARY_PATH "$exe" --version) || { echo "FAIL: the installed $program does not run"; exit 1; }
  case $version in "$program "[0-9]*) ;; *) echo "FAIL: $program --version printed: $version"; exit 1 ;; esac
done

if ls "$build"/python/satcore/_satcore.*.so >/dev/null 2>&1; then
  init=$(cd "$root" && find . -path '*/satcore/__init__.py' | head -1)
  [ -n "$init" ] || { echo "FAIL: the Python package is not installed"; exit 1; }
  site=${init#.}
  site=${site%/satcore/__init__.py}
  # Where it would lie once installed must be on the system python3's path.
  "$python" -c "import sys; sys.exit(0 if '$site' in sys.path else 1)" ||
    { echo "FAIL: $site (where satcore is installed) is not on $python's sys.path"; exit 1; }
  found=$(cd "$work" && PYTHONPATH="$root$site" "$python" -c 'import satcore; print(satcore.__file__)')
  [ "$found" = "$root$site/satcore/__init__.py" ] || { echo "FAIL: python3 imported satcore from $found"; exit 1; }
  (cd "$work" && PYTHONPATH="$root$site" "$python" -m satcore.dask --help >"$work/dask-help") ||
    { echo "FAIL: python3 -m satcore.dask --help failed"; exit 1; }
  grep -q -- "--filter" "$work/dask-help" || { echo "FAIL: satcore.dask --help does not list --filter"; exit 1; }
else
  echo "note: the Python module is not built here"
fi

if [ -f "$build/gst/libgstsatlab.so" ]; then
  plugins=$(pkg-config --variable=pluginsdir gstreamer-1.0)
  [ -f "$root$plugins/libgstsatlab.so" ] || { echo "FAIL: the plugin is not in GStreamer's folder $plugins"; exit 1; }
  GST_PLUGIN_PATH="$root$plugins" GST_PLUGIN_SYSTEM_PATH="$root$plugins" GST_REGISTRY="$work/registry.bin" \
    gst-inspect-1.0 satbox >"$work/inspect" 2>&1 || { cat "$work/inspect"; echo "FAIL: gst-inspect-1.0 satbox"; exit 1; }
else
  echo "note: the GStreamer plugin is not built here"
fi
echo "installed programs, Python package and plugin: ok"
