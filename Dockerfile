# The production image (README, "Run it in production"): built once, runs the production start as
# an unprivileged user, with a health check. The command is the one the tests run
# (tests/e2e/production-start.test.ts): the compiled server, node build/node/server.js (decision
# 173), with
# APP_MODE=production. It is JavaScript bundled at build time (scripts/build-server.ts), so the
# start compiles no TypeScript; it loads the web app's build from build/ and its packages from
# node_modules.
#
#   docker build -t district-registration .
#   docker run --env-file .env -p 3000:3000 -v district-data:/data district-registration


# Node 24, the current LTS (20 reached its end of life in April 2026); package.json's engines.
FROM node:24-bookworm-slim AS base
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# Every dependency, to build the web app.
FROM base AS deps
COPY package.json package-lock.json ./
# Exactly the lockfile: `npm ci` fails rather than resolve anything anew (the lockfile lists the
# optional native packages of every platform, so it holds for this image's).
RUN npm ci

FROM deps AS build
COPY . .
# The web app in both languages, then the compiled server (build/node).
RUN npm run build

# Only what runs in production.
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM base AS runtime
ENV NODE_ENV=production \
    APP_MODE=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
COPY --from=prod-deps /app/node_modules ./node_modules
# The server: the web app's builds (build/server, build/client, build/es) and the compiled server
# (build/node: server.js, which carries the compiled catalogue, and the migrations and fonts it
# reads beside it). public/ is served as it is.
COPY --from=build /app/build ./build
COPY package.json ./
COPY public ./public
# Not the server's: the operator's commands run in the container from source with tsx (a runtime
# dependency): `npm run backup`, `restore`, `admin:create`, `import`, `seed` (README). They read
# these folders, the compiled catalogue (decision 170) and tsconfig.json's path aliases.
COPY tsconfig.json ./
COPY scripts ./scripts
COPY server ./server
COPY app ./app
COPY domain ./domain
COPY --from=build /app/domain/messages/compiled ./domain/messages/compiled
COPY district-api ./district-api
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains: /readyz answers 503 for SHUTDOWN_GRACE_SECONDS (5) while requests are still
# served, then requests in flight finish within SHUTDOWN_DRAIN_SECONDS (10). Give `docker stop`
# more than both (`--time 20`; compose.yaml's stop_grace_period), or it kills the process first.
STOPSIGNAL SIGTERM
# Source maps: a logged error names the TypeScript file and line, not the bundle's.
CMD ["node", "--enable-source-maps", "build/node/server.js"]
