# Production image: one image for every role (ROLE=web|worker|all), see docker-compose.yml.
# Build: docker build -t exchanger .

# 1. Every dependency (sqlite3 compiles from source, hence the toolchain in these stages only).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
ENV npm_config_build_from_source=sqlite3
RUN npm ci --no-audit --no-fund

# 2. The build: the SPA (frontend/dist with builds/latest.json) and the server compiled to
#    JavaScript (build/server), then only the production dependencies are kept.
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# 3. Runtime: compiled code and production dependencies only (no TypeScript sources, no tsx,
#    Vite or React libraries, no toolchain); runs as the unprivileged `node` user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build/server ./build/server
COPY --from=build /app/locales ./locales
COPY --from=build /app/frontend/dist ./frontend/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "build/server/backend/main.js"]
