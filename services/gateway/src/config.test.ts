import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { gatewayConfigFromEnv, trustProxyFromEnv } from './config';
import { gatewayLoggerOptions } from './edge/logging';

const base = { IDENTITY_SECRET: 'x'.repeat(64), DATA_DIR: '/tmp/gateway-config-test' };

describe('gateway configuration from the environment', () => {
  it('defaults: embedded database, outbox mail, public URL on the own port, no proxy trusted', () => {
    const { options } = gatewayConfigFromEnv('/repo', { ...base, PORT: '3100' });
    expect(options.publicUrl).toBe('http://localhost:3100');
    expect(options.trustProxy).toBe(false);
    expect(options.allowedOrigins).toEqual([]);
    expect(options).toMatchObject({
      mongoUri: 'mongodb://127.0.0.1:27027',
      dataDir: '/tmp/gateway-config-test',
      smtpUrl: undefined,
      mailFrom: undefined,
      hashing: { concurrency: 2, queue: 16 },
      writeLimits: {
        writes: { max: 600, windowMs: 600_000 },
        uploads: { max: 200, windowMs: 600_000 },
      },
      apiTokens: { rateLimit: { max: 120, windowMs: 60_000 } },
      digestIntervalMs: 60_000,
      publicSite: { contactEmail: 'team@localhost' },
      storage: { quotaBytes: 2_000_000_000, freeFloorBytes: 1_000_000_000 },
    });
    expect(options.smtpUrl).toBeUndefined();
    expect(options.mailFrom).toBeUndefined();
  });

  it('reads STORAGE_QUOTA_BYTES and STORAGE_FREE_FLOOR_BYTES, refusing what is not a whole number of bytes', () => {
    const { options } = gatewayConfigFromEnv('/repo', {
      ...base,
      STORAGE_QUOTA_BYTES: '500000000',
      STORAGE_FREE_FLOOR_BYTES: '0',
    });
    expect(options.storage).toEqual({ quotaBytes: 500_000_000, freeFloorBytes: 0 });
    for (const bad of ['2GB', '-1', '1.5']) {
      expect(() => gatewayConfigFromEnv('/repo', { ...base, STORAGE_QUOTA_BYTES: bad })).toThrow(
        /STORAGE_QUOTA_BYTES/,
      );
    }
  });

  it('reads TEXT_URL and SPEECH_URL as one URL or a comma list of copies, refusing a bad entry', () => {
    expect(gatewayConfigFromEnv('/repo', base).options.upstreams).toEqual({
      text: ['http://127.0.0.1:4001'],
      speech: ['http://127.0.0.1:4002'],
    });
    const { options } = gatewayConfigFromEnv('/repo', {
      ...base,
      TEXT_URL: 'http://10.0.0.5:4001/',
      SPEECH_URL: 'http://127.0.0.1:4002, http://127.0.0.1:4012,',
    });
    expect(options.upstreams).toEqual({
      text: ['http://10.0.0.5:4001'],
      speech: ['http://127.0.0.1:4002', 'http://127.0.0.1:4012'],
    });
    for (const bad of ['http://127.0.0.1:4002,speech:4012', ',', 'ftp://127.0.0.1:4002']) {
      expect(() => gatewayConfigFromEnv('/repo', { ...base, SPEECH_URL: bad })).toThrow(/SPEECH_URL/);
    }
  });

  it('reads CONTACT_EMAIL', () => {
    const { options } = gatewayConfigFromEnv('/repo', { ...base, CONTACT_EMAIL: 'partners@example.org' });
    expect(options.publicSite).toEqual({ contactEmail: 'partners@example.org' });
  });

  it('reads DIGEST_INTERVAL_MS and refuses one that is not a positive duration', () => {
    const { options } = gatewayConfigFromEnv('/repo', { ...base, DIGEST_INTERVAL_MS: '300000' });
    expect(options.digestIntervalMs).toBe(300_000);
    expect(() => gatewayConfigFromEnv('/repo', { ...base, DIGEST_INTERVAL_MS: 'soon' })).toThrow(
      /DIGEST_INTERVAL_MS/,
    );
  });

  it('reads MONGODB_URI, SMTP_URL, MAIL_FROM, PUBLIC_URL, ALLOWED_ORIGINS and TRUST_PROXY', () => {
    const { options } = gatewayConfigFromEnv('/repo', {
      ...base,
      MONGODB_URI: 'mongodb://db1,db2/?replicaSet=rs0',
      SMTP_URL: 'smtps://u:p@mail.example.org',
      MAIL_FROM: 'Data <no-reply@example.org>',
      PUBLIC_URL: 'https://data.example.org/',
      ALLOWED_ORIGINS: 'http://localhost:3002, https://admin.example.org/some/path',
      TRUST_PROXY: '1',
    });
    expect(options.publicUrl).toBe('https://data.example.org');
    expect(options.allowedOrigins).toEqual(['http://localhost:3002', 'https://admin.example.org']);
    expect(options.trustProxy).toBe(1);
    expect(options).toMatchObject({
      mongoUri: 'mongodb://db1,db2/?replicaSet=rs0',
      smtpUrl: 'smtps://u:p@mail.example.org',
      mailFrom: 'Data <no-reply@example.org>',
    });
  });

  it('refuses an origin that is not a URL, and reads proxy addresses as a list', () => {
    expect(() => gatewayConfigFromEnv('/repo', { ...base, ALLOWED_ORIGINS: 'evil' })).toThrow(
      /ALLOWED_ORIGINS="evil": expected a comma-separated list of origins/,
    );
    expect(trustProxyFromEnv('10.0.0.1, 10.0.0.2')).toBe('10.0.0.1, 10.0.0.2');
    expect(trustProxyFromEnv('false')).toBe(false);
    expect(trustProxyFromEnv('0')).toBe(false);
    expect(trustProxyFromEnv(undefined)).toBe(false);
  });

  it('reads the per-person write limits', () => {
    const env = {
      ...base,
      WRITE_RATE_LIMIT_MAX: '50',
      WRITE_RATE_LIMIT_WINDOW_MS: '60000',
      UPLOAD_RATE_LIMIT_MAX: '10',
      UPLOAD_RATE_LIMIT_WINDOW_MS: '30000',
    };
    expect(gatewayConfigFromEnv('/repo', env).options.writeLimits).toEqual({
      writes: { max: 50, windowMs: 60_000 },
      uploads: { max: 10, windowMs: 30_000 },
    });
    expect(() => gatewayConfigFromEnv('/repo', { ...base, WRITE_RATE_LIMIT_MAX: '-1' })).toThrow(
      /WRITE_RATE_LIMIT_MAX/,
    );
  });

  it('reads the upstream timeouts, with a longer one for uploads (30 s unless set)', () => {
    expect(gatewayConfigFromEnv('/repo', base).options.timeouts).toMatchObject({ uploadMs: 30_000 });
    const env = { ...base, UPSTREAM_TIMEOUT_MS: '3000', UPSTREAM_UPLOAD_TIMEOUT_MS: '45000' };
    expect(gatewayConfigFromEnv('/repo', env).options.timeouts).toMatchObject({
      headersMs: 3000,
      uploadMs: 45_000,
    });
    expect(() => gatewayConfigFromEnv('/repo', { ...base, UPSTREAM_UPLOAD_TIMEOUT_MS: 'soon' })).toThrow(
      /UPSTREAM_UPLOAD_TIMEOUT_MS/,
    );
  });

  it('reads the API token rate limit, and refuses nonsense', () => {
    const env = { ...base, API_TOKEN_RATE_LIMIT_PER_MINUTE: '30' };
    expect(gatewayConfigFromEnv('/repo', env).options.apiTokens).toEqual({
      rateLimit: { max: 30, windowMs: 60_000 },
    });
    expect(() => gatewayConfigFromEnv('/repo', { ...base, API_TOKEN_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /API_TOKEN_RATE_LIMIT_PER_MINUTE/,
    );
  });

  it('reads the password-hashing limits, and refuses nonsense', () => {
    const env = { ...base, PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' };
    expect(gatewayConfigFromEnv('/repo', env).options.hashing).toEqual({
      concurrency: 1,
      queue: 0,
    });
    expect(() => gatewayConfigFromEnv('/repo', { ...base, PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(
      /PASSWORD_HASH_CONCURRENCY="0": expected a whole number of at least 1/,
    );
    expect(() => gatewayConfigFromEnv('/repo', { ...base, PASSWORD_HASH_QUEUE: 'lots' })).toThrow(
      /PASSWORD_HASH_QUEUE/,
    );
  });

  it('reads TRUST_PROXY as a hop count, and refuses `true` (it would believe any X-Forwarded-For)', () => {
    expect(trustProxyFromEnv('1')).toBe(1);
    expect(trustProxyFromEnv('2')).toBe(2);
    expect(() => trustProxyFromEnv('true')).toThrow(/TRUST_PROXY=1/);
  });
});

describe('gateway logs', () => {
  it('never contain passwords or cookies', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = gatewayLoggerOptions({}) as object;
    const app = Fastify({ logger: { ...options, stream } });
    app.get('/', async (request) => {
      request.log.info(
        { password: 'Secret123', body: { password: 'Secret123', newPassword: 'Other456' } },
        'x',
      );
      return {};
    });
    // The shell's verify page: its link carries the token in the query string.
    app.get('/auth/verify', async () => ({}));
    await app.inject({ url: '/', headers: { cookie: 'plt=session-token-value' } });
    await app.inject({ url: '/auth/verify?token=link-token-value&x=1' });
    await app.close();
    const all = lines.join('');
    expect(all).toContain('[redacted]');
    expect(all).not.toContain('Secret123');
    expect(all).not.toContain('Other456');
    expect(all).not.toContain('session-token-value');
    expect(all).not.toContain('link-token-value');
    expect(all).toContain('/auth/verify?token=[redacted]&x=1');
  });
});
