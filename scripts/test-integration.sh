#!/usr/bin/env bash
# Integration tests over HTTP: on embedded PGlite, then on PostgreSQL when TEST_DATABASE_URL is set.
set -euo pipefail
echo "== integration: embedded PGlite"
npx vitest run --config vitest.integration.config.ts "$@"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== integration: PostgreSQL"
  INTEGRATION_DB=postgres npx vitest run --config vitest.integration.config.ts "$@"
fi
