import type { Db } from 'mongodb';
import {
  CONTACT_INTERESTS,
  CONTACT_LANGUAGES_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_RATE_LIMIT_MAX,
  CONTACT_RATE_LIMIT_WINDOW_MS,
  NEWSLETTER_CONFIRM_HOURS,
} from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { linkToken, readOutbox, type OutboxMail } from '../../test/outbox';
import { BackgroundWork } from '../accounts/background';
import { CONTACT_INQUIRIES, NEWSLETTER_SUBSCRIBERS } from './store';
import { NEWSLETTER_TEXTS } from './newsletter-texts';
import { DEFAULT_CONTACT_EMAIL } from './settings';

const SECRET = 'public-site-test-secret';
const DAY = 24 * 3600 * 1000;
const PASSWORD = 'Secret123';
type Injected = Awaited<ReturnType<ServiceApp['inject']>>;
/** The decoded mail's bytes (one character each) read as UTF-8. */
const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');

describe('the public site on the gateway: contact, inquiries, newsletter', () => {
  let gateway: AccountsGateway;
  let app: ServiceApp;
  let db: Db;
  let clock = Date.now();
  const background = new BackgroundWork();
  /** Each test speaks from its own address, so the per-client limits of one never touch another. */
  let client = 0;
  let ip = '10.0.0.1';

  beforeAll(async () => {
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'gwpublic',
      now: () => clock,
      background,
    });
    app = gateway.app;
    db = app.database!.db;
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
  });
  beforeEach(() => {
    client++;
    ip = `10.0.${Math.floor(client / 250)}.${(client % 250) + 1}`;
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, from = ip) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: from });
  const expectError = (res: Injected, status: number, code: string) => {
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
  };
  const mailsTo = async (email: string) => {
    await background.idle();
    return readOutbox(gateway.dataDir, email);
  };
  const contact = (extra: Record<string, unknown> = {}) => ({
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@example.org',
    interest: 'Validating submissions',
    languages: 'Yoruba, Igbo',
    ...extra,
  });

  describe('POST /api/contact', () => {
    it('stores the inquiry, mails it to the operators with Reply-To the visitor, and answers ok', async () => {
      const res = await post(
        '/api/contact',
        contact({ firstName: '  Chidi ', lastName: 'Okafor', email: 'chidi@example.org' }),
        { cookie: 'lang=ig' },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const stored = await db.collection(CONTACT_INQUIRIES).findOne({ email: 'chidi@example.org' });
      expect(stored).toMatchObject({
        firstName: 'Chidi',
        lastName: 'Okafor',
        interest: 'Validating submissions',
        languages: 'Yoruba, Igbo',
        locale: 'ig',
      });
      const mails = (await mailsTo(DEFAULT_CONTACT_EMAIL)).filter((m) =>
        m.decoded.includes('chidi@example.org'),
      );
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.raw).toMatch(/^Reply-To: chidi@example\.org\r?$/m);
      expect(mail.decoded).toContain('Name: Chidi Okafor');
      expect(mail.decoded).toContain('E-mail: chidi@example.org');
      expect(mail.decoded).toContain('Interest: Validating submissions');
      expect(mail.decoded).toContain('Languages: Yoruba, Igbo');
    });

    it('takes every interest of the form, and no languages at all', async () => {
      for (const interest of CONTACT_INTERESTS) {
        const { languages: _none, ...rest } = contact({ interest, email: 'interests@example.org' });
        expect(
          (await post('/api/contact', rest, {}, `10.9.9.${CONTACT_INTERESTS.indexOf(interest)}`)).statusCode,
        ).toBe(200);
      }
      const stored = await db
        .collection(CONTACT_INQUIRIES)
        .find({ email: 'interests@example.org' })
        .toArray();
      expect(stored.map((d) => d.interest).sort()).toEqual([...CONTACT_INTERESTS].sort());
      expect(stored.every((d) => d.languages === '')).toBe(true);
    });

    it.each([
      ['an empty first name', { firstName: '' }],
      ['a first name of spaces', { firstName: '   ' }],
      ['no first name', { firstName: undefined }],
      ['an empty last name', { lastName: '' }],
      ['a last name of spaces', { lastName: ' \t ' }],
      ['an address without an at-sign', { email: 'ada.example.org' }],
      ['an address with a space', { email: 'ada obi@example.org' }],
      ['an address with two at-signs', { email: 'ada@obi@example.org' }],
      ['an address without a dot after the at-sign', { email: 'ada@example' }],
      ['no address', { email: undefined }],
      ['an interest not on the form', { interest: 'Selling things' }],
      ['no interest', { interest: undefined }],
      ['languages longer than the limit', { languages: 'y'.repeat(CONTACT_LANGUAGES_MAX_LENGTH + 1) }],
      ['a name longer than the limit', { lastName: 'O'.repeat(CONTACT_NAME_MAX_LENGTH + 1) }],
      ['an unknown field', { message: 'hello' }],
    ])('refuses %s with 400 and stores nothing', async (_what, change) => {
      const email = `bad-${client}@example.org`;
      const before = await db.collection(CONTACT_INQUIRIES).countDocuments();
      const res = await post('/api/contact', JSON.parse(JSON.stringify(contact({ email, ...change }))));
      expectError(res, 400, 'validation.failed');
      expect(res.json().message).toMatch(/^body/);
      await background.idle();
      expect(await db.collection(CONTACT_INQUIRIES).countDocuments()).toBe(before);
      expect(await readOutbox(gateway.dataDir, DEFAULT_CONTACT_EMAIL)).not.toContainEqual(
        expect.objectContaining({ decoded: expect.stringContaining(email) }),
      );
    });

    it(`answers 429 to the ${CONTACT_RATE_LIMIT_MAX + 1}th form from one client in the window, and takes it again after`, async () => {
      const email = 'limited@example.org';
      for (let i = 0; i < CONTACT_RATE_LIMIT_MAX; i++) {
        expect((await post('/api/contact', contact({ email }))).statusCode).toBe(200);
      }
      const refused = await post('/api/contact', contact({ email }));
      expectError(refused, 429, 'rate_limit.exceeded');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await db.collection(CONTACT_INQUIRIES).countDocuments({ email })).toBe(CONTACT_RATE_LIMIT_MAX);
      // Another client is not held back by this one.
      expect((await post('/api/contact', contact({ email }), {}, '10.200.0.1')).statusCode).toBe(200);
      clock += CONTACT_RATE_LIMIT_WINDOW_MS + 1000;
      expect((await post('/api/contact', contact({ email }))).statusCode).toBe(200);
    });

    it('counts IPv6 addresses of one /64, and an IPv4-mapped address with its IPv4 one, as one client', async () => {
      for (let i = 0; i < CONTACT_RATE_LIMIT_MAX; i++) {
        expect(
          (await post('/api/contact', contact(), {}, `2001:db8:77:${client}::${i + 1}`)).statusCode,
        ).toBe(200);
      }
      const sixth = await post('/api/contact', contact(), {}, `2001:db8:77:${client}:ffff::1`);
      expectError(sixth, 429, 'rate_limit.exceeded');
      // The next /64 is another client.
      expect((await post('/api/contact', contact(), {}, `2001:db8:78:${client}::1`)).statusCode).toBe(200);
      for (let i = 0; i < CONTACT_RATE_LIMIT_MAX; i++) {
        const from = i % 2 ? `::ffff:${ip}` : ip;
        expect((await post('/api/contact', contact(), {}, from)).statusCode).toBe(200);
      }
      expectError(await post('/api/contact', contact(), {}, `::ffff:${ip}`), 429, 'rate_limit.exceeded');
    });

    it('keeps the inquiry when the mail cannot be sent', async () => {
      const failing = await gateway.build({
        mailer: {
          kind: 'smtp',
          send: async () => {
            throw new Error('mail server down');
          },
        },
      });
      const res = await failing.inject({
        method: 'POST',
        url: '/api/contact',
        payload: contact({ email: 'unmailed@example.org' }),
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
      await background.idle();
      expect(await db.collection(CONTACT_INQUIRIES).countDocuments({ email: 'unmailed@example.org' })).toBe(
        1,
      );
    });
  });

  describe('GET /api/admin/inquiries', () => {
    const cookieOf = (res: Injected) => {
      const m = /(?:^|, )plt=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''));
      if (!m || !m[1]) throw new Error('no plt cookie');
      return m[1];
    };
    /** A verified person with the role given, signed in; answers the session cookie. */
    const signedIn = async (email: string, role: 'contributor' | 'admin') => {
      const signup = await post('/auth/auth/signup', {
        firstname: 'Ife',
        lastname: 'Ade',
        email,
        password: PASSWORD,
      });
      expect(signup.statusCode).toBe(201);
      const mails = await mailsTo(email);
      expect((await post('/auth/verify', { token: linkToken(mails.at(-1)!) })).statusCode).toBe(200);
      await db.collection('users').updateOne({ email }, { $set: { role } });
      const res = await post('/auth/signin', { email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      return cookieOf(res);
    };
    const list = (cookie: string | undefined, query = '') =>
      app.inject({ url: `/api/admin/inquiries${query}`, headers: cookie ? { cookie: `plt=${cookie}` } : {} });
    let admin: string;

    beforeAll(async () => {
      admin = await signedIn('inquiries-admin@example.org', 'admin');
      await db.collection(CONTACT_INQUIRIES).deleteMany({});
      // 25 inquiries a minute apart; every fifth is an enterprise partnership from Kano.
      for (let i = 0; i < 25; i++) {
        clock += 60_000;
        const enterprise = i % 5 === 0;
        const res = await post(
          '/api/contact',
          contact({
            firstName: `Person${String(i).padStart(2, '0')}`,
            lastName: enterprise ? 'Bello' : 'Obi',
            email: `p${i}@example.org`,
            interest: enterprise ? 'Enterprise partnership' : 'Contributing speech data',
            languages: enterprise ? 'Hausa (Kano)' : 'Yoruba',
          }),
          {},
          `10.77.0.${i}`,
        );
        expect(res.statusCode).toBe(200);
      }
    });

    it('is refused to the signed out (401) and to a contributor (403)', async () => {
      expect((await list(undefined)).statusCode).toBe(401);
      const contributor = await signedIn('inquiries-contributor@example.org', 'contributor');
      expectError(await list(contributor), 403, 'access.role_forbidden');
    });

    it('lists the newest first, paged', async () => {
      const first = await list(admin);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const body = first.json();
      expect({
        total: body.total,
        page: body.page,
        pageSize: body.pageSize,
        count: body.items.length,
      }).toEqual({
        total: 25,
        page: 1,
        pageSize: 20,
        count: 20,
      });
      expect(body.items[0]).toMatchObject({
        firstName: 'Person24',
        lastName: 'Obi',
        email: 'p24@example.org',
        interest: 'Contributing speech data',
        languages: 'Yoruba',
      });
      const second = (await list(admin, '?page=2')).json();
      expect(second.items.map((i: { firstName: string }) => i.firstName)).toEqual([
        'Person04',
        'Person03',
        'Person02',
        'Person01',
        'Person00',
      ]);
      const small = (await list(admin, '?page=3&pageSize=4')).json();
      expect(small.items.map((i: { firstName: string }) => i.firstName)).toEqual([
        'Person16',
        'Person15',
        'Person14',
        'Person13',
      ]);
    });

    it('filters by interest and searches names, addresses and languages, whatever the case', async () => {
      const enterprise = (await list(admin, '?interest=Enterprise%20partnership')).json();
      expect(enterprise.total).toBe(5);
      expect(enterprise.items.map((i: { firstName: string }) => i.firstName)).toEqual([
        'Person20',
        'Person15',
        'Person10',
        'Person05',
        'Person00',
      ]);
      expect((await list(admin, '?q=BELLO')).json().total).toBe(5);
      expect(
        (await list(admin, '?q=p13%40example')).json().items.map((i: { email: string }) => i.email),
      ).toEqual(['p13@example.org']);
      expect((await list(admin, '?q=hausa%20(kano')).json().total).toBe(5);
      // A pattern's characters are only characters.
      expect((await list(admin, '?q=.*')).json().total).toBe(0);
      expect((await list(admin, '?q=yoruba&interest=Enterprise%20partnership')).json().total).toBe(0);
      expectError(await list(admin, '?interest=Other'), 400, 'validation.failed');
    });
  });

  describe('newsletter', () => {
    const confirmToken = (mail: OutboxMail) => {
      const m = /\/newsletter\?confirm=([A-Za-z0-9_-]+)/.exec(mail.decoded);
      if (!m) throw new Error(`no confirmation link in ${mail.file}`);
      return m[1]!;
    };
    const unsubscribeToken = (mail: OutboxMail) => {
      const m = /\/newsletter\?unsubscribe=([A-Za-z0-9_-]+)/.exec(mail.decoded);
      if (!m) throw new Error(`no unsubscribe link in ${mail.file}`);
      return m[1]!;
    };
    const subscribe = (email: string, headers: Record<string, string> = {}, from = ip) =>
      post('/api/newsletter', { email }, headers, from);

    it('mails a confirmation link; confirming subscribes, and the link works once', async () => {
      const email = 'reader@example.org';
      const res = await subscribe(email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ accepted: true });
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.decoded).toContain(NEWSLETTER_TEXTS.en.confirmSubject);
      expect(mails[0]!.decoded).toContain(`http://localhost:3000/newsletter?confirm=`);
      expect(mails[0]!.decoded).toContain(`expires in ${NEWSLETTER_CONFIRM_HOURS} hours`);
      const token = confirmToken(mails[0]!);
      // Only a digest of the link is kept.
      const stored = await db.collection(NEWSLETTER_SUBSCRIBERS).findOne({ email });
      expect(stored).toMatchObject({ status: 'pending' });
      expect(JSON.stringify(stored)).not.toContain(token);
      const confirmed = await post('/api/newsletter/confirm', { token });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ status: 'subscribed' });
      expect(await db.collection(NEWSLETTER_SUBSCRIBERS).findOne({ email })).toMatchObject({
        status: 'subscribed',
      });
      expectError(await post('/api/newsletter/confirm', { token }), 404, 'newsletter.link_invalid');
    });

    it('answers the same 202 for a new and a confirmed address, and mails the confirmed one nothing', async () => {
      const email = 'twice@example.org';
      const first = await subscribe(email);
      await post('/api/newsletter/confirm', { token: confirmToken((await mailsTo(email))[0]!) });
      const again = await subscribe(email, {}, '10.201.0.1');
      const unknown = await subscribe('brand-new@example.org', {}, '10.201.0.2');
      for (const res of [again, unknown]) {
        expect({ status: res.statusCode, body: res.body }).toEqual({
          status: first.statusCode,
          body: first.body,
        });
      }
      expect(again.statusCode).toBe(202);
      expect(await mailsTo(email)).toHaveLength(1);
      expect(await mailsTo('brand-new@example.org')).toHaveLength(1);
    });

    it('refuses an unknown, malformed or expired confirmation link with 404', async () => {
      expectError(
        await post('/api/newsletter/confirm', { token: 'A'.repeat(43) }),
        404,
        'newsletter.link_invalid',
      );
      expectError(
        await post('/api/newsletter/confirm', { token: 'A'.repeat(20) }),
        404,
        'newsletter.link_invalid',
      );
      expectError(await post('/api/newsletter/confirm', { token: 'bad token!' }), 400, 'validation.failed');
      const email = 'late@example.org';
      await subscribe(email);
      const token = confirmToken((await mailsTo(email))[0]!);
      clock += NEWSLETTER_CONFIRM_HOURS * 3600 * 1000 + 1000;
      expectError(await post('/api/newsletter/confirm', { token }), 404, 'newsletter.link_invalid');
    });

    it('a new request a day later replaces the previous link', async () => {
      const email = 'again@example.org';
      await subscribe(email);
      clock += DAY;
      await subscribe(email, {}, '10.202.0.1');
      const [older, newer] = await mailsTo(email);
      expectError(
        await post('/api/newsletter/confirm', { token: confirmToken(older!) }),
        404,
        'newsletter.link_invalid',
      );
      expect((await post('/api/newsletter/confirm', { token: confirmToken(newer!) })).statusCode).toBe(200);
    });

    it('every mail carries an unsubscribe link that works, before or after confirming', async () => {
      const email = 'leaver@example.org';
      await subscribe(email);
      const mail = (await mailsTo(email))[0]!;
      expect(mail.decoded).toContain('http://localhost:3000/newsletter?unsubscribe=');
      await post('/api/newsletter/confirm', { token: confirmToken(mail) });
      const res = await post('/api/newsletter/unsubscribe', { token: unsubscribeToken(mail) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'unsubscribed' });
      expect(await db.collection(NEWSLETTER_SUBSCRIBERS).findOne({ email })).toMatchObject({
        status: 'unsubscribed',
      });
      // Subscribing again (a day later) mails a new confirmation, whose unsubscribe link is the same and works.
      clock += DAY;
      await subscribe(email, {}, '10.203.0.1');
      const later = (await mailsTo(email))[1]!;
      expect(unsubscribeToken(later)).toBe(unsubscribeToken(mail));
      expectError(
        await post('/api/newsletter/confirm', { token: confirmToken(mail) }),
        404,
        'newsletter.link_invalid',
      );
      expect((await post('/api/newsletter/unsubscribe', { token: unsubscribeToken(later) })).statusCode).toBe(
        200,
      );
      // Unsubscribed, the pending confirmation no longer works either.
      expectError(
        await post('/api/newsletter/confirm', { token: confirmToken(later) }),
        404,
        'newsletter.link_invalid',
      );
      expectError(
        await post('/api/newsletter/unsubscribe', { token: 'B'.repeat(43) }),
        404,
        'newsletter.link_invalid',
      );
    });

    it('mails in the interface language the request came from', async () => {
      const email = 'oluka@example.org';
      await subscribe(email, { cookie: 'lang=yo' });
      const text = utf8((await mailsTo(email))[0]!.decoded);
      expect(text).toContain(NEWSLETTER_TEXTS.yo.confirm);
      expect(text).toContain(NEWSLETTER_TEXTS.yo.unsubscribe);
    });

    it('keeps one subscriber per address, whatever its case', async () => {
      await subscribe('Case@Example.ORG');
      await subscribe('case@example.org', {}, '10.204.0.1');
      expect(await db.collection(NEWSLETTER_SUBSCRIBERS).countDocuments({ email: 'case@example.org' })).toBe(
        1,
      );
    });

    it('refuses a malformed address with 400 and stores nothing', async () => {
      for (const email of ['', 'no-at.example.org', 'a b@example.org', 'a@b']) {
        expectError(await subscribe(email), 400, 'validation.failed');
      }
      expect(
        await db
          .collection(NEWSLETTER_SUBSCRIBERS)
          .countDocuments({ email: { $in: ['a@b', 'a b@example.org'] } }),
      ).toBe(0);
    });

    it('counts IPv6 addresses of one /64, and an IPv4-mapped address with its IPv4 one, as one client', async () => {
      for (let i = 0; i < CONTACT_RATE_LIMIT_MAX; i++) {
        expect(
          (await subscribe(`six${i}@example.org`, {}, `2001:db8:99:${client}::${i + 1}`)).statusCode,
        ).toBe(202);
      }
      expectError(
        await subscribe('six-more@example.org', {}, `2001:db8:99:${client}:ffff::1`),
        429,
        'rate_limit.exceeded',
      );
      for (let i = 0; i < CONTACT_RATE_LIMIT_MAX; i++) {
        const from = i % 2 ? `::ffff:${ip}` : ip;
        expect((await subscribe(`four${i}@example.org`, {}, from)).statusCode).toBe(202);
      }
      expectError(await subscribe('four-more@example.org', {}, `::ffff:${ip}`), 429, 'rate_limit.exceeded');
    });

    it(`answers 429 to the ${CONTACT_RATE_LIMIT_MAX + 1}th request from one client in the window`, async () => {
      for (let i = 0; i < CONTACT_RATE_LIMIT_MAX; i++) {
        expect((await subscribe(`many${i}@example.org`)).statusCode).toBe(202);
      }
      expectError(await subscribe('many-more@example.org'), 429, 'rate_limit.exceeded');
      expect(
        await db.collection(NEWSLETTER_SUBSCRIBERS).countDocuments({ email: 'many-more@example.org' }),
      ).toBe(0);
    });

    it('mails one address at most once a day, however many clients ask; the first link stays live', async () => {
      const email = 'target@example.org';
      for (let i = 0; i < CONTACT_RATE_LIMIT_MAX + 3; i++) {
        expect((await subscribe(email, {}, `10.210.0.${i}`)).statusCode).toBe(202);
      }
      expect(await mailsTo(email)).toHaveLength(1);
      // Long after the clients' own windows, still within the day: nothing more.
      clock += DAY - 60_000;
      expect((await subscribe(email, {}, '10.210.1.1')).statusCode).toBe(202);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      // Asked together, still one mail.
      clock += 60_000;
      const burst = await Promise.all([1, 2, 3, 4].map((i) => subscribe(email, {}, `10.210.2.${i}`)));
      expect(burst.map((res) => res.statusCode)).toEqual([202, 202, 202, 202]);
      expect(await mailsTo(email)).toHaveLength(2);
    });
  });
});
