#!/usr/bin/env bash
# Installs the Debian documentation packages `npm run eval` reads (docs/eval.md) when they are
# missing: git-doc, postgresql-doc-15, python3.11-doc and sqlite3-doc. Only the eval needs them, not
# the tests or CI. Root only; a no-op when everything is present.
set -euo pipefail
declare -A check=(
  [git-doc]="/usr/share/doc/git-doc/git-commit.html"
  [postgresql-doc-15]="/usr/share/doc/postgresql-doc-15/html/sql-select.html"
  [python3.11-doc]="/usr/share/doc/python3.11/html/tutorial/index.html"
  [sqlite3-doc]="/usr/share/doc/sqlite3/lang_select.html"
)
missing=()
for pkg in "${!check[@]}"; do
  [ -e "${check[$pkg]}" ] || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "Missing documentation packages for the eval: ${missing[*]} — install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing documentation packages for the eval: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
