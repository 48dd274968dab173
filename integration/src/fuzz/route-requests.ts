// Requests for one declared route, valid and hostile, as fast-check arbitraries: the body, query and path
// parameters its schema takes and ones it must refuse, broken multipart, bad ranges, bad cookies, headers and
// Idempotency-Keys. A request is plain data (method, URL, headers, bytes) so the same one can be sent by
// `inject` to a service and over HTTP to the gateway, and printed whole when it breaks something.
import fc from 'fast-check';
import { IDEMPOTENCY_KEY_HEADER, type RouteDeclaration } from '@platform/contracts';
import { IDENTITY_HEADERS } from '@platform/service-kit';
import { multipart } from '@platform/service-kit/testing';
import {
  asHeaderBytes,
  BAD_AUTHORIZATIONS,
  BAD_IDEMPOTENCY_KEYS,
  BAD_RANGES,
  badCookies,
  DEEP_JSON_LEVELS,
  deepJson,
  hostilePiece,
  hostileText,
} from './hostile-values';
import { asQueryValue, exampleFor, invalidArb, validArb } from './schema-arbitraries';

export interface FuzzRequest {
  /** What is wrong with it (or `valid`), for the report. */
  kind: string;
  method: string;
  /** Path and query, percent-encoded. */
  url: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** Sent with the caller's credentials (a session at the gateway, signed identity headers at a service). */
  signedIn: boolean;
}

/** What a request may need of the platform it is sent to. */
export interface RequestContext {
  /** The session cookie (`plt=…`) the caller's requests carry. */
  cookie: string;
  /** Real ids for the route's path parameters, when the route names someone's thing. */
  params: Readonly<Record<string, string>>;
}

/** Percent-encodes every byte of the text's UTF-8 form outside the unreserved set (lone surrogates too). */
export const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const queryString = (entries: ReadonlyArray<readonly [string, string]>) =>
  entries.length ? `?${entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const queryEntries = (value: unknown): Array<[string, string]> =>
  isRecord(value)
    ? Object.entries(value).map(([k, v]) => [k, asQueryValue(v)])
    : [['q', asQueryValue(value)]];

const BOUNDARY = '----platformfuzz7MA4YWxkTrZu0gW';

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

const multipartBody = (parts: readonly Part[], boundary = BOUNDARY): Buffer =>
  multipart(parts, boundary).payload;

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const JSON_TYPE = 'application/json';

/** A small file of bytes no decoder expects (a WAV header that lies, then noise). */
const junkFile = fc
  .uint8Array({ minLength: 0, maxLength: 64 })
  .map((bytes) => Buffer.concat([Buffer.from('RIFF\xff\xff\xff\x7fWAVEfmt ', 'latin1'), Buffer.from(bytes)]));

function fieldsAsParts(fields: unknown): Part[] {
  return isRecord(fields)
    ? Object.entries(fields).map(([name, v]) => ({ name, value: asQueryValue(v) }))
    : [];
}

/** Bodies of a multipart route: its text fields (valid or not) with junk files, and broken forms. */
function multipartArbs(
  route: RouteDeclaration,
): Array<fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url' | 'signedIn'>>> {
  const { fields, files } = route.multipart!;
  const fileName = files[0] ?? 'file';
  const fieldNames = Object.keys(((fields as { properties?: object }).properties ?? {}) as object);
  const form = (kind: string, body: Buffer, type = MULTIPART) => ({
    kind,
    headers: { 'content-type': type },
    body,
  });
  const withFiles = (parts: Part[], data: Buffer): Part[] => [
    ...parts,
    ...files.map((name) => ({ name, filename: 'take.wav', type: 'audio/wav', data })),
  ];
  const valid = validArb(fields).map(fieldsAsParts);
  return [
    fc
      .tuple(valid, junkFile)
      .map(([parts, data]) =>
        form('multipart: fields and a junk file', multipartBody(withFiles(parts, data))),
      ),
    fc
      .tuple(invalidArb(fields).map(fieldsAsParts), junkFile)
      .map(([parts, data]) => form('multipart: bad fields', multipartBody(withFiles(parts, data)))),
    valid.map((parts) => form('multipart: no boundary', multipartBody(parts), 'multipart/form-data')),
    fc.tuple(valid, junkFile, fc.integer({ min: 1, max: 400 })).map(([parts, data, cut]) => {
      const whole = multipartBody(withFiles(parts, data));
      return form('multipart: truncated', whole.subarray(0, Math.max(0, whole.length - cut)));
    }),
    fc
      .tuple(valid, junkFile, hostileText())
      .map(([parts, data, name]) =>
        form(
          'multipart: wrong field names',
          multipartBody([
            ...parts,
            { name, value: 'x' },
            { name: `${fileName}x`, filename: 'a.wav', type: 'audio/wav', data },
          ]),
        ),
      ),
    fc.tuple(valid, junkFile).map(([parts, data]) =>
      form(
        'multipart: a file part where a field belongs',
        multipartBody(
          withFiles(
            parts.map((p) => ({ name: p.name, filename: 'field.txt', type: 'text/plain', data })),
            data,
          ),
        ),
      ),
    ),
    fc
      .tuple(valid)
      .map(([parts]) =>
        form(
          'multipart: a field part where a file belongs',
          multipartBody([...parts, ...files.map((name) => ({ name, value: 'not a file' }))]),
        ),
      ),
    fc
      .tuple(valid, junkFile)
      .map(([parts, data]) =>
        form('multipart: a file twice', multipartBody(withFiles(withFiles(parts, data), data))),
      ),
    fc
      .tuple(valid, junkFile, fc.constantFrom(...fieldNames, 'x'))
      .map(([parts, data, name]) =>
        form(
          'multipart: a field far too long',
          multipartBody(
            withFiles([...parts.filter((p) => p.name !== name), { name, value: 'ọ'.repeat(200_000) }], data),
          ),
        ),
      ),
    fc.tuple(valid, junkFile, hostileText()).map(([parts, data, filename]) =>
      form(
        'multipart: a hostile file name',
        multipartBody([
          ...parts,
          ...files.map((name) => ({
            name,
            filename: asHeaderBytes(`../${filename}`),
            type: 'audio/wav',
            data,
          })),
        ]),
      ),
    ),
    fc.constant(form('multipart: the boundary only', Buffer.from(`--${BOUNDARY}--\r\n`))),
    fc.constant(form('multipart: empty', Buffer.alloc(0))),
    fc.constant(form('multipart: JSON instead', Buffer.from('{}'), JSON_TYPE)),
    fc.constant(
      form('multipart: another boundary in the body', multipartBody([{ name: 'a', value: 'b' }], 'other')),
    ),
  ];
}

const json = (kind: string, text: string | Buffer, type = JSON_TYPE) => ({
  kind,
  headers: { 'content-type': type },
  body: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'),
});

/**
 * What a JSON route's body may be: valid, invalid by its schema, or not JSON a parser takes comfortably
 * (broken, deep, huge, of another media type, with a lone surrogate escaped or raw).
 */
function jsonBodyArbs(
  route: RouteDeclaration,
): Array<fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url' | 'signedIn'>>> {
  const schema = route.body;
  const arbs: Array<fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url' | 'signedIn'>>> = [
    fc.constantFrom(
      json('body: deep JSON arrays', deepJson(DEEP_JSON_LEVELS, 'array')),
      json('body: deep JSON objects', deepJson(DEEP_JSON_LEVELS, 'object')),
      json('body: broken JSON', '{"a":'),
      json('body: empty with a JSON type', ''),
      json('body: JSON null', 'null'),
      json('body: a lone surrogate escaped', '{"text":"\\ud800"}'),
      json(
        'body: invalid UTF-8',
        Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
      ),
      json('body: a huge JSON string', `{"text":"${'a'.repeat(2_100_000)}"}`),
      json('body: form-encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'),
      json('body: plain text', 'hello', 'text/plain'),
      json('body: JSON with a charset', '{}', 'application/json; charset=utf-16'),
      json('body: a content type with junk', '{}', 'application/json; ;;; boundary="'),
      json('body: __proto__ key', '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}'),
      json('body: duplicate keys', '{"a":1,"a":2}'),
    ),
  ];
  if (schema) {
    arbs.push(
      validArb(schema).map((value) => json('body: valid', JSON.stringify(value))),
      invalidArb(schema).map((value) => json('body: invalid by its schema', JSON.stringify(value) ?? 'null')),
    );
  }
  return arbs;
}

/**
 * Every kind of request for `route`; `context` supplies the real ids and the caller's session. Requests that
 * differ only in their credentials are sent signed in, except those carrying their own cookie or
 * authorization.
 */
export function routeRequests(route: RouteDeclaration, context: RequestContext): fc.Arbitrary<FuzzRequest> {
  const realParams = route.params
    ? { ...(exampleFor(route.params) as Record<string, string>), ...context.params }
    : {};
  const paramNames = Object.keys(realParams);
  const path = (params: Record<string, string>) =>
    route.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encode(params[name] ?? ''));
  const validQuery = route.query
    ? validArb(route.query).map(queryEntries)
    : fc.constant([] as Array<[string, string]>);
  const validParams = route.params
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant(realParams) },
        validArb(route.params).map((v) => v as Record<string, string>),
      )
    : fc.constant({} as Record<string, string>);

  const bodies: Array<fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url' | 'signedIn'>>> = route.multipart
    ? multipartArbs(route)
    : route.method === 'GET' || route.method === 'DELETE'
      ? [fc.constant({ kind: 'valid', headers: {} })]
      : jsonBodyArbs(route);
  const someBody = fc.oneof(...bodies);
  const validBody = route.multipart
    ? bodies[0]!
    : route.body
      ? validArb(route.body).map((value) => json('valid', JSON.stringify(value)))
      : fc.constant({ kind: 'valid', headers: {} as Record<string, string> });

  const request = (
    kind: string,
    parts: {
      params: Record<string, string>;
      query: Array<[string, string]>;
      body: Omit<FuzzRequest, 'method' | 'url' | 'signedIn'>;
    },
    extra: Record<string, string | string[]> = {},
    signedIn = true,
  ): FuzzRequest => ({
    kind: kind === 'body' ? parts.body.kind : kind,
    method: route.method,
    url: `${path(parts.params)}${queryString(parts.query)}`,
    headers: { ...parts.body.headers, ...extra },
    ...(parts.body.body !== undefined ? { body: parts.body.body } : {}),
    signedIn,
  });
  const plain = (body = validBody) => fc.record({ params: validParams, query: validQuery, body });

  const kinds: fc.Arbitrary<FuzzRequest>[] = [
    plain(someBody).map((parts) => request('body', parts)),
    plain().map((parts) => request('valid', parts)),
  ];
  if (route.query) {
    kinds.push(
      fc
        .record({ params: validParams, query: invalidArb(route.query).map(queryEntries), body: validBody })
        .map((parts) => request('query: invalid by its schema', parts)),
      fc
        .record({
          parts: plain(),
          extra: fc.array(
            fc.tuple(
              fc.oneof(hostilePiece(), fc.constantFrom('limit', 'page', 'q[$gt]', 'sort')),
              hostileText(),
            ),
            { minLength: 1, maxLength: 4 },
          ),
        })
        .map(({ parts, extra }) =>
          request('query: repeated and unknown keys', {
            ...parts,
            query: [...parts.query, ...parts.query, ...extra],
          }),
        ),
    );
  }
  if (paramNames.length) {
    kinds.push(
      fc
        .record({
          parts: plain(),
          name: fc.constantFrom(...paramNames),
          value: fc.oneof(
            hostileText(),
            fc.constantFrom('x'.repeat(10_000), '0'.repeat(24), 'f'.repeat(23), '..', '.', '%2F', 'a/b'),
          ),
        })
        .map(({ parts, name, value }) =>
          request('path: a hostile parameter', { ...parts, params: { ...parts.params, [name]: value } }),
        ),
    );
  }
  kinds.push(
    fc
      .record({ parts: plain(), cookie: fc.constantFrom(...badCookies(context.cookie)) })
      .map(({ parts, cookie }) =>
        request('header: a bad cookie', parts, { cookie: asHeaderBytes(cookie) }, false),
      ),
    fc
      .record({ parts: plain(), authorization: fc.constantFrom(...BAD_AUTHORIZATIONS) })
      .map(({ parts, authorization }) =>
        request('header: a bad authorization', parts, { authorization }, false),
      ),
    fc
      .record({
        parts: plain(),
        header: fc.constantFrom(
          'accept-language',
          'x-forwarded-for',
          'user-agent',
          'origin',
          'referer',
          'accept',
          'x-request-id',
          'content-language',
        ),
        value: fc.oneof(
          hostileText().map(asHeaderBytes),
          fc.constant('a'.repeat(12_000)),
          fc.constant('*;q=abc, ;;, en-US;q=2'),
        ),
      })
      .map(({ parts, header, value }) => request('header: a hostile value', parts, { [header]: value })),
    fc
      .record({
        parts: plain(),
        header: fc.constantFrom(
          'accept-language',
          'x-forwarded-for',
          'content-type',
          'origin',
          IDEMPOTENCY_KEY_HEADER,
          'x-request-id',
        ),
      })
      .map(({ parts, header }) =>
        request('header: sent twice', parts, { [header]: ['a-first-value-1', 'a-second-value-2'] }),
      ),
    fc
      .record({
        parts: plain(),
        which: fc.constantFrom(...IDENTITY_HEADERS),
        value: hostileText().map(asHeaderBytes),
      })
      .map(({ parts, which, value }) =>
        request('header: forged identity', parts, { [which]: value || 'x' }, false),
      ),
  );
  if (route.idempotent || route.method !== 'GET') {
    kinds.push(
      fc
        .record({ parts: plain(), key: fc.constantFrom(...BAD_IDEMPOTENCY_KEYS) })
        .map(({ parts, key }) =>
          request('header: a bad Idempotency-Key', parts, { [IDEMPOTENCY_KEY_HEADER]: asHeaderBytes(key) }),
        ),
      fc
        .record({ parts: plain(), key: fc.stringMatching(/^[\x20-\x7E]{8,40}$/) })
        .map(({ parts, key }) =>
          request('header: a fresh Idempotency-Key', parts, { [IDEMPOTENCY_KEY_HEADER]: key }),
        ),
    );
  }
  if (route.method === 'GET' || route.name === 'putResumableUpload') {
    const rangeHeader = route.method === 'GET' ? 'range' : 'content-range';
    kinds.push(
      fc
        .record({
          parts: plain(),
          range: fc.constantFrom(
            ...BAD_RANGES,
            'bytes 0-9/4096',
            'bytes */*',
            'bytes 5-2/4096',
            'bytes 0-9/1',
          ),
        })
        .map(({ parts, range }) =>
          request(
            `header: a bad ${rangeHeader}`,
            route.name === 'putResumableUpload'
              ? {
                  ...parts,
                  body: {
                    kind: 'raw',
                    headers: { 'content-type': 'application/offset+octet-stream' },
                    body: Buffer.alloc(10),
                  },
                }
              : parts,
            { [rangeHeader]: range },
          ),
        ),
    );
  }
  return fc.oneof(...kinds);
}
