import { ROUTES, routeUrl, pathParamNames, type RouteDeclaration } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { startAccountsGateway, type AccountsGateway } from '../test/accounts-gateway';
import { linkToken, readOutbox } from '../test/outbox';
import { startServiceStub, type ServiceStub } from '../test/service-stub';
import { BackgroundWork } from './accounts/background';

const SECRET = 'malformed-cookies-test-secret';
const PASSWORD = 'Secret123';

/** Cookie headers a browser, a proxy or a script might send, none of which may make the gateway fail. */
const MALFORMED_COOKIES: [string, string][] = [
  ['a lone percent sign as the language', 'lang=%'],
  ['a cut UTF-8 escape as the session', 'plt=%E0%A4%A'],
  ['both at once', 'lang=%; plt=%E0%A4%A'],
  ['a bad escape in the TLS session name', '__Host-plt=%zz; lang=%G1'],
  ['a very long value', `lang=${'%'.repeat(6000)}; plt=${'x'.repeat(6000)}`],
  ['the language twice, the first one bad', 'lang=%; lang=yo'],
  ['the session twice', 'plt=%; plt=%E0'],
  ['non-ASCII bytes', 'lang=yorùbá; plt=ẹ̀kọ́'],
  ['no name, no value, stray separators', '=; ;;=%; lang; plt=='],
  ['a quoted bad escape', 'lang="%"; plt="%E0%A4%A"'],
];

/** A route's URL with every `:param` filled (an id-shaped value, which finds nothing). */
const urlOf = (route: RouteDeclaration) =>
  routeUrl(
    route.path,
    Object.fromEntries(pathParamNames(route.path).map((name) => [name, '0123456789abcdef01234567'])),
  );

const GATEWAY_ROUTES = ROUTES.filter((route) => route.owner === 'gateway');

/**
 * Valid bodies for the routes that read the language cookie, so the request gets past validation to where
 * the cookie is read (every other write gets `{}`, which its schema refuses or takes).
 */
const BODIES: Record<string, unknown> = {
  postContact: {
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@example.org',
    interest: 'Other inquiry',
  },
  postNewsletter: { email: 'letters@example.org' },
  postAuthSignup: { firstname: 'Ada', lastname: 'Obi', email: 'new@example.org', password: PASSWORD },
  postAuthSignin: { email: 'cookie-eater@example.org', password: 'Wrong1234' },
  postAuthResend: { email: 'new@example.org' },
  postAuthQueryEmail: { email: 'new@example.org' },
  putAuthLocale: { locale: 'yo' },
};

describe('malformed cookies', () => {
  let gateway: AccountsGateway;
  let stub: ServiceStub;
  let app: ServiceApp;
  let session = '';
  const background = new BackgroundWork();

  beforeAll(async () => {
    stub = await startServiceStub(SECRET);
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'gwcookies',
      now: () => Date.now(),
      background,
    });
    app = await gateway.build({ upstreams: { text: stub.url, speech: stub.url } });
    const email = 'cookie-eater@example.org';
    const signup = await app.inject({
      method: 'POST',
      url: '/auth/auth/signup',
      payload: { firstname: 'Ada', lastname: 'Obi', email, password: PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    await background.idle();
    const mails = await readOutbox(gateway.dataDir, email);
    const token = linkToken(mails.at(-1)!);
    expect((await app.inject({ method: 'POST', url: '/auth/verify', payload: { token } })).statusCode).toBe(
      200,
    );
    const signin = await app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email, password: PASSWORD },
    });
    session = /(?:^|, )plt=([^;]*)/.exec(String(signin.headers['set-cookie']))![1]!;
  }, 30_000);
  afterAll(async () => {
    await background.idle();
    await gateway?.close();
    await stub?.close();
  });

  it('covers every route the gateway serves itself', () => {
    expect(GATEWAY_ROUTES.length).toBeGreaterThan(20);
  });

  const send = (method: string, url: string, cookie: string, body?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { cookie, accept: 'text/html,application/json' },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: (body ?? {}) as object }),
    });

  // Deleting the account and signing out everywhere would end the session the signed-in case relies on.
  const ENDS_SESSION = new Set(['deleteAccount', 'postSignOutEverywhere', 'postAuthSignout']);

  it.each(MALFORMED_COOKIES)('never answers 5xx to %s, signed out or in', async (_what, cookie) => {
    const targets: [string, string, string][] = [
      ['GET', '/', 'shell page'],
      ['GET', '/signin', 'a page of a remote'],
      ['GET', '/remotes.json', 'remotes'],
      ...GATEWAY_ROUTES.map((r): [string, string, string] => [r.method, urlOf(r), r.name]),
    ];
    const failures: string[] = [];
    for (const [method, url, name] of targets) {
      const signedOut = await send(method, url, cookie, BODIES[name]);
      if (signedOut.statusCode >= 500) failures.push(`${name} signed out: ${signedOut.statusCode}`);
      if (ENDS_SESSION.has(name)) continue;
      // The bad cookies beside a good session: the session still counts (or is at least no 5xx).
      const signedIn = await send(method, url, `${cookie}; plt=${session}`, BODIES[name]);
      if (signedIn.statusCode >= 500) failures.push(`${name} signed in: ${signedIn.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('treats a malformed language as absent: the page is in the default language', async () => {
    const page = await send('GET', '/', 'lang=%');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en"');
    // A good value after a bad duplicate is not taken either: the first one is the cookie's.
    expect((await send('GET', '/', 'lang=yo')).body).toContain('<html lang="yo"');
  });

  it('reads a good session beside a malformed language', async () => {
    const res = await send('GET', '/auth/session', `lang=%; plt=${session}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('cookie-eater@example.org');
  });
});
