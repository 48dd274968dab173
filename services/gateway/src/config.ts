import { resolve } from 'node:path';
import { dataDirFromEnv, DEFAULT_MONGODB_URI, loadIdentitySecret, portFromEnv } from '@platform/service-kit';
import type { GatewayOptions } from './app';
import { buildRemotesManifest } from './remotes-manifest';

function msFromEnv(value: string | undefined, fallback: number) {
  if (!value) return fallback;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`Invalid duration in milliseconds: ${value}`);
  return ms;
}

/**
 * TRUST_PROXY: unset, `false` or `0` (default: no proxy; X-Forwarded-* ignored), a hop count (`1`: one proxy
 * in front of the gateway, so only the last X-Forwarded-For entry is believed), or a comma list of the
 * proxies' addresses/CIDRs. `true` is refused: it would believe every entry, which the client writes itself.
 */
export function trustProxyFromEnv(value: string | undefined): false | number | string {
  const v = (value ?? '').trim();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust every address in X-Forwarded-For, which clients can write themselves. ' +
        'Give the number of proxies in front of the gateway (e.g. TRUST_PROXY=1) or their addresses.',
    );
  }
  return v;
}

function countFromEnv(name: string, value: string | undefined, fallback: number, min: number) {
  if (!value?.trim()) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${min}: ${value}`);
  return n;
}

function originsFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      try {
        return new URL(o).origin;
      } catch {
        throw new Error(`Invalid origin in ALLOWED_ORIGINS: ${o}`);
      }
    });
}

/** Everything the gateway reads from its environment, with the single-machine defaults. */
export function gatewayConfigFromEnv(repoRoot: string, env: NodeJS.ProcessEnv = process.env) {
  const port = portFromEnv(env.PORT, 3000);
  const dataDir = dataDirFromEnv(repoRoot, env);
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  const options: GatewayOptions = {
    upstreams: {
      text: (env.TEXT_URL || 'http://127.0.0.1:4001').replace(/\/+$/, ''),
      speech: (env.SPEECH_URL || 'http://127.0.0.1:4002').replace(/\/+$/, ''),
    },
    identitySecret: loadIdentitySecret(dataDir, env),
    shellDist: env.SHELL_DIST ? resolve(env.SHELL_DIST) : resolve(repoRoot, 'shell', 'dist'),
    remotes: buildRemotesManifest(env),
    timeouts: {
      headersMs: msFromEnv(env.UPSTREAM_TIMEOUT_MS, 4000),
      connectMs: msFromEnv(env.UPSTREAM_CONNECT_TIMEOUT_MS, 2000),
      bodyMs: msFromEnv(env.UPSTREAM_BODY_TIMEOUT_MS, 60_000),
    },
    devMode: env.NODE_ENV === 'development',
    publicUrl,
    allowedOrigins: originsFromEnv(env.ALLOWED_ORIGINS),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    accounts: {
      mongoUri: env.MONGODB_URI?.trim() || DEFAULT_MONGODB_URI,
      dataDir,
      smtpUrl: env.SMTP_URL?.trim() || undefined,
      mailFrom: env.MAIL_FROM?.trim() || undefined,
      writeLimits: {
        writes: {
          max: countFromEnv('WRITE_RATE_LIMIT_MAX', env.WRITE_RATE_LIMIT_MAX, 600, 1),
          windowMs: msFromEnv(env.WRITE_RATE_LIMIT_WINDOW_MS, 600_000),
        },
        uploads: {
          max: countFromEnv('UPLOAD_RATE_LIMIT_MAX', env.UPLOAD_RATE_LIMIT_MAX, 200, 1),
          windowMs: msFromEnv(env.UPLOAD_RATE_LIMIT_WINDOW_MS, 600_000),
        },
      },
      hashing: {
        concurrency: countFromEnv('PASSWORD_HASH_CONCURRENCY', env.PASSWORD_HASH_CONCURRENCY, 2, 1),
        queue: countFromEnv('PASSWORD_HASH_QUEUE', env.PASSWORD_HASH_QUEUE, 16, 0),
      },
    },
  };
  return {
    options,
    port,
    host: env.HOST || '127.0.0.1',
  };
}
