import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Identity, Notification } from '@platform/contracts';
import { verifyIdentity } from '@platform/service-kit';

export interface ServiceCall {
  method: string;
  url: string;
  /** Who signed the call, checked against the secret and the service it was addressed to. */
  identity: Identity | null;
  body: unknown;
}

/**
 * The text and speech services' internal routes the gateway calls, as one tiny server: account deletion,
 * what a person stores (nothing), the public figures (all zero), the digest's recipients and claims
 * (claimed notifications are gone, as the real claim marks them mailed).
 */
export interface ServiceStub {
  url: string;
  calls: ServiceCall[];
  /** Unmailed notifications per account id. */
  notifications: Map<string, Notification[]>;
  close(): Promise<void>;
}

export async function startServiceStub(secret: string): Promise<ServiceStub> {
  const app: FastifyInstance = Fastify({ logger: false });
  const calls: ServiceCall[] = [];
  const notifications = new Map<string, Notification[]>();
  app.addHook('preHandler', async (request) => {
    const service = /\/speech-(data|storage)\b/.test(request.url) ? 'speech' : 'text';
    const check = verifyIdentity(request.headers, secret, {
      method: request.method,
      url: request.url,
      service,
    });
    calls.push({
      method: request.method,
      url: request.url,
      identity: check.ok ? check.identity : null,
      body: request.body ?? null,
    });
  });
  app.delete('/internal/users/:id/text-data', async () => ({ done: true }));
  app.delete('/internal/users/:id/speech-data', async () => ({ done: true }));
  // What a person stores, for the storage quota: nothing.
  app.get('/internal/users/:id/text-storage', async () => ({ bytes: 0 }));
  app.get('/internal/users/:id/speech-storage', async () => ({ bytes: 0 }));
  // The public figures: nothing stored yet.
  app.get('/internal/public/speech-figures', async () => ({
    languages: [],
    donations: 0,
    recordingsValidated: 0,
    recordingsRejected: 0,
    activeContributors: [],
  }));
  app.get('/internal/public/text-figures', async () => ({
    languages: [],
    textPairsStored: 0,
    activeContributors: [],
  }));
  app.get('/internal/digest/recipients', async () => ({
    userIds: [...notifications].filter(([, items]) => items.length > 0).map(([id]) => id),
  }));
  app.post<{ Params: { id: string }; Body: { kinds: string[] } }>(
    '/internal/users/:id/digest',
    async (request) => {
      const waiting = notifications.get(request.params.id) ?? [];
      const items = waiting.filter((n) => request.body.kinds.includes(n.kind));
      notifications.set(
        request.params.id,
        waiting.filter((n) => !items.includes(n)),
      );
      return { items };
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, notifications, close: () => app.close() };
}
