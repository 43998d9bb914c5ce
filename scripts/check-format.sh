#!/usr/bin/env bash
# Checks that every C, C++ and CUDA source of the repository is formatted by .clang-format.
#   scripts/check-format.sh          report the files that differ (exit 1 if any)
#   scripts/check-format.sh --fix    format them in place
# clang-format 14 (Debian 12's) is the reference: other majors break lines differently.
set -euo pipefail
cd "$(dirname "$0")/.."
tool="${CLANG_FORMAT:-$(command -v clang-format-14 || command -v clang-format || true)}"
if [ -z "$tool" ]; then
  echo "check-format: clang-format-14 not found (apt install clang-format-14)" >&2
  exit 1
fi
mapfile -t files < <(git ls-files '*.c' '*.cpp' '*.h' '*.cu' '*.cuh')
if [ "${1:-}" = "--fix" ]; then
  # Twice: a few aligned initializer lists settle only on the second pass.
  "$tool" -i "${files[@]}"
  "$tool" -i "${files[@]}"
  exit 0
fi
# One process for all files; its diagnostics name each file that differs.
pattern='s/^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p'
mapfile -t bad < <("$tool" --dry-run -Werror "${files[@]}" 2>&1 | sed -n "$pattern" | sort -u)
if [ ${#bad[@]} -gt 0 ]; then
  echo "check-format: not formatted by .clang-format (scripts/check-format.sh --fix):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
