# syntax=docker/dockerfile:1
# The broker site's image: one image for the app server and for the site build job
# (docs/operations/deploy.md#in-a-container). Node 24 comes from the base image; the `node` package's
# installer is never run (--ignore-scripts), so there is no second Node download.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- dependencies: production packages only, installed from the lockfile ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the `node` package's would download a second Node; the packages the
# server needs (argon2, sharp) ship prebuilt binaries and need none.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/broker/data \
    DIST_DIR=/var/lib/broker/site/dist
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json astro.config.mjs ./
COPY src ./src
# The code stays root's and read-only to the server; it writes only its data folder, the
# built site and the build's caches (.cache, Astro's and Vite's).
RUN mkdir -p /var/lib/broker/data /var/lib/broker/site .cache .astro node_modules/.astro node_modules/.vite \
 && chown -R node:node /var/lib/broker .cache .astro node_modules/.astro node_modules/.vite
USER node
EXPOSE 3000
VOLUME ["/var/lib/broker/data", "/var/lib/broker/site"]
# Readiness: the database answers, migrations are applied, the built site is loaded.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/v1/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself, not npm: npm would not pass SIGTERM on, and the server drains on SIGTERM.
# The preload starts Sentry and OpenTelemetry when SENTRY_DSN or OTEL_EXPORTER_OTLP_ENDPOINT is set.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "./src/server/observability/preload.ts", "src/server/main.ts"]
