// A researcher's personal API token, used the way a script would: created with the browser's session, then
// real `curl` with `Authorization: Bearer` lists the datasets, reads the OpenAPI document, is refused where a
// token may not go, and stops working the moment the token is revoked.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createVerifiedAccount, newPerson } from './accounts/support/accounts';
import { newClientAddress } from './support/client-address';
import { siteUrl } from './support/platform';

const run = promisify(execFile);

interface CurlAnswer {
  status: number;
  body: string;
}

/** curl as a researcher would type it; the status comes from `-w`, the body from stdout. */
async function curl(args: string[]): Promise<CurlAnswer> {
  const marker = '\n--status--';
  const { stdout } = await run('curl', ['-sS', '--max-time', '20', '-w', `${marker}%{http_code}`, ...args]);
  const at = stdout.lastIndexOf(marker);
  return { status: Number(stdout.slice(at + marker.length)), body: stdout.slice(0, at) };
}

const codeOf = (answer: CurlAnswer) => (JSON.parse(answer.body) as { code?: string }).code;

/** The session cookie of a verified researcher, signed in through the API. */
async function researcherSession(): Promise<string> {
  const person = await createVerifiedAccount(newPerson('researcher'));
  const res = await fetch(`${siteUrl()}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newClientAddress() },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('personal API tokens with curl', () => {
  let cookie: string;
  let secret: string;
  let tokenId: string;

  beforeAll(async () => {
    cookie = await researcherSession();
    const res = await fetch(`${siteUrl()}/api/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: siteUrl() },
      body: JSON.stringify({ name: 'e2e curl' }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { secret: string; token: { id: string; prefix: string } };
    secret = created.secret;
    tokenId = created.token.id;
    expect(secret.startsWith(created.token.prefix)).toBe(true);
  });

  it('lists the datasets with the token alone', async () => {
    const answer = await curl(['-H', `Authorization: Bearer ${secret}`, `${siteUrl()}/api/datasets`]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual(
      expect.objectContaining({ items: expect.any(Array), total: expect.any(Number) }),
    );
  });

  it('shows when the token was last used, and never its secret again', async () => {
    const res = await fetch(`${siteUrl()}/api/tokens`, { headers: { cookie } });
    const text = await res.text();
    expect(text).not.toContain(secret);
    const { items } = JSON.parse(text) as { items: { id: string; lastUsedAt: string | null }[] };
    expect(items.find((t) => t.id === tokenId)?.lastUsedAt).toEqual(expect.any(String));
  });

  it('finds the datasets and token calls in the OpenAPI document', async () => {
    const answer = await curl([`${siteUrl()}/api/openapi.json`]);
    expect(answer.status).toBe(200);
    const doc = JSON.parse(answer.body) as { paths: Record<string, Record<string, { operationId: string }>> };
    const operations = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId),
    );
    expect(operations).toEqual(expect.arrayContaining(['getDatasets', 'getReleaseFile', 'postApiToken']));
  });

  it('is refused where a token may not go: writes and the token calls themselves', async () => {
    const bearer = ['-H', `Authorization: Bearer ${secret}`];
    const write = await curl([
      ...bearer,
      '-X',
      'POST',
      '-H',
      'content-type: application/json',
      '-d',
      '{}',
      `${siteUrl()}/api/datasets`,
    ]);
    expect({ status: write.status, code: codeOf(write) }).toEqual({
      status: 403,
      code: 'access.token_forbidden',
    });
    const tokens = await curl([...bearer, `${siteUrl()}/api/tokens`]);
    expect({ status: tokens.status, code: codeOf(tokens) }).toEqual({
      status: 403,
      code: 'access.token_forbidden',
    });
  });

  it('answers 401 once the token is revoked', async () => {
    const res = await fetch(`${siteUrl()}/api/tokens/${tokenId}`, {
      method: 'DELETE',
      headers: { cookie, origin: siteUrl() },
    });
    expect(res.status).toBe(200);
    const answer = await curl(['-H', `Authorization: Bearer ${secret}`, `${siteUrl()}/api/datasets`]);
    expect({ status: answer.status, code: codeOf(answer) }).toEqual({
      status: 401,
      code: 'api_token.invalid',
    });
  });
});
