import sharp from 'sharp';
import { ObjectId, type Db } from 'mongodb';
import type { ServiceApp } from '@platform/service-kit';
import { closedPort, findMentions, multipart } from '@platform/service-kit/testing';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { linkToken, readOutbox } from '../../test/outbox';
import { startServiceStub, type ServiceStub } from '../../test/service-stub';
import { BackgroundWork } from '../accounts/background';

const SECRET = 'account-deletion-test-secret';
const PASSWORD = 'Secret123';
const EMAIL = 'zebedee.q@example.org';
const NEW_EMAIL = 'zq.new@example.org';

/**
 * Every collection of the gateway's database, as this test knows them. A collection that is not listed fails
 * the test: whoever adds one says here whether it can name a person (then the seeding below puts the leaver
 * in it, and deletion must clear it).
 */
const NAMING_PEOPLE = [
  'users',
  'sessions',
  'verification_tokens',
  'rate_limits',
  'api_tokens',
  'avatars',
  'notification_settings',
  'contact_inquiries',
  'newsletter_subscribers',
  'storage_reservations',
];
const NAMING_NOBODY = ['job_leases'];

const collectionsOf = (mentions: string[]) => [...new Set(mentions.map((m) => m.split(':')[0]!))].sort();

describe('deleting an account (gateway)', () => {
  let gateway: AccountsGateway;
  let stub: ServiceStub;
  let app: ServiceApp;
  let db: Db;
  const background = new BackgroundWork();

  beforeAll(async () => {
    stub = await startServiceStub(SECRET);
    gateway = await startAccountsGateway({ secret: SECRET, dbPrefix: 'gwerase', now: Date.now, background });
    app = await gateway.build({ upstreams: { text: stub.url, speech: stub.url } });
    db = gateway.app.database!.db;
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
    await stub?.close();
  });

  const call = (method: string, url: string, cookie: string | null, payload?: object, on = app) =>
    on.inject({
      method: method as 'POST',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

  /** The leaver signs up and does one of everything the gateway keeps a person's name, address or id for. */
  async function seedLeaver() {
    const signup = await call('POST', '/auth/auth/signup', null, {
      firstname: 'Zebedee',
      lastname: 'Quartermaine',
      email: EMAIL,
      password: PASSWORD,
      role: 'researcher',
    });
    expect(signup.statusCode).toBe(201);
    await background.idle();
    const mails = await readOutbox(gateway.dataDir, EMAIL);
    await call('POST', '/auth/verify', null, { token: linkToken(mails.at(-1)!) });
    // A wrong password first: a failed sign-in is counted by the address.
    await call('POST', '/auth/signin', null, { email: EMAIL, password: 'Wrong1234' });
    const signin = await call('POST', '/auth/signin', null, { email: EMAIL, password: PASSWORD });
    const cookie = `plt=${/(?:^|, )plt=([^;]*)/.exec(String(signin.headers['set-cookie']))![1]!}`;
    const id = (await db.collection('users').findOne({ email: EMAIL }))!._id.toHexString();
    const ok = async (res: ReturnType<typeof call>) => {
      const done = await res;
      if (done.statusCode >= 300) throw new Error(`${done.statusCode} ${done.body}`);
    };
    await ok(
      call('PUT', '/api/settings/profile', cookie, {
        fullName: 'Zebedee Quartermaine',
        username: 'zquartermaine',
        bio: 'I record proverbs from Ìbàdàn.',
        languages: [],
      }),
    );
    const image = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 20, b: 30 } },
    })
      .png()
      .toBuffer();
    const avatar = multipart([{ name: 'avatar', filename: 'me.png', type: 'image/png', data: image }]);
    await ok(
      app.inject({
        method: 'POST',
        url: '/api/settings/avatar',
        headers: { ...avatar.headers, cookie },
        payload: avatar.payload,
      }),
    );
    await ok(
      call('PUT', '/api/settings/notifications', cookie, {
        email: true,
        taskAssignments: true,
        taskReminders: false,
        projectUpdates: true,
        digest: 'weekly',
      }),
    );
    await ok(call('POST', '/api/tokens', cookie, { name: 'My scripts' }));
    // A change of address still waiting for its link.
    await ok(call('POST', '/api/settings/email', cookie, { email: NEW_EMAIL, currentPassword: PASSWORD }));
    // Before they had an account, or beside it: a contact message and the newsletter, from their address.
    await ok(
      call('POST', '/api/contact', null, {
        firstName: 'Zebedee',
        lastName: 'Quartermaine',
        email: 'Zebedee.Q@example.org',
        interest: 'Validating submissions',
        languages: 'Yoruba',
      }),
    );
    await ok(call('POST', '/api/newsletter', null, { email: EMAIL }));
    // An upload under way when they delete the account.
    await db.collection('storage_reservations').insertOne({
      _id: new ObjectId(),
      userId: id,
      bytes: 1000,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await background.idle();
    return { id, cookie };
  }

  const needles = (id: string) => [id, EMAIL, NEW_EMAIL, 'Zebedee', 'Quartermaine'];
  const erase = (cookie: string, on = app) =>
    call('DELETE', '/api/settings/account', cookie, { currentPassword: PASSWORD }, on);

  it('has every collection of its database known to this test', async () => {
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    const known = [...NAMING_PEOPLE, ...NAMING_NOBODY];
    expect(names.filter((n) => !n.startsWith('system.') && !known.includes(n))).toEqual([]);
  });

  it('leaves nothing here that names the person, and has both services erase them under one pseudonym', async () => {
    const { id, cookie } = await seedLeaver();
    expect(collectionsOf(await findMentions(db, needles(id)))).toEqual([...NAMING_PEOPLE].sort());

    // A service that cannot erase keeps the account (503): nothing here is deleted yet.
    const down = `http://127.0.0.1:${await closedPort()}`;
    const half = await gateway.build({ upstreams: { text: stub.url, speech: down } });
    stub.calls.length = 0;
    expect((await erase(cookie, half)).statusCode).toBe(503);
    expect(await db.collection('users').countDocuments({ email: EMAIL })).toBe(1);
    const firstTry = stub.calls.find((c) => c.url.includes('/text-data'))!;
    const pseudonym = /[?&]pseudonym=([0-9a-f]{24})$/.exec(firstTry.url)![1]!;
    expect(pseudonym).not.toBe(id);

    stub.calls.length = 0;
    const res = await erase(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ done: true });
    // The same pseudonym again, to both services, each call signed as the gateway.
    expect(stub.calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
      `DELETE /internal/users/${id}/speech-data?pseudonym=${pseudonym}`,
      `DELETE /internal/users/${id}/text-data?pseudonym=${pseudonym}`,
    ]);
    expect(stub.calls.every((c) => c.identity?.role === 'service')).toBe(true);

    expect(await findMentions(db, [...needles(id), pseudonym])).toEqual([]);
    expect((await call('GET', '/api/settings/profile', cookie)).statusCode).toBe(401);
    expect((await call('POST', '/auth/signin', null, { email: EMAIL, password: PASSWORD })).statusCode).toBe(
      401,
    );
  });
});
