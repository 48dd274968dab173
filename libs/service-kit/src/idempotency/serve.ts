import { finished } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onSendHookHandler } from 'fastify';
import type { Db } from 'mongodb';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  isIdempotencyKey,
  type Identity,
  type MultipartParts,
  type RouteDeclaration,
} from '@platform/contracts';
import { HttpError } from '../http-errors';
import type { Database } from '../mongo';
import { readMultipart } from '../read-multipart';
import { jsonContentHash } from './content-hash';
import { hashMultipartContent, multipartContentHash } from './request-content';
import {
  IDEMPOTENCY_RENEW_MS,
  idempotencyStore,
  type IdempotencyRecord,
  type IdempotencyScope,
  type IdempotencyStore,
} from './store';

/** How soon a retry refused because its first call is still running should come again. */
const IN_PROGRESS_RETRY_SECONDS = 5;

/** 400 for an Idempotency-Key that is not 8 to 200 printable ASCII characters, before any body is read. */
export const idempotencyKeyCheck: onRequestAsyncHookHandler = async (request) => {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key !== undefined && !isIdempotencyKey(key)) throw new HttpError(400, 'idempotency.key_invalid');
};

/** The first call's hold on its key, until its answer is known. */
interface Held {
  store: IdempotencyStore;
  scope: IdempotencyScope;
  claimId: string;
  /** A JSON call's content hash (a multipart call's is known once readMultipart has read the body). */
  hash: string | null;
  settled: boolean;
  /** Renews the record while the call runs. */
  renewal: NodeJS.Timeout;
}

const held = new WeakMap<FastifyRequest, Held>();
const stores = new WeakMap<Db, IdempotencyStore>();

type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;
type WithDatabase = { database?: Database | null };

/** Reads a multipart retry only to hash it (nothing is stored), for comparing with the first call's. */
async function hashOfMultipart(
  request: FastifyRequest,
  route: RouteDeclaration & { multipart: MultipartParts },
) {
  hashMultipartContent(request);
  await readMultipart(request, route, {
    async file(_name, stream) {
      stream.resume();
      await finished(stream);
    },
  });
  return multipartContentHash(request);
}

/** The answer to a call whose key an earlier call holds: that call's answer, or why there is none. */
async function answerHeld(
  record: IdempotencyRecord,
  hash: string | null,
  request: FastifyRequest,
  reply: FastifyReply,
  route: RouteDeclaration,
) {
  if (record.state === 'pending') {
    if (hash !== null && record.hash !== null && hash !== record.hash) {
      throw new HttpError(422, 'idempotency.key_reused');
    }
    throw Object.assign(new HttpError(409, 'idempotency.in_progress'), {
      retryAfterSeconds: IN_PROGRESS_RETRY_SECONDS,
    });
  }
  const sent = route.multipart
    ? await hashOfMultipart(request, { ...route, multipart: route.multipart })
    : hash;
  if (sent !== record.hash) throw new HttpError(422, 'idempotency.key_reused');
  return reply
    .code(record.status)
    .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    .header('content-type', record.contentType)
    .send(record.body);
}

/**
 * Serves a route declared `idempotent` so that a call carrying an Idempotency-Key is stored once: the key,
 * scoped to the signed-in person and the route, is claimed in the service's database before the handler runs
 * (one call wins it, on any instance); the handler's answer is kept with the call's content hash (onSend), and
 * a retry with the same content gets that answer again (`idempotent-replayed: true`) without the handler
 * running. Other content under the key is 422, a retry while the first call runs 409. A refused or failed
 * first call frees the key, so a retry is judged afresh. Calls without the header are served as ever.
 */
export function idempotentRoute(app: WithDatabase, route: RouteDeclaration, handler: Handler) {
  const storeOf = () => {
    const database = app.database;
    if (!database) throw new Error(`${route.name} is idempotent, but this service has no database`);
    let store = stores.get(database.db);
    if (!store) {
      store = idempotencyStore(database.db);
      stores.set(database.db, store);
    }
    return store;
  };

  const wrapped = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof key !== 'string') return handler(request, reply);
    const identity = (request as { identity?: Identity }).identity;
    if (!identity) throw new Error(`${route.name} is idempotent, but its caller has no identity`);
    const store = storeOf();
    const scope = { person: identity.id, route: route.name, key };
    const hash = route.multipart
      ? null
      : jsonContentHash({ params: request.params, query: request.query, body: request.body });
    const claim = await store.claim(scope, hash, new Date());
    if (claim.kind === 'held') return answerHeld(claim.record, hash, request, reply, route);
    if (route.multipart) hashMultipartContent(request);
    const renewal = setInterval(() => {
      store.renew(scope, claim.claimId, new Date()).catch(() => undefined);
    }, IDEMPOTENCY_RENEW_MS);
    renewal.unref();
    // Whatever else happens, a call that is over renews nothing.
    reply.raw.once('close', () => clearInterval(renewal));
    const mine: Held = { store, scope, claimId: claim.claimId, hash, settled: false, renewal };
    held.set(request, mine);
    try {
      return await handler(request, reply);
    } catch (err) {
      mine.settled = true;
      clearInterval(mine.renewal);
      await store
        .release(scope, mine.claimId)
        .catch((releaseErr: unknown) =>
          request.log.error({ err: releaseErr }, 'idempotency key not released; it lapses on its own'),
        );
      throw err;
    }
  };

  /** Keeps the first call's answer once it is known, or frees the key when the call was refused. */
  const onSend: onSendHookHandler = async (request, reply, payload) => {
    const mine = held.get(request);
    if (!mine || mine.settled) return payload;
    mine.settled = true;
    clearInterval(mine.renewal);
    const hash = mine.hash ?? multipartContentHash(request);
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload);
    try {
      if (reply.statusCode < 400 && hash !== null && storable) {
        const contentType = reply.getHeader('content-type');
        await mine.store.complete(
          mine.scope,
          mine.claimId,
          hash,
          {
            status: reply.statusCode,
            body: String(payload),
            contentType: typeof contentType === 'string' ? contentType : 'application/json; charset=utf-8',
          },
          new Date(),
        );
      } else {
        if (reply.statusCode < 400) {
          request.log.error(
            { route: route.name },
            'an idempotent answer could not be kept (a multipart body not read with readMultipart, or a stream)',
          );
        }
        await mine.store.release(mine.scope, mine.claimId);
      }
    } catch (err) {
      // The answer still goes out: the person's contribution is stored, and a retry finds the key pending.
      request.log.error({ err }, 'idempotency record not updated');
    }
    return payload;
  };

  return { handler: wrapped, onSend };
}
