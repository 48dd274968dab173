# syntax=docker/dockerfile:1
# The gateway, with the shell's build it serves at the site's root (index.html in the visitor's language,
# the page fallback, sw.js and the manifest under the gateway's own security headers).
# Build from the repository root: docker build -f deploy/docker/gateway.Dockerfile .

FROM node:20.20-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
COPY . .
# npm install, not npm ci: the lockfile is written on Linux x64 and lacks other platforms' optional binaries.
RUN npm install --no-audit --no-fund
RUN npx nx run-many -t build --projects=@platform/gateway,@platform/shell --parallel=2 --outputStyle=static
# Only what runs stays: the workspace's production dependencies.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20.20-bookworm-slim
WORKDIR /app
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SHELL_DIST=/app/shell/dist
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs/contracts/package.json ./libs/contracts/package.json
COPY --from=build /app/libs/contracts/dist ./libs/contracts/dist
COPY --from=build /app/libs/service-kit/package.json ./libs/service-kit/package.json
COPY --from=build /app/libs/service-kit/dist ./libs/service-kit/dist
COPY --from=build /app/services/gateway/package.json ./services/gateway/package.json
COPY --from=build /app/services/gateway/node_modules ./services/gateway/node_modules
COPY --from=build /app/services/gateway/dist ./services/gateway/dist
COPY --from=build /app/shell/dist ./shell/dist
# DATA_DIR holds the mail outbox (without SMTP_URL) and is the disk the upload floor is measured on.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/gateway/dist/main.js"]
