import { resolve } from 'node:path';
import { dataDirFromEnv, loadIdentitySecret, portFromEnv } from '@platform/service-kit';
import type { GatewayOptions } from './app';
import { buildRemotesManifest } from './remotes-manifest';

function msFromEnv(value: string | undefined, fallback: number) {
  if (!value) return fallback;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`Invalid duration in milliseconds: ${value}`);
  return ms;
}

/** Everything the gateway reads from its environment, with the single-machine defaults. */
export function gatewayConfigFromEnv(repoRoot: string, env: NodeJS.ProcessEnv = process.env) {
  const options: GatewayOptions = {
    upstreams: {
      text: (env.TEXT_URL || 'http://127.0.0.1:4001').replace(/\/+$/, ''),
      speech: (env.SPEECH_URL || 'http://127.0.0.1:4002').replace(/\/+$/, ''),
    },
    identitySecret: loadIdentitySecret(dataDirFromEnv(repoRoot, env), env),
    shellDist: env.SHELL_DIST ? resolve(env.SHELL_DIST) : resolve(repoRoot, 'shell', 'dist'),
    remotes: buildRemotesManifest(env),
    timeouts: {
      headersMs: msFromEnv(env.UPSTREAM_TIMEOUT_MS, 4000),
      connectMs: msFromEnv(env.UPSTREAM_CONNECT_TIMEOUT_MS, 2000),
      bodyMs: msFromEnv(env.UPSTREAM_BODY_TIMEOUT_MS, 60_000),
    },
    devMode: env.NODE_ENV === 'development',
  };
  return {
    options,
    port: portFromEnv(env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
  };
}
