# syntax=docker/dockerfile:1
# The five remotes as static files, one folder each (/<key>/mf-manifest.json), served by nginx the way any
# static host or CDN would: CORS open (the shell loads them from the site's origin), content-hashed files
# cached for a year, everything else (mf-manifest.json, remoteEntry.js) revalidated on every load.
# The shell is not here: the gateway serves it (see gateway.Dockerfile).
# Build from the repository root: docker build -f deploy/docker/static.Dockerfile .

FROM node:20.20-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
COPY . .
# npm install, not npm ci: the lockfile is written on Linux x64 and lacks other platforms' optional binaries.
RUN npm install --no-audit --no-fund
RUN npx nx run-many -t build --projects=@platform/mf-marketing,@platform/mf-auth,@platform/mf-contribute,@platform/mf-datasets,@platform/mf-workspace --parallel=2 --outputStyle=static

# nginx's unprivileged build: the same nginx, running as user 101 and listening on 8080.
FROM nginxinc/nginx-unprivileged:1.27-alpine
COPY deploy/docker/static/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/mf-marketing/dist /usr/share/nginx/html/marketing
COPY --from=build /app/mf-auth/dist /usr/share/nginx/html/auth
COPY --from=build /app/mf-contribute/dist /usr/share/nginx/html/contribute
COPY --from=build /app/mf-datasets/dist /usr/share/nginx/html/datasets
COPY --from=build /app/mf-workspace/dist /usr/share/nginx/html/workspace
USER 101
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/readyz"]
CMD ["nginx", "-g", "daemon off;"]
