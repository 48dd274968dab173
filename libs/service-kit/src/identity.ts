import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import {
  Identity,
  IDENTITY_HEADER,
  IDENTITY_MAX_SKEW_MS,
  IDENTITY_SIG_HEADER,
  IDENTITY_TS_HEADER,
} from '@platform/contracts';
import type { IncomingHttpHeaders } from 'node:http';

export const IDENTITY_HEADERS = [IDENTITY_HEADER, IDENTITY_TS_HEADER, IDENTITY_SIG_HEADER] as const;

/**
 * The one request a signature is good for: its method, its request target (path with query, exactly as the
 * service receives it) and the service it is addressed to (the name the service was created with).
 */
export interface SignedRequest {
  method: string;
  url: string;
  service: string;
}

const hmac = (secret: string, ts: string, encoded: string, request: SignedRequest) =>
  createHmac('sha256', secret)
    // Newline-separated: a method, a service name and a request target cannot contain one, so no two
    // different requests produce the same signed text.
    .update(['v2', ts, request.method.toUpperCase(), request.service, request.url, encoded].join('\n'))
    .digest('hex');

/** Headers saying who is calling, for one request (the gateway's proxied calls, a service's own calls). */
export function signIdentity(
  identity: Identity,
  secret: string,
  request: SignedRequest,
  now = Date.now(),
): Record<string, string> {
  // Only the schema's fields, so an object with extra properties never produces an identity that fails to verify.
  const payload: Identity = { id: identity.id, role: identity.role };
  if (identity.name !== undefined) payload.name = identity.name;
  if (identity.via !== undefined) payload.via = identity.via;
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const ts = String(now);
  return {
    [IDENTITY_HEADER]: encoded,
    [IDENTITY_TS_HEADER]: ts,
    [IDENTITY_SIG_HEADER]: hmac(secret, ts, encoded, request),
  };
}

export type IdentityCheck =
  | { ok: true; identity: Identity }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'bad-signature' };

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Checks the signature against the request as it was received (constant time), then freshness
 * (IDENTITY_MAX_SKEW_MS either way) and shape, in that order of cost. Headers signed for another method,
 * path, query or service fail as a bad signature.
 */
export function verifyIdentity(
  headers: IncomingHttpHeaders,
  secret: string,
  request: SignedRequest,
  now = Date.now(),
): IdentityCheck {
  const encoded = single(headers[IDENTITY_HEADER]);
  const ts = single(headers[IDENTITY_TS_HEADER]);
  const sig = single(headers[IDENTITY_SIG_HEADER]);
  if (encoded === undefined && ts === undefined && sig === undefined) return { ok: false, reason: 'missing' };
  if (!encoded || !ts || !sig || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/.test(sig)) {
    return { ok: false, reason: 'malformed' };
  }
  const expected = Buffer.from(hmac(secret, ts, encoded, request), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return { ok: false, reason: 'bad-signature' };
  if (Math.abs(now - Number(ts)) > IDENTITY_MAX_SKEW_MS) return { ok: false, reason: 'stale' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!Value.Check(Identity, parsed)) return { ok: false, reason: 'malformed' };
  return { ok: true, identity: parsed };
}

/** The request target of a URL as an HTTP client sends it (path and query): what a service signs a call for. */
export function requestTarget(url: string | URL): string {
  const u = typeof url === 'string' ? new URL(url) : url;
  return `${u.pathname}${u.search}`;
}

export const IDENTITY_SECRET_FILE = 'identity-secret';

/**
 * The gateway and the services must agree on one secret without a key in the code: IDENTITY_SECRET when
 * set, else `${dataDir}/identity-secret`, created once (32 random bytes, hex, mode 0600) by whichever
 * process starts first.
 */
export function loadIdentitySecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.IDENTITY_SECRET?.trim();
  if (fromEnv) return fromEnv;
  const file = join(dataDir, IDENTITY_SECRET_FILE);
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    const existing = read();
    if (existing) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process created it between our read and write: theirs wins.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return read();
}
