import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's scrypt parameters: N = 2^17, r = 8, p = 1 (about 128 MB and 100-300 ms per hash here). */
export const PRODUCTION_SCRYPT_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/**
 * How many hashes run at once and how many may wait. Each scrypt hash takes 128 MB and a thread-pool thread
 * for about half a second, so sign-ups and sign-ins (unknown addresses included) could otherwise fill the
 * machine's memory and starve its file and DNS work; beyond the queue a caller is told to come back.
 */
export interface HashingLimits {
  concurrency: number;
  queue: number;
}

export const DEFAULT_HASHING_LIMITS: HashingLimits = { concurrency: 2, queue: 16 };

export const HASHING_BUSY_MESSAGE =
  'Too many people are signing in right now. Please try again in a few seconds.';
/** What Retry-After says when the queue is full: a full queue drains in about this long. */
export const HASHING_RETRY_AFTER_SECONDS = 5;

/** The hashing queue is full: answer 503 with Retry-After (the kit's error handler reads retryAfterSeconds). */
export class HashingBusyError extends Error {
  readonly statusCode = 503;
  readonly code = 'server.busy';
  readonly expose = true;
  readonly retryAfterSeconds = HASHING_RETRY_AFTER_SECONDS;
  constructor() {
    super(HASHING_BUSY_MESSAGE);
    this.name = 'HashingBusyError';
  }
}

/** Runs at most `concurrency` tasks at once, lets `queue` more wait in order, and refuses the rest. */
export function boundedRunner({ concurrency, queue }: HashingLimits) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < concurrency) {
      active++;
    } else {
      if (waiting.length >= queue) throw new HashingBusyError();
      // The finishing task hands its slot straight to this one, so `active` stays counted.
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

export interface PasswordHasherOptions {
  /** log2 of scrypt's N. Only tests lower it (through buildApp), to keep hashing fast. */
  logN?: number;
  /** Defaults to DEFAULT_HASHING_LIMITS. */
  limits?: Partial<HashingLimits>;
}

export interface PasswordHasher {
  /** Every method that hashes waits its turn, and throws HashingBusyError when the queue is full. */
  hash(password: string): Promise<string>;
  /** Constant-time check; false for a stored value that is not a hash this module wrote. */
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * Spends the same time as a real check against nothing, so "no such account" and "wrong password" cannot be
   * told apart by timing.
   */
  verifyAgainstNothing(password: string): Promise<void>;
  /** Makes the stand-in hash verifyAgainstNothing uses now, so the first unknown address is not slower. */
  prepare(): Promise<void>;
}

// Node refuses N * r * 128 bytes above maxmem (32 MB by default); N = 2^17 needs 128 MB, so allow twice that.
const maxmemFor = (n: number, r: number) => Math.max(256 * 1024 * 1024, 2 * 128 * n * r);

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const n = 2 ** logN;
  const options: ScryptOptions = { N: n, r, p, maxmem: maxmemFor(n, r) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Stored as `scrypt$<logN>$<r>$<p>$<salt b64url>$<hash b64url>` so the cost can rise later without a migration. */
const STORED = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{16,})$/;

export function createPasswordHasher(options: PasswordHasherOptions = {}): PasswordHasher {
  const logN = options.logN ?? PRODUCTION_SCRYPT_LOG_N;
  const run = boundedRunner({ ...DEFAULT_HASHING_LIMITS, ...options.limits });
  let dummy: Promise<string> | undefined;

  const hash = async (password: string) => {
    const salt = randomBytes(SALT_BYTES);
    const key = await run(() => derive(password, salt, logN, R, P));
    return `scrypt$${logN}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  };

  const verify = async (password: string, stored: string) => {
    const m = STORED.exec(stored);
    if (!m) return false;
    const [, n, r, p, salt, expected] = m;
    const wanted = Buffer.from(expected!, 'base64url');
    if (wanted.length !== KEY_LENGTH || Number(n) > 20 || Number(r) > 32 || Number(p) > 16) return false;
    const key = await run(() =>
      derive(password, Buffer.from(salt!, 'base64url'), Number(n), Number(r), Number(p)),
    );
    return timingSafeEqual(key, wanted);
  };

  // A stand-in refused for a full queue is made again next time rather than remembered as a failure.
  const standIn = () =>
    (dummy ??= hash(randomBytes(16).toString('hex')).catch((err: unknown) => {
      dummy = undefined;
      throw err;
    }));
  return {
    hash,
    verify,
    async verifyAgainstNothing(password: string) {
      await verify(password, await standIn());
    },
    async prepare() {
      await standIn();
    },
  };
}
