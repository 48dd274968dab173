import sharp from 'sharp';
import type { Db } from 'mongodb';
import { ObjectId } from 'mongodb';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, SERVICE_IDENTITIES, type Notification } from '@platform/contracts';
import { signIdentity, type ServiceApp } from '@platform/service-kit';
import { closedPort, multipart } from '@platform/service-kit/testing';
import { startAccountsGateway, untilReady, type AccountsGateway } from '../../test/accounts-gateway';
import { linkToken, readOutbox } from '../../test/outbox';
import { startServiceStub, type ServiceStub } from '../../test/service-stub';
import { BackgroundWork } from '../accounts/background';
import { createMailer } from '../accounts/mailer';
import { EMAIL_CHANGE_NOTICE_TEXTS } from '../accounts/mail-texts';
import { SESSION_CACHE_MS } from '../accounts/session-cache';
import { accountStore } from '../accounts/store';
import { runAdmin } from '../admin';
import { DigestJob } from '../digest/digest-job';
import { createServiceClient } from '@platform/service-kit';
import { settingsStore } from './store';
import { join } from 'node:path';

const SECRET = 'settings-test-secret';
const PASSWORD = 'Secret123';
const NEW_PASSWORD = 'Better456';
type Injected = Awaited<ReturnType<ServiceApp['inject']>>;
/** The decoded mail's bytes (one character each) read as UTF-8. */
const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');

describe('settings, accounts and the digest', () => {
  let gateway: AccountsGateway;
  let stub: ServiceStub;
  let app: ServiceApp;
  let db: Db;
  let dataDir: string;
  let clock = Date.now();
  const background = new BackgroundWork();

  beforeAll(async () => {
    stub = await startServiceStub(SECRET);
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'gwsettings',
      now: () => clock,
      background,
    });
    dataDir = gateway.dataDir;
    // The services this suite watches: the gateway calls them to delete accounts and for digests.
    app = await gateway.build({ upstreams: { text: stub.url, speech: stub.url } });
    db = gateway.app.database!.db;
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
    await stub?.close();
  });

  const cookieOf = (res: Injected) => {
    const m = /(?:^|, )plt=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''));
    if (!m || !m[1]) throw new Error(`no plt cookie in ${String(res.headers['set-cookie'])}`);
    return m[1];
  };
  const call = (method: string, url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: cookie ? { cookie: `plt=${cookie}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const signin = (email: string, password = PASSWORD) =>
    app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password } });
  const mailsTo = async (email: string) => {
    await background.idle();
    return readOutbox(dataDir, email);
  };
  /** The mails to an address other than its sign-up verification. */
  const digestsTo = async (email: string) =>
    (await readOutbox(dataDir, email)).filter((m) => !m.decoded.includes('/auth/verify?token='));
  /** A verified person with an open session; answers the session cookie. */
  const signedIn = async (
    email: string,
    names: { firstname?: string; lastname?: string; role?: 'researcher' } = {},
  ) => {
    const signup = await app.inject({
      method: 'POST',
      url: '/auth/auth/signup',
      payload: { firstname: 'Ada', lastname: 'Obi', email, password: PASSWORD, ...names },
    });
    expect(signup.statusCode).toBe(201);
    const mails = await mailsTo(email);
    const verify = await app.inject({
      method: 'POST',
      url: '/auth/verify',
      payload: { token: linkToken(mails[mails.length - 1]!) },
    });
    expect(verify.statusCode).toBe(200);
    const res = await signin(email);
    expect(res.statusCode).toBe(200);
    return cookieOf(res);
  };
  const userId = async (email: string) =>
    (await db.collection('users').findOne({ email }))!._id.toHexString();
  const expectError = (res: Injected, status: number, code: string) => {
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
  };
  const profileInput = (extra: Record<string, unknown> = {}) => ({
    fullName: 'Ada Obi',
    username: null,
    bio: '',
    languages: [],
    ...extra,
  });

  describe('profile', () => {
    it('starts from the sign-up name and keeps what the person saves', async () => {
      const cookie = await signedIn('profile@example.org');
      const before = await call('GET', '/api/settings/profile', cookie);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({
        fullName: 'Ada Obi',
        username: null,
        bio: '',
        languages: [],
        email: 'profile@example.org',
        role: 'contributor',
        pendingEmail: null,
        avatarUrl: null,
      });
      const saved = await call(
        'PUT',
        '/api/settings/profile',
        cookie,
        profileInput({
          fullName: '  Adaeze   Obi Nwosu ',
          username: 'Ada_O',
          bio: 'I record Igbo.',
          languages: [
            { language: 'ig', proficiency: 'native' },
            { language: 'yo', proficiency: 'beginner' },
          ],
        }),
      );
      expect(saved.statusCode).toBe(200);
      const again = (await call('GET', '/api/settings/profile', cookie)).json();
      expect(again).toMatchObject({
        fullName: 'Adaeze Obi Nwosu',
        username: 'Ada_O',
        bio: 'I record Igbo.',
        languages: [
          { language: 'ig', proficiency: 'native' },
          { language: 'yo', proficiency: 'beginner' },
        ],
      });
      // The session's names follow, split at the first space.
      const session = await call('GET', '/auth/session', cookie);
      expect(session.json().user).toMatchObject({ firstname: 'Adaeze', lastname: 'Obi Nwosu' });
    });

    it('keeps usernames unique whatever their case; clearing one frees it', async () => {
      const first = await signedIn('names-1@example.org');
      const second = await signedIn('names-2@example.org');
      expect(
        (await call('PUT', '/api/settings/profile', first, profileInput({ username: 'Kemi.A' }))).statusCode,
      ).toBe(200);
      const taken = await call('PUT', '/api/settings/profile', second, profileInput({ username: 'kemi.a' }));
      expectError(taken, 409, 'profile.username_taken');
      expect((await call('GET', '/api/settings/profile', second)).json().username).toBeNull();
      // The owner may change its case.
      const recased = await call('PUT', '/api/settings/profile', first, profileInput({ username: 'KEMI.A' }));
      expect(recased.json().username).toBe('KEMI.A');
      expect((await call('PUT', '/api/settings/profile', first, profileInput())).json().username).toBeNull();
      expect(
        (await call('PUT', '/api/settings/profile', second, profileInput({ username: 'kemi.a' }))).statusCode,
      ).toBe(200);
    });

    it('refuses bad input with 400 and stores nothing, and a caller without a session with 401', async () => {
      const cookie = await signedIn('bad-profile@example.org');
      for (const body of [
        profileInput({ username: 'a b' }),
        profileInput({ username: 'ab' }),
        profileInput({ fullName: '   ' }),
        profileInput({ languages: [{ language: 'yo', proficiency: 'Fluent' }] }),
        profileInput({
          languages: [
            { language: 'yo', proficiency: 'native' },
            { language: 'yo', proficiency: 'beginner' },
          ],
        }),
        { ...profileInput(), extra: true },
      ]) {
        const res = await call('PUT', '/api/settings/profile', cookie, body);
        expect(res.statusCode).toBe(400);
      }
      expect((await call('GET', '/api/settings/profile', cookie)).json()).toMatchObject({
        fullName: 'Ada Obi',
        username: null,
        languages: [],
      });
      expect((await call('GET', '/api/settings/profile')).statusCode).toBe(401);
    });
  });

  describe('notification settings', () => {
    it('are all on with a daily digest until saved, then as saved', async () => {
      const cookie = await signedIn('notify@example.org');
      expect((await call('GET', '/api/settings/notifications', cookie)).json()).toEqual({
        email: true,
        taskAssignments: true,
        taskReminders: true,
        projectUpdates: true,
        digest: 'daily',
      });
      const chosen = {
        email: true,
        taskAssignments: false,
        taskReminders: true,
        projectUpdates: false,
        digest: 'weekly',
      };
      expect((await call('PUT', '/api/settings/notifications', cookie, chosen)).json()).toEqual(chosen);
      expect((await call('GET', '/api/settings/notifications', cookie)).json()).toEqual(chosen);
      const bad = await call('PUT', '/api/settings/notifications', cookie, { ...chosen, digest: 'hourly' });
      expect(bad.statusCode).toBe(400);
      expect((await call('GET', '/api/settings/notifications', cookie)).json()).toEqual(chosen);
    });
  });

  describe('avatar', () => {
    const upload = (cookie: string, data: Buffer, filename = 'me.png', type = 'image/png') => {
      const body = multipart([{ name: 'avatar', filename, type, data }]);
      return app.inject({
        method: 'POST',
        url: '/api/settings/avatar',
        payload: body.payload,
        headers: { ...body.headers, cookie: `plt=${cookie}` },
      });
    };
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
        .png()
        .toBuffer();

    it('stores a real image as a square WebP, served with its version, ETag and caching', async () => {
      const cookie = await signedIn('avatar@example.org');
      const res = await upload(cookie, await png(600, 400));
      expect(res.statusCode).toBe(200);
      const url = res.json().avatarUrl as string;
      expect(url).toMatch(new RegExp(`^/api/avatars/${await userId('avatar@example.org')}\\?v=\\d+$`));
      const image = await call('GET', url, cookie);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toContain('immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: AVATAR_SIZE_PX,
        height: AVATAR_SIZE_PX,
      });
      const etag = String(image.headers.etag);
      const again = await app.inject({ url, headers: { cookie: `plt=${cookie}`, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      // Another upload gets another URL.
      clock += 1000;
      const second = await upload(cookie, await png(100, 300));
      expect(second.json().avatarUrl).not.toBe(url);
    });

    it('refuses a non-image named like one (415) and a 5 MB file (413), keeping the avatar it had', async () => {
      const cookie = await signedIn('avatar-bad@example.org');
      const first = await upload(cookie, await png(64, 64));
      const url = first.json().avatarUrl;
      const text = await upload(cookie, Buffer.from('just some text, not a picture'), 'photo.png');
      expectError(text, 415, 'avatar.not_image');
      // Starts like a PNG but is not one.
      const fake = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(100),
      ]);
      expectError(await upload(cookie, fake, 'fake.png'), 422, 'avatar.not_image');
      // A 5 MB file that starts like a PNG: refused for its size once 2 MB have come.
      const huge = Buffer.concat([(await png(64, 64)).subarray(0, 64), Buffer.alloc(5 * 1024 * 1024, 1)]);
      expect(huge.length).toBeGreaterThan(AVATAR_MAX_BYTES);
      expectError(await upload(cookie, huge, 'big.png'), 413, 'avatar.too_large');
      expect((await call('GET', '/api/settings/profile', cookie)).json().avatarUrl).toBe(url);
    });

    it('refuses an image wider or taller than 4,096 pixels, with its own message, keeping the avatar it had', async () => {
      const cookie = await signedIn('avatar-vast@example.org');
      const first = await upload(cookie, await png(64, 64));
      const url = first.json().avatarUrl;
      // A few kB of PNG that would decode to 16.8 million pixels or more.
      for (const [width, height] of [
        [4097, 16],
        [16, 4097],
        [4097, 4097],
      ] as const) {
        const image = await png(width, height);
        expect(image.length).toBeLessThan(AVATAR_MAX_BYTES);
        const res = await upload(cookie, image);
        expectError(res, 413, 'avatar.too_many_pixels');
        expect(res.json().message).toBe('An avatar may be at most 4,096 × 4,096 pixels.');
      }
      expect((await call('GET', '/api/settings/profile', cookie)).json().avatarUrl).toBe(url);
      // The largest allowed is taken.
      expect((await upload(cookie, await png(4096, 4096))).statusCode).toBe(200);
    });

    it('is removed on request (then 404), and needs a session to see', async () => {
      const cookie = await signedIn('avatar-gone@example.org');
      const url = (await upload(cookie, await png(64, 64))).json().avatarUrl as string;
      expect((await call('GET', url)).statusCode).toBe(401);
      const removed = await call('DELETE', '/api/settings/avatar', cookie);
      expect(removed.json().avatarUrl).toBeNull();
      expectError(await call('GET', url, cookie), 404, 'avatar.not_found');
      expectError(await call('GET', '/api/avatars/not-an-id', cookie), 404, 'avatar.not_found');
    });
  });

  describe('password', () => {
    const change = (cookie: string, body: Record<string, string>) =>
      call('PUT', '/api/settings/password', cookie, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        ...body,
      });

    it('checks the current password, the confirmation and the rule; changes nothing when refused', async () => {
      const cookie = await signedIn('pw-rules@example.org');
      expectError(await change(cookie, { currentPassword: 'Wrong1234' }), 422, 'account.password_incorrect');
      expectError(await change(cookie, { confirmPassword: 'Better457' }), 422, 'account.passwords_differ');
      expectError(
        await change(cookie, { newPassword: 'weakpass', confirmPassword: 'weakpass' }),
        422,
        'auth.password_rule',
      );
      expect((await signin('pw-rules@example.org')).statusCode).toBe(200);
    });

    it('ends the other sessions but keeps this one', async () => {
      const here = await signedIn('pw-change@example.org');
      const elsewhere = cookieOf(await signin('pw-change@example.org'));
      expect((await call('GET', '/api/settings/profile', elsewhere)).statusCode).toBe(200);
      const res = await change(here, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ended: 1 });
      expect((await call('GET', '/api/settings/profile', elsewhere)).statusCode).toBe(401);
      expect((await call('GET', '/api/settings/profile', here)).statusCode).toBe(200);
      expect((await signin('pw-change@example.org')).statusCode).toBe(401);
      expect((await signin('pw-change@example.org', NEW_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('API tokens end with the credentials they came from', () => {
    /** A researcher's new token; answers its secret. */
    const tokenOf = async (cookie: string) => {
      const res = await call('POST', '/api/tokens', cookie, { name: 'my script' });
      expect(res.statusCode).toBe(201);
      return res.json().secret as string;
    };
    /** What a script with the token gets: 401 api_token.invalid once it is revoked. */
    const callWithToken = (secret: string) =>
      app.inject({ url: '/api/datasets', headers: { authorization: `Bearer ${secret}` } });

    it('a new password revokes every API token of the person', async () => {
      const cookie = await signedIn('pw-tokens@example.org', { role: 'researcher' });
      const [one, two] = [await tokenOf(cookie), await tokenOf(cookie)];
      expect((await callWithToken(one)).statusCode).not.toBe(401);
      const changed = await call('PUT', '/api/settings/password', cookie, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      for (const secret of [one, two]) expectError(await callWithToken(secret), 401, 'api_token.invalid');
      expect((await call('GET', '/api/tokens', cookie)).json()).toEqual({ items: [] });
      // A token made after the change works.
      expect((await callWithToken(await tokenOf(cookie))).statusCode).not.toBe(401);
    });

    it('signing out everywhere revokes them too', async () => {
      const cookie = await signedIn('out-tokens@example.org', { role: 'researcher' });
      const secret = await tokenOf(cookie);
      expect((await call('POST', '/api/settings/sign-out-everywhere', cookie)).statusCode).toBe(200);
      expectError(await callWithToken(secret), 401, 'api_token.invalid');
    });

    it("leaves other people's tokens alone", async () => {
      const mine = await signedIn('keeps-token@example.org', { role: 'researcher' });
      const other = await signedIn('drops-token@example.org', { role: 'researcher' });
      const secret = await tokenOf(mine);
      expect((await call('POST', '/api/settings/sign-out-everywhere', other)).statusCode).toBe(200);
      expect((await callWithToken(secret)).statusCode).not.toBe(401);
    });
  });

  describe('sign out everywhere', () => {
    it('ends every session, this one included, and clears the cookie', async () => {
      const here = await signedIn('everywhere@example.org');
      const elsewhere = cookieOf(await signin('everywhere@example.org'));
      const res = await call('POST', '/api/settings/sign-out-everywhere', here);
      expect(res.json()).toEqual({ ended: 2 });
      expect(String(res.headers['set-cookie'])).toMatch(/^plt=;/);
      expect((await call('GET', '/api/settings/profile', here)).statusCode).toBe(401);
      expect((await call('GET', '/api/settings/profile', elsewhere)).statusCode).toBe(401);
    });
  });

  describe('change of address', () => {
    const ask = (cookie: string, email: string, currentPassword = PASSWORD) =>
      call('POST', '/api/settings/email', cookie, { email, currentPassword });

    it('refuses a wrong password, the same address, a taken one and a malformed one', async () => {
      const cookie = await signedIn('move-refused@example.org');
      await signedIn('move-taken@example.org');
      expectError(await ask(cookie, 'new@example.org', 'Wrong1234'), 422, 'account.password_incorrect');
      expectError(await ask(cookie, 'Move-Refused@example.org'), 422, 'account.email_same');
      expectError(await ask(cookie, 'move-taken@example.org'), 409, 'auth.email_taken');
      expect((await ask(cookie, 'not-an-address')).statusCode).toBe(400);
      expect((await call('GET', '/api/settings/profile', cookie)).json().pendingEmail).toBeNull();
    });

    it('mails the new address; the old one works until the link is followed, then the new one', async () => {
      const cookie = await signedIn('move-old@example.org');
      const res = await ask(cookie, 'Move-New@Example.org');
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ pendingEmail: 'move-new@example.org' });
      expect((await call('GET', '/api/settings/profile', cookie)).json()).toMatchObject({
        email: 'move-old@example.org',
        pendingEmail: 'move-new@example.org',
      });
      expect((await signin('move-old@example.org')).statusCode).toBe(200);
      const mails = await mailsTo('move-new@example.org');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.decoded).toContain('Confirm your new email address');
      const verified = await app.inject({
        method: 'POST',
        url: '/auth/verify',
        payload: { token: linkToken(mails[0]!) },
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ status: 'verified', email: 'move-new@example.org' });
      expect((await call('GET', '/api/settings/profile', cookie)).json()).toMatchObject({
        email: 'move-new@example.org',
        pendingEmail: null,
      });
      expect((await signin('move-old@example.org')).statusCode).toBe(401);
      expect((await signin('move-new@example.org')).statusCode).toBe(200);
    });

    it('tells the old address, in the person’s language, and ends every other session', async () => {
      const here = await signedIn('tell-old@example.org');
      const elsewhere = cookieOf(await signin('tell-old@example.org'));
      expect((await call('PUT', '/auth/locale', here, { locale: 'yo' })).statusCode).toBe(200);
      const before = (await mailsTo('tell-old@example.org')).length;
      expect((await ask(here, 'tell-new@example.org')).statusCode).toBe(202);
      const notices = (await mailsTo('tell-old@example.org')).slice(before);
      expect(notices).toHaveLength(1);
      const text = utf8(notices[0]!.decoded);
      expect(text).toContain(EMAIL_CHANGE_NOTICE_TEXTS.yo.requested('tell-new@example.org'));
      expect(text).toContain(EMAIL_CHANGE_NOTICE_TEXTS.yo.notYou);
      // The notice carries no link that would apply the change.
      expect(text).not.toContain('/auth/verify?token=');
      expect((await call('GET', '/api/settings/profile', elsewhere)).statusCode).toBe(401);
      expect((await call('GET', '/api/settings/profile', here)).statusCode).toBe(200);
    });

    it('a new password cancels a change of address that is still waiting', async () => {
      const cookie = await signedIn('cancel-move@example.org');
      expect((await ask(cookie, 'cancel-new@example.org')).statusCode).toBe(202);
      const link = linkToken((await mailsTo('cancel-new@example.org'))[0]!);
      const changed = await call('PUT', '/api/settings/password', cookie, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      expect((await call('GET', '/api/settings/profile', cookie)).json().pendingEmail).toBeNull();
      const followed = await app.inject({ method: 'POST', url: '/auth/verify', payload: { token: link } });
      expect(followed.statusCode).toBe(400);
      expect((await call('GET', '/api/settings/profile', cookie)).json().email).toBe(
        'cancel-move@example.org',
      );
    });
  });

  describe('account deletion', () => {
    it('checks the password, then has the services forget the person and deletes everything here', async () => {
      const cookie = await signedIn('leaving@example.org');
      const id = await userId('leaving@example.org');
      await call('PUT', '/api/settings/notifications', cookie, {
        email: false,
        taskAssignments: true,
        taskReminders: true,
        projectUpdates: true,
        digest: 'never',
      });
      const refused = await call('DELETE', '/api/settings/account', cookie, { currentPassword: 'Wrong1234' });
      expectError(refused, 422, 'account.password_incorrect');
      expect(stub.calls.filter((c) => c.url.includes(id))).toEqual([]);
      stub.calls.length = 0;
      const res = await call('DELETE', '/api/settings/account', cookie, { currentPassword: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ done: true });
      expect(String(res.headers['set-cookie'])).toMatch(/^plt=;/);
      expect(stub.calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
        expect.stringMatching(
          new RegExp(`^DELETE /internal/users/${id}/speech-data\\?pseudonym=[0-9a-f]{24}$`),
        ),
        expect.stringMatching(
          new RegExp(`^DELETE /internal/users/${id}/text-data\\?pseudonym=[0-9a-f]{24}$`),
        ),
      ]);
      // Signed in the gateway's own service name, for exactly that call.
      for (const c of stub.calls) expect(c.identity).toEqual(SERVICE_IDENTITIES.gateway);
      const _id = new ObjectId(id);
      expect(await db.collection('users').countDocuments({ _id })).toBe(0);
      expect(await db.collection('sessions').countDocuments({ userId: _id })).toBe(0);
      expect(await db.collection('notification_settings').countDocuments({ _id })).toBe(0);
      expect((await call('GET', '/api/settings/profile', cookie)).statusCode).toBe(401);
      expect((await signin('leaving@example.org')).statusCode).toBe(401);
    });

    it('keeps the account (503) when a service cannot forget the person', async () => {
      const down = `http://127.0.0.1:${await closedPort()}`;
      const isolated = await gateway.build({ upstreams: { text: down, speech: stub.url } });
      const cookie = await signedIn('staying@example.org');
      const res = await isolated.inject({
        method: 'DELETE',
        url: '/api/settings/account',
        headers: { cookie: `plt=${cookie}` },
        payload: { currentPassword: PASSWORD },
      });
      expectError(res, 503, 'service.unavailable');
      expect(await db.collection('users').countDocuments({ email: 'staying@example.org' })).toBe(1);
      expect((await call('GET', '/api/settings/profile', cookie)).statusCode).toBe(200);
    });
  });

  describe('admin: accounts and roles', () => {
    let admin: string;
    beforeAll(async () => {
      admin = await signedIn('chief@example.org', { firstname: 'Chief', lastname: 'Admin' });
      await db.collection('users').updateOne({ email: 'chief@example.org' }, { $set: { role: 'admin' } });
      clock += SESSION_CACHE_MS;
    });

    it('lists accounts searched, filtered and paged; a contributor gets 403', async () => {
      const contributor = await signedIn('plain@example.org', { firstname: 'Plain', lastname: 'Person' });
      expectError(await call('GET', '/api/admin/accounts', contributor), 403, 'access.role_forbidden');
      await signedIn('zainab@example.org', { firstname: 'Zainab', lastname: 'Bello' });
      const found = await call('GET', '/api/admin/accounts?q=BELL', admin);
      expect(found.statusCode).toBe(200);
      expect(found.json().items.map((r: { email: string }) => r.email)).toEqual(['zainab@example.org']);
      expect(found.json().items[0]).toMatchObject({
        name: 'Zainab Bello',
        role: 'contributor',
        verified: true,
      });
      const byMail = await call('GET', '/api/admin/accounts?q=plain%40', admin);
      expect(byMail.json().total).toBe(1);
      const admins = await call('GET', '/api/admin/accounts?role=admin', admin);
      expect(admins.json().items.map((r: { email: string }) => r.email)).toEqual(['chief@example.org']);
      const page = await call('GET', '/api/admin/accounts?page=2&pageSize=2', admin);
      expect(page.json()).toMatchObject({ page: 2, pageSize: 2 });
      expect(page.json().items).toHaveLength(2);
      expect(page.json().total).toBeGreaterThan(4);
      expect((await call('GET', '/api/admin/accounts?role=boss', admin)).statusCode).toBe(400);
    });

    it('grants manager, which the person can use within the session cache time', async () => {
      const cookie = await signedIn('soon-manager@example.org', { firstname: 'Musa', lastname: 'Garba' });
      expectError(await call('GET', '/api/people?q=musa', cookie), 403, 'access.role_forbidden');
      const id = await userId('soon-manager@example.org');
      const res = await call('PUT', `/api/admin/accounts/${id}/role`, admin, { role: 'manager' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, role: 'manager' });
      clock += SESSION_CACHE_MS;
      const people = await call('GET', '/api/people?q=garb', cookie);
      expect(people.statusCode).toBe(200);
      expect(people.json().items).toEqual([{ id, name: 'Musa Garba', username: null }]);
    });

    it("refuses changing an admin's role (409), an unknown account (404) and admin as a role (400)", async () => {
      const adminId = await userId('chief@example.org');
      expectError(
        await call('PUT', `/api/admin/accounts/${adminId}/role`, admin, { role: 'contributor' }),
        409,
        'account.admin_role_fixed',
      );
      expectError(
        await call('PUT', `/api/admin/accounts/${new ObjectId().toHexString()}/role`, admin, {
          role: 'manager',
        }),
        404,
        'account.not_found',
      );
      const someone = await userId('plain@example.org');
      const refused = await call('PUT', `/api/admin/accounts/${someone}/role`, admin, { role: 'admin' });
      expect(refused.statusCode).toBe(400);
      expect((await db.collection('users').findOne({ email: 'plain@example.org' }))!.role).toBe(
        'contributor',
      );
    });

    it('finds accounts made before names had search keys, once a gateway starting has given them theirs', async () => {
      const _id = new ObjectId();
      await db.collection('users').insertOne({
        _id,
        email: 'older@example.org',
        firstname: 'Ifeoma',
        lastname: 'Eze  Okoro',
        role: 'contributor',
        passwordHash: 'x',
        verified: true,
        createdAt: new Date(clock),
      });
      // The gateways already up gave older accounts their keys when they started; one starting now does it
      // for this one.
      const starting = await gateway.build();
      await untilReady(starting);
      for (let i = 0; i < 100 && !(await db.collection('users').findOne({ _id }))?.nameKey; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await db.collection('users').findOne({ _id })).toMatchObject({
        nameKey: 'ifeoma eze  okoro',
        nameKeys: expect.arrayContaining(['ifeoma eze  okoro', 'ifeoma', 'eze', 'okoro']),
      });
      const manager = await signedIn('finder@example.org');
      await db.collection('users').updateOne({ email: 'finder@example.org' }, { $set: { role: 'manager' } });
      clock += SESSION_CACHE_MS;
      const found = await call('GET', '/api/people?q=okor', manager);
      expect(found.json().items).toEqual([
        { id: _id.toHexString(), name: 'Ifeoma Eze  Okoro', username: null },
      ]);
    });

    it('the admin command grants manager with --role and refuses an unknown role', async () => {
      await signedIn('cli-manager@example.org');
      const lines: string[] = [];
      const io = {
        out: (l: string) => lines.push(l),
        err: (l: string) => lines.push(l),
        mongoUri: gateway.mongo.uri,
        dbName: db.databaseName,
      };
      expect(await runAdmin(['--email', 'cli-manager@example.org', '--role', 'manager'], io)).toBe(0);
      expect(lines.at(-1)).toContain('cli-manager@example.org is now a manager (was contributor)');
      expect((await db.collection('users').findOne({ email: 'cli-manager@example.org' }))!.role).toBe(
        'manager',
      );
      expect(await runAdmin(['--email', 'cli-manager@example.org', '--role', 'boss'], io)).toBe(2);
      expect(lines.at(-1)).toContain('--role must be one of');
      expect(await runAdmin(['--help'], io)).toBe(0);
      expect(lines.at(-1)).toContain('--role <role>');
    });
  });

  describe('internal people lookup', () => {
    const lookup = (ids: string[], headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/internal/people', payload: { ids }, headers });
    const signedFor = (identity: { id: string; role: string; name?: string }) =>
      signIdentity(identity as never, SECRET, {
        method: 'POST',
        url: '/internal/people',
        service: 'gateway',
      });

    it('answers a service with current names and roles, leaving unknown ids out', async () => {
      await signedIn('looked-up@example.org', { firstname: 'Tunde', lastname: 'Bakare' });
      const id = await userId('looked-up@example.org');
      const res = await lookup(
        [id, new ObjectId().toHexString(), 'junk'],
        signedFor(SERVICE_IDENTITIES.text),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ people: [{ id, name: 'Tunde Bakare', role: 'contributor' }] });
    });

    it('refuses a person (403) and a missing or bad signature (401)', async () => {
      const person = { id: await userId('looked-up@example.org'), role: 'admin' };
      expectError(await lookup([], signedFor(person)), 403, 'access.service_only');
      expect((await lookup([], {})).statusCode).toBe(401);
      const forged = signIdentity(SERVICE_IDENTITIES.text, 'not-the-secret', {
        method: 'POST',
        url: '/internal/people',
        service: 'gateway',
      });
      expect((await lookup([], forged)).statusCode).toBe(401);
      // A session cookie is no service identity either.
      const cookie = await signedIn('cookie-only@example.org');
      expect((await lookup([], { cookie: `plt=${cookie}` })).statusCode).toBe(401);
    });
  });

  describe('digest job', () => {
    const item = (kind: Notification['kind'], n: number): Notification => ({
      id: `n${n}`,
      kind,
      project: { id: 'p1', name: 'Yoruba news corpus' },
      task: { id: `t${n}`, description: `Record batch ${n}`, dueDate: '2026-12-24' },
      by: { id: 'm1', name: 'Musa Garba' },
      read: false,
      createdAt: new Date(clock).toISOString(),
    });
    const job = (holder = 'this-gateway') =>
      new DigestJob({
        db,
        accounts: accountStore(db),
        settings: settingsStore(db),
        text: createServiceClient({
          identity: SERVICE_IDENTITIES.gateway,
          target: 'text',
          baseUrl: stub.url,
          secret: SECRET,
          log: app.log,
        }),
        mailer: createMailer({ outboxDir: join(dataDir, 'outbox'), from: 'no-reply@localhost' }),
        publicUrl: 'http://localhost:3000',
        now: () => clock,
        log: app.log,
        holder,
      });
    const notifications = (cookie: string, settings: Record<string, unknown>) =>
      call('PUT', '/api/settings/notifications', cookie, {
        email: true,
        taskAssignments: true,
        taskReminders: true,
        projectUpdates: true,
        digest: 'daily',
        ...settings,
      });

    it('mails a daily person one digest of what was claimed, and nobody with never or e-mail off', async () => {
      await signedIn('digest-daily@example.org');
      const never = await signedIn('digest-never@example.org');
      const off = await signedIn('digest-off@example.org');
      const picky = await signedIn('digest-picky@example.org');
      await notifications(never, { digest: 'never' });
      await notifications(off, { email: false });
      await notifications(picky, { taskAssignments: false });
      const ids = await Promise.all(
        ['daily', 'never', 'off', 'picky'].map((who) => userId(`digest-${who}@example.org`)),
      );
      for (const id of ids) stub.notifications.set(id, [item('assignment', 1), item('reminder', 2)]);
      stub.calls.length = 0;

      const pass = await job().runOnce();
      expect(pass).toEqual({ ran: true, mailed: 2 });
      const daily = await digestsTo('digest-daily@example.org');
      expect(daily).toHaveLength(1);
      const mail = daily[0]!.decoded;
      expect(mail).toContain('Subject: You have 2 new notifications');
      for (const words of [
        'A task was assigned to you',
        'A task of yours is due soon',
        'Project: Yoruba news corpus',
        'Task: Record batch 1',
        'Task: Record batch 2',
        'Due: December 24, 2026',
        'From: Musa Garba',
      ]) {
        expect(mail).toContain(words);
      }
      expect(await digestsTo('digest-never@example.org')).toEqual([]);
      expect(await digestsTo('digest-off@example.org')).toEqual([]);
      // Only the kinds a person's toggles allow are claimed (and mailed).
      const pickyMail = await digestsTo('digest-picky@example.org');
      expect(pickyMail).toHaveLength(1);
      expect(pickyMail[0]!.decoded).not.toContain('A task was assigned to you');
      expect(stub.calls.filter((c) => c.url.endsWith('/digest')).map((c) => c.url)).toEqual(
        expect.not.arrayContaining([`/internal/users/${ids[1]}/digest`, `/internal/users/${ids[2]}/digest`]),
      );

      // Not due again for a day: new notifications wait.
      stub.notifications.set(ids[0]!, [item('project-update', 3)]);
      expect((await job().runOnce()).mailed).toBe(0);
      clock += 24 * 3600_000;
      expect((await job().runOnce()).mailed).toBeGreaterThanOrEqual(1);
      expect(await digestsTo('digest-daily@example.org')).toHaveLength(2);
    });

    it("writes in the person's language, mails nothing when nothing is claimed, and lets one gateway run", async () => {
      const cookie = await signedIn('digest-yo@example.org');
      await call('PUT', '/auth/locale', cookie, { locale: 'yo' });
      const id = await userId('digest-yo@example.org');
      stub.notifications.set(id, [item('shared-task', 4)]);
      expect((await job().runOnce()).mailed).toBe(1);
      const mail = (await digestsTo('digest-yo@example.org'))[0]!;
      expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/);
      expect(utf8(mail.decoded)).toContain('A pín iṣẹ́ kan pẹ̀lú rẹ');
      expect(utf8(mail.decoded)).toContain('Iṣẹ́ àkànṣe: Yoruba news corpus');
      // Nothing waiting: no mail.
      clock += 24 * 3600_000;
      expect((await job().runOnce()).mailed).toBe(0);
      expect(await digestsTo('digest-yo@example.org')).toHaveLength(1);
      // Another gateway finds the lease taken and leaves the pass to this one.
      expect(await job('another-gateway').runOnce()).toEqual({ ran: false, mailed: 0 });
    });
  });
});
