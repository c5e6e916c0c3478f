#!/usr/bin/env bash
# Serves web/dist (built by web/build.sh) on http://localhost:${PORT:-8080}/
# with the wasm MIME type browsers ask for.
set -euo pipefail
cd "$(dirname "$0")/dist"
exec python3 -m http.server "${PORT:-8080}" --bind 127.0.0.1
