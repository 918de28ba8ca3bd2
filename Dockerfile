# syntax=docker/dockerfile:1
# NeonLab's image: `npm run build:prod` in a build stage, `npm run start:prod`'s script as the command, as a user
# without privileges. compose.yaml runs two of it behind Caddy, with PostgreSQL, Redis and MinIO (README, "Growing").
# scripts/container-files.test.mjs checks this file against package.json, config.ts and the start scripts; it is
# not built by the test suite.

# ---- build: every dependency (Vite, esbuild…), then the production web build and the server bundle
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/openapi-tools/package.json packages/openapi-tools/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:prod

# ---- runtime: production dependencies, the sources the server reads at run time (migrations, content, the
# modules' SQL; start:prod also checks the bundle was built from them) and the two builds
FROM node:24-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/openapi-tools/package.json packages/openapi-tools/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY . .
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/server/dist apps/server/dist
# DATA_DIR: the embedded database and local images when neither DATABASE_URL nor S3_BUCKET is set (mount a volume).
RUN mkdir -p /data && chown node:node /data
USER node
# The app (PORT) and the hack preview site (PREVIEW_PORT, PORT + 1).
EXPOSE 3000 3001
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as PID 1 (not npm, which does not pass SIGTERM on): it receives SIGTERM and drains requests before it
# exits, after SHUTDOWN_DELAY_MS out of the proxy's rotation (compose.yaml).
CMD ["node", "scripts/start-prod.mjs"]
