#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing (Chromium for browser tests;
# openssl for their https host page; flite, ffmpeg and pocketsphinx for voice; bubblewrap and python3
# for Unitools; PostgreSQL for the PostgreSQL store's tests, which start their own throwaway server).
# Root only; a no-op when everything is present.
set -euo pipefail
declare -A check=(
  [chromium]="command -v chromium"
  [openssl]="command -v openssl"
  [flite]="command -v flite"
  [ffmpeg]="command -v ffmpeg"
  [pocketsphinx]="command -v pocketsphinx_continuous"
  [pocketsphinx-en-us]="test -d /usr/share/pocketsphinx/model/en-us"
  # Unitools' sandbox (docs/behaviour.md "Unitools"): bwrap, prlimit and the interpreters at the
  # fixed paths the sandbox binds (a python3 elsewhere on PATH, e.g. pyenv's, does not count).
  [bubblewrap]="test -x /usr/bin/bwrap"
  [util-linux]="test -x /usr/bin/prlimit"
  [python3]="test -x /usr/bin/python3"
  # The server binaries (initdb, postgres) under /usr/lib/postgresql/<major>/bin; no running server is
  # needed (server/store/postgres/testing/pg-server.ts).
  [postgresql]="ls /usr/lib/postgresql/*/bin/initdb"
  # Invoice PDFs are rendered and read back in tests (server/domains/billing).
  [poppler-utils]="command -v pdftotext"
)
# Cross-lingual retrieval (docs/knowledge.md): both directions, the English-to-X ones read backwards.
for d in deu spa fra ita por nld; do
  check[dict-freedict-$d-eng]="test -f /usr/share/dictd/freedict-$d-eng.index"
  check[dict-freedict-eng-$d]="test -f /usr/share/dictd/freedict-eng-$d.index"
done
# Apertium's Spanish, French, Portuguese and Italian lexicons, read with lttoolbox's lt-proc (docs/knowledge.md "Search").
check[lttoolbox]="command -v lt-proc"
check[apertium-eng-spa]="test -f /usr/share/apertium/apertium-eng-spa/spa-eng.autobil.bin"
check[apertium-fr-es]="test -f /usr/share/apertium/apertium-fr-es/fr-es.autobil.bin"
check[apertium-es-pt]="test -f /usr/share/apertium/apertium-es-pt/pt-es.autobil.bin"
check[apertium-cat-ita]="test -f /usr/share/apertium/apertium-cat-ita/ita-cat.autobil.bin"
check[apertium-eng-cat]="test -f /usr/share/apertium/apertium-eng-cat/cat-eng.autobil.bin"
missing=()
for pkg in "${!check[@]}"; do
  bash -c "${check[$pkg]}" >/dev/null 2>&1 || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "Missing system packages: ${missing[*]} — install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
