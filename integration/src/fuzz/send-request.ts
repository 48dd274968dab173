// Sends a fuzz request two ways: `inject` into one service's app (as the gateway would, signed identity
// headers standing for the session), and over real HTTP to the gateway in front of the services.
import { request as httpRequest } from 'node:http';
import type { Identity } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { signedAs } from '@platform/service-kit/testing';
import type { FuzzRequest } from './route-requests';

export interface FuzzAnswer {
  status: number;
  /** The error body's code, when there is one. */
  code?: string;
  text: string;
}

/** The caller a channel sends signed-in requests as. */
export type Caller = { cookie: string } | { identity: Identity };

function answerOf(status: number, text: string): FuzzAnswer {
  const answer: FuzzAnswer = { status, text: text.slice(0, 400) };
  try {
    const parsed = JSON.parse(text) as { code?: unknown };
    if (typeof parsed?.code === 'string') answer.code = parsed.code;
  } catch {
    // A file, a page or nothing.
  }
  return answer;
}

const credentials = (request: FuzzRequest, caller: Caller): Record<string, string> => {
  if (!request.signedIn) return {};
  return 'cookie' in caller ? { cookie: caller.cookie } : signedAs(caller.identity);
};

/** Through `inject`; null when the request is one the injector itself will not form. */
export async function injected(
  app: ServiceApp,
  request: FuzzRequest,
  caller: Caller,
): Promise<FuzzAnswer | null> {
  let res;
  try {
    res = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, ...credentials(request, caller) },
      ...(request.body !== undefined ? { payload: request.body } : {}),
    });
  } catch (error) {
    if (error instanceof TypeError || (error as { code?: string }).code?.startsWith('ERR_')) return null;
    throw error;
  }
  return answerOf(res.statusCode, res.body);
}

/** Over HTTP to `base`; null when Node's client refuses to send it (a header value it finds invalid). */
export function overHttp(base: string, request: FuzzRequest, caller: Caller): Promise<FuzzAnswer | null> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.url,
          // A connection of its own: a request the server cut must not take the next one's answer with it.
          agent: false,
          headers: {
            ...request.headers,
            ...credentials(request, caller),
            ...(request.body !== undefined ? { 'content-length': String(request.body.length) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(answerOf(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
          res.on('error', reject);
        },
      );
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith('ERR_')) return resolve(null);
      return reject(error as Error);
    }
    // A server may answer and close before the whole body is in (a refusal of a too-large body): that
    // answer counts, the broken pipe does not.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: 0, text: error.code });
      else reject(error);
    });
    req.end(request.body);
  });
}
