# syntax=docker/dockerfile:1
# The shop service: `docker build -t shop .` then see docs/deployment.md and docker-compose.yml.

# ---- build: the same steps as CI's (.ci/run) before its tests, then the build itself
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run api:types:check \
 && npm run typecheck \
 && npm run lint \
 && npm run i18n:check \
 && npm run build \
 && npm run build:web

# ---- runtime: production dependencies only, compiled server and web client, not root
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=1048576 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force \
 && mkdir -p /data \
 && chown node:node /data
COPY --from=build /app/dist ./dist
# The empty PGlite cluster a first start loads instead of running initdb (docs/performance.md).
COPY --from=build /app/dist-pglite ./dist-pglite
COPY --from=build /app/web/dist ./web/dist
# The image's own unprivileged user (uid 1000); DATA_DIR is the only place it writes
# (PGlite and disk photos when no DATABASE_URL / MEDIA_STORE=s3 is set).
USER node
EXPOSE 3000
VOLUME ["/data"]
# Liveness: the process answers. Readiness (/readyz: database up) is for the load balancer.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrations run at start, under PostgreSQL's migration lock: N instances may start at once.
# Liftoff only: PGlite's WebAssembly without the optimising tier's code (about 50 MB).
# A busy storefront raises the young generation with NODE_OPTIONS=--max-semi-space-size=64
# (docs/deployment.md); by default an empty shop idles under 250 MB (docs/performance.md).
CMD ["node", "--liftoff-only", "--import", "./dist/instrument.js", "dist/server.js"]
