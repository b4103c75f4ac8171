# syntax=docker/dockerfile:1
# The storefront as one container: deps -> build -> pruned runtime deps -> slim runtime (non-root).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --chown=node:node package.json ./
COPY --chown=node:node scripts/serve.mjs ./scripts/serve.mjs
USER node
# The embedded database lives here; mount a volume to keep it (ignored when DATABASE_URL is set).
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthcheck').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# With DATABASE_URL (Postgres): one worker per core (node:cluster); WEB_CONCURRENCY sets the number. Without it
# (the embedded database in /data): one process, as only one may open the data folder. docs/operations.md.
# The server build migrates (and seeds a new database) before it listens. The tools, without sources or tsx:
#   docker exec -it <container> node build/cli/staff.mjs --email … --name … --outlets … --role manager
#   docker exec <container> node build/cli/db.mjs migrate|seed          (scripts/build-cli.mjs)
CMD ["node", "scripts/serve.mjs", "build/index.js"]
