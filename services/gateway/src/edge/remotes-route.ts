import { Type } from '@sinclair/typebox';
import type { RemotesManifest } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';

const RemotesManifestSchema = Type.Object({
  remotes: Type.Array(
    Type.Object({
      name: Type.String(),
      entry: Type.String(),
      // Every field of RemoteRouteDescriptor: the reply is serialized from this schema, which drops the rest.
      routes: Type.Array(
        Type.Object({
          path: Type.String(),
          layout: Type.String(),
          signedOut: Type.Optional(Type.Literal('allowed')),
        }),
      ),
    }),
  ),
});

export const REMOTES_MANIFEST_PATH = '/remotes.json';

/** The shell reads this at every load, so it must never be cached: an operator edits it to move a remote. */
export function remotesRoute(app: ServiceApp, manifest: RemotesManifest) {
  app.get(
    REMOTES_MANIFEST_PATH,
    { schema: { tags: ['site'], response: { 200: RemotesManifestSchema } } },
    async (_r, reply) => {
      reply.header('cache-control', 'no-cache');
      return manifest;
    },
  );
}
