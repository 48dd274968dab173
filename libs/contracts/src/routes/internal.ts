import { Identity } from '../identity';
import { defineRoute } from '../route';

/**
 * Every service echoes the identity the gateway signed, so operators and tests can check that gateway and
 * service agree on the secret. Not under a public prefix: the gateway never routes to it.
 */
export const getInternalWhoami = defineRoute({
  name: 'getInternalWhoami',
  method: 'GET',
  path: '/internal/whoami',
  owner: 'every-service',
  access: 'signedIn',
  summary: 'The identity this request carries',
  tag: 'internal',
  reply: { 200: Identity },
});
