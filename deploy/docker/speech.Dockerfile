# syntax=docker/dockerfile:1
# The speech service. Build from the repository root: docker build -f deploy/docker/speech.Dockerfile .

FROM node:20.20-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
COPY . .
# npm install, not npm ci: the lockfile is written on Linux x64 and lacks other platforms' optional binaries.
RUN npm install --no-audit --no-fund
RUN npx nx run-many -t build --projects=@platform/speech-service --parallel=2 --outputStyle=static
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20.20-bookworm-slim
# opus-tools' opusenc makes Listen's small renditions (data saver); without it the originals are served.
RUN apt-get update \
  && apt-get install -y --no-install-recommends opus-tools \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV HOST=0.0.0.0 \
    SPEECH_PORT=4002 \
    DATA_DIR=/data \
    OPUSENC_PATH=/usr/bin/opusenc
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs/contracts/package.json ./libs/contracts/package.json
COPY --from=build /app/libs/contracts/dist ./libs/contracts/dist
COPY --from=build /app/libs/service-kit/package.json ./libs/service-kit/package.json
COPY --from=build /app/libs/service-kit/dist ./libs/service-kit/dist
COPY --from=build /app/libs/audio-probe/package.json ./libs/audio-probe/package.json
COPY --from=build /app/libs/audio-probe/dist ./libs/audio-probe/dist
COPY --from=build /app/services/speech/package.json ./services/speech/package.json
COPY --from=build /app/services/speech/dist ./services/speech/dist
# Nothing is kept on disk when IDENTITY_SECRET is given (audio lives in GridFS); the folder only has to be
# writable without it.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4002
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.SPEECH_PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/speech/dist/main.js"]
