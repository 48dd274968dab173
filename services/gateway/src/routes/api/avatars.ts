import { getAvatar } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { GatewayContext } from '../../context';

/** Each person's avatar, cached by the browser for as long as its version is current. */
export default routeModule<GatewayContext>([getAvatar], (app, ctx) => {
  const { settings } = ctx.stores;
  serveRoute(app, getAvatar, async (request, reply) => {
    const id = request.params.id;
    const avatar = await settings.avatarOf(id);
    if (!avatar) throw new HttpError(404, 'avatar.not_found');
    const etag = `"${id}-${avatar.version}"`;
    const asked = (request.query as { v?: unknown }).v;
    // The URL with the current version never changes meaning; any other is checked each time.
    reply.header(
      'cache-control',
      asked === String(avatar.version) ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    );
    reply.header('etag', etag);
    const known = String(request.headers['if-none-match'] ?? '')
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''));
    if (known.includes(etag) || known.includes('*')) return reply.code(304).send();
    return reply.type('image/webp').send(avatar.image);
  });
});
