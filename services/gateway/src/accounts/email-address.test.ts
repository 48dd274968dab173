import { emailProblem, EMAIL_PATTERN, PLAIN_EMAIL_PATTERN } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { startAccountsGateway, type AccountsGateway } from '../../test/accounts-gateway';
import { linkToken, readOutbox } from '../../test/outbox';
import { BackgroundWork } from './background';
import { emailAddressProblem, isPlainAddress, plainAddressProblem } from './email-address';

const SECRET = 'email-address-test-secret';
const PASSWORD = 'Secret123';

/**
 * Texts that name one victim's address but are not that address: the mail library delivers each to the
 * victim, so a form taking them lets anyone mail the victim again and again, once per variant.
 */
const DISGUISED = (victim: string) => [
  `"1"<${victim}>`,
  `"1"<${victim}`,
  `a<${victim}`,
  `a,${victim}`,
  `a;${victim}`,
  `g:${victim}`,
  `(c)${victim}`,
  `${victim},`,
];

describe('the e-mail address rule', () => {
  it('accepts ordinary addresses', () => {
    for (const email of [
      'ada@example.org',
      'Ada.Obi@Example.ORG',
      "o'brien+news@mail.example.co.uk",
      'ọlá@example.org',
      'x_y-z=1?@a-b.example.info',
    ]) {
      expect({ email, problem: emailAddressProblem(email) }).toEqual({ email, problem: null });
      expect({ email, problem: plainAddressProblem(email) }).toEqual({ email, problem: null });
    }
    // The contact form and the newsletter keep the SPEC's looser top-level part; accounts do not.
    expect(new RegExp(PLAIN_EMAIL_PATTERN).test('team@example.online')).toBe(true);
    expect(emailProblem('team@example.online')).toBe('Invalid email address');
  });

  it('refuses an address in disguise, in the shared rules (browser, schemas) and in the mail library', () => {
    for (const text of DISGUISED('victim@example.org')) {
      expect({ text, problem: emailProblem(text) }).toEqual({ text, problem: 'Invalid email address' });
      expect({ text, plain: new RegExp(PLAIN_EMAIL_PATTERN).test(text) }).toEqual({ text, plain: false });
      expect({ text, plain: isPlainAddress(text) }).toEqual({ text, plain: false });
      expect({ text, problem: emailAddressProblem(text) }).not.toEqual({ text, problem: null });
    }
  });

  it.each([
    ['plain', PLAIN_EMAIL_PATTERN],
    ['account', EMAIL_PATTERN],
  ])('never lets the browser accept as %s what the mail library reads otherwise', (_kind, source) => {
    // Letters, the characters the parser gives meaning to, spaces and controls, encoded-word pieces.
    const pieces = ['a', 'B', 'ọ', '.', '-', '+', "'", '=?', '?=', '"', '(', ')', '<', '>', ',', ';', ':'];
    pieces.push('[', ']', '\\', ' ', '\t', '\u0001', '\u00a0', '@', 'org', 'example', 'x.io');
    // A fixed seed: every run tries the same 20,000 inputs, so a disagreement found once is found again.
    let seed = 0x5eed;
    const randomInt = (from: number, to?: number) => {
      // mulberry32: small, and its whole 32 bits are usable.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      const unit = ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
      return to === undefined ? Math.floor(unit * from) : from + Math.floor(unit * (to - from));
    };
    const random = (n: number) => Array.from({ length: n }, () => pieces[randomInt(pieces.length)]).join('');
    const pattern = new RegExp(source);
    let accepted = 0;
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const text = `${random(randomInt(1, 6))}@${random(randomInt(0, 4))}${['.org', '.io', '.com'][i % 3]}`;
      if (!pattern.test(text)) continue;
      accepted++;
      if (!isPlainAddress(text)) disagreements.push(text);
    }
    expect(accepted).toBeGreaterThan(100);
    expect(disagreements).toEqual([]);
  });
});

describe('addresses in disguise at every door that takes an address', () => {
  let gateway: AccountsGateway;
  let app: ServiceApp;
  let session = '';
  const background = new BackgroundWork();
  let n = 0;

  beforeAll(async () => {
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'gwemail',
      now: () => Date.now(),
      background,
    });
    app = gateway.app;
    const email = 'mover@example.org';
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
    expect(
      (await post('/auth/auth/signup', { firstname: 'Ada', lastname: 'Obi', email, password: PASSWORD }))
        .statusCode,
    ).toBe(201);
    await background.idle();
    const token = linkToken((await readOutbox(gateway.dataDir, email)).at(-1)!);
    expect((await post('/auth/verify', { token })).statusCode).toBe(200);
    const signin = await post('/auth/signin', { email, password: PASSWORD });
    session = /(?:^|, )plt=([^;]*)/.exec(String(signin.headers['set-cookie']))![1]!;
  }, 30_000);
  afterAll(() => gateway?.close());

  /** Every mail in the outbox that names the victim anywhere in its headers or text. */
  const mailsNaming = async (victim: string) => {
    await background.idle();
    return (await readOutbox(gateway.dataDir)).filter((m) => m.raw.includes(victim));
  };

  const doors: [string, (email: string) => Promise<{ statusCode: number }>][] = [
    [
      'sign-up',
      (email) =>
        app.inject({
          method: 'POST',
          url: '/auth/auth/signup',
          payload: { firstname: 'Eve', lastname: 'Ill', email, password: PASSWORD },
        }),
    ],
    [
      'a change of address',
      (email) =>
        app.inject({
          method: 'POST',
          url: '/api/settings/email',
          headers: { cookie: `plt=${session}` },
          payload: { email, currentPassword: PASSWORD },
        }),
    ],
    [
      'the contact form',
      (email) =>
        app.inject({
          method: 'POST',
          url: '/api/contact',
          // Each from its own client, so the contact form's own limit never decides.
          remoteAddress: `10.60.0.${++n}`,
          payload: { firstName: 'Eve', lastName: 'Ill', email, interest: 'Other inquiry' },
        }),
    ],
    [
      'the newsletter',
      (email) =>
        app.inject({
          method: 'POST',
          url: '/api/newsletter',
          remoteAddress: `10.61.0.${++n}`,
          payload: { email },
        }),
    ],
  ];

  it.each(doors)('%s refuses each with 400 and mails or keeps nothing', async (door, send) => {
    const victim = `victim-${door.replace(/\W/g, '')}@example.org`;
    for (const text of DISGUISED(victim)) {
      expect({ text, status: (await send(text)).statusCode }).toEqual({ text, status: 400 });
    }
    expect((await mailsNaming(victim)).map((m) => m.file)).toEqual([]);
    const db = gateway.app.database!.db;
    const naming = new RegExp(victim.replace(/\./g, '\\.'));
    const stored = await Promise.all(
      ['users', 'contact_inquiries', 'newsletter_subscribers'].map((c) =>
        db.collection(c).countDocuments({ $or: [{ email: naming }, { pendingEmail: naming }] }),
      ),
    );
    expect(stored).toEqual([0, 0, 0]);
    // The plain address itself is taken.
    expect((await send(victim)).statusCode).toBeLessThan(300);
  });
});
