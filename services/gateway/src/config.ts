import { resolve } from 'node:path';
import { API_TOKEN_RATE_LIMIT_PER_MINUTE, DEFAULT_HOST, DEFAULT_PORTS } from '@platform/contracts';
import {
  defaultDataDir,
  DEFAULT_MONGODB_URI,
  loadIdentitySecret,
  readConfig,
  settings,
} from '@platform/service-kit';
import type { GatewayOptions } from './app';
import { DEFAULT_DIGEST_INTERVAL_MS } from './digest/digest-job';
import { DEFAULT_CONTACT_EMAIL } from './public-site/settings';
import { buildRemotesManifest } from './edge/remotes-manifest';
import { DEFAULT_STORAGE_FREE_FLOOR_BYTES, DEFAULT_STORAGE_QUOTA_BYTES } from './edge/storage-quota/settings';

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

/** A comma list of origins; undefined (refused) when one of them is not a URL. */
function parseOrigins(value: string): string[] | undefined {
  const origins: string[] = [];
  for (const o of value
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    try {
      origins.push(new URL(o).origin);
    } catch {
      return undefined;
    }
  }
  return origins;
}

const service = (port: number) => `http://${DEFAULT_HOST}:${port}`;

/**
 * TEXT_URL / SPEECH_URL: one service URL, or a comma list of its copies' URLs (requests take them in turn);
 * undefined (refused) when an entry is not an http(s) URL, or the list is empty.
 */
export function serviceUrls(value: string): string[] | undefined {
  const urls: string[] = [];
  for (const entry of value.split(',').map((x) => x.trim())) {
    if (!entry) continue;
    try {
      const url = new URL(entry);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    } catch {
      return undefined;
    }
    urls.push(entry.replace(/\/+$/, ''));
  }
  return urls.length ? urls : undefined;
}

const SERVICE_URLS_FORMAT =
  'an http:// or https:// URL, or a comma-separated list of them (one per copy of the service)';

/** Everything the gateway reads from its environment, with the single-machine defaults. */
export const gatewaySettings = (repoRoot: string) => ({
  port: settings.port('PORT', DEFAULT_PORTS.gateway),
  host: settings.string('HOST', DEFAULT_HOST),
  dataDir: settings.path('DATA_DIR', defaultDataDir(repoRoot)),
  publicUrl: settings.url('PUBLIC_URL', ''),
  // Each variable named where it is read: the deployment tests find what a service reads by its settings calls.
  textUrl: settings.custom<string[]>(
    'TEXT_URL',
    [service(DEFAULT_PORTS.text)],
    SERVICE_URLS_FORMAT,
    serviceUrls,
  ),
  speechUrl: settings.custom<string[]>(
    'SPEECH_URL',
    [service(DEFAULT_PORTS.speech)],
    SERVICE_URLS_FORMAT,
    serviceUrls,
  ),
  shellDist: settings.path('SHELL_DIST', resolve(repoRoot, 'shell', 'dist')),
  headersMs: settings.duration('UPSTREAM_TIMEOUT_MS', 4000),
  connectMs: settings.duration('UPSTREAM_CONNECT_TIMEOUT_MS', 2000),
  bodyMs: settings.duration('UPSTREAM_BODY_TIMEOUT_MS', 60_000),
  uploadMs: settings.duration('UPSTREAM_UPLOAD_TIMEOUT_MS', 30_000),
  nodeEnv: settings.string('NODE_ENV', 'production'),
  allowedOrigins: settings.custom<string[]>(
    'ALLOWED_ORIGINS',
    [],
    'a comma-separated list of origins (http://host:port)',
    parseOrigins,
  ),
  // Read by trustProxyFromEnv, which refuses `true` with its own explanation.
  trustProxy: settings.custom<false | number | string>(
    'TRUST_PROXY',
    false,
    'false, a number of proxies, or their addresses',
    trustProxyFromEnv,
  ),
  mongoUri: settings.mongoUri('MONGODB_URI', DEFAULT_MONGODB_URI),
  smtpUrl: settings.optionalString('SMTP_URL'),
  mailFrom: settings.optionalString('MAIL_FROM'),
  writeMax: settings.count('WRITE_RATE_LIMIT_MAX', 600, 1),
  writeWindowMs: settings.duration('WRITE_RATE_LIMIT_WINDOW_MS', 600_000),
  uploadMax: settings.count('UPLOAD_RATE_LIMIT_MAX', 200, 1),
  uploadWindowMs: settings.duration('UPLOAD_RATE_LIMIT_WINDOW_MS', 600_000),
  apiTokenPerMinute: settings.count('API_TOKEN_RATE_LIMIT_PER_MINUTE', API_TOKEN_RATE_LIMIT_PER_MINUTE, 1),
  hashConcurrency: settings.count('PASSWORD_HASH_CONCURRENCY', 2, 1),
  hashQueue: settings.count('PASSWORD_HASH_QUEUE', 16, 0),
  digestIntervalMs: settings.duration('DIGEST_INTERVAL_MS', DEFAULT_DIGEST_INTERVAL_MS),
  contactEmail: settings.string('CONTACT_EMAIL', DEFAULT_CONTACT_EMAIL),
  storageQuotaBytes: settings.count('STORAGE_QUOTA_BYTES', DEFAULT_STORAGE_QUOTA_BYTES, 0),
  storageFreeFloorBytes: settings.count('STORAGE_FREE_FLOOR_BYTES', DEFAULT_STORAGE_FREE_FLOOR_BYTES, 0),
});

/** The gateway's options from its environment; throws a ConfigError naming every bad variable. */
export function gatewayConfigFromEnv(repoRoot: string, env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(gatewaySettings(repoRoot), env);
  const publicUrl = config.publicUrl || `http://localhost:${config.port}`;
  const options: GatewayOptions = {
    upstreams: { text: config.textUrl, speech: config.speechUrl },
    identitySecret: loadIdentitySecret(config.dataDir, env),
    shellDist: config.shellDist,
    remotes: buildRemotesManifest(env),
    timeouts: {
      headersMs: config.headersMs,
      connectMs: config.connectMs,
      bodyMs: config.bodyMs,
      uploadMs: config.uploadMs,
    },
    devMode: config.nodeEnv === 'development',
    publicUrl,
    allowedOrigins: config.allowedOrigins,
    trustProxy: config.trustProxy,
    mongoUri: config.mongoUri,
    dataDir: config.dataDir,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    writeLimits: {
      writes: { max: config.writeMax, windowMs: config.writeWindowMs },
      uploads: { max: config.uploadMax, windowMs: config.uploadWindowMs },
    },
    hashing: { concurrency: config.hashConcurrency, queue: config.hashQueue },
    apiTokens: { rateLimit: { max: config.apiTokenPerMinute, windowMs: 60_000 } },
    digestIntervalMs: config.digestIntervalMs,
    publicSite: { contactEmail: config.contactEmail },
    storage: { quotaBytes: config.storageQuotaBytes, freeFloorBytes: config.storageFreeFloorBytes },
  };
  return { options, port: config.port, host: config.host };
}
