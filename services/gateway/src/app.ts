import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { RemotesManifest } from '@platform/contracts';
import { createService, type ServiceApp } from '@platform/service-kit';
import { resolveUser as noSessionsYet, type ResolveUser } from './identity-propagation';
import { DEFAULT_UPSTREAM_TIMEOUTS, proxyRoutes, type UpstreamTimeouts } from './proxy';
import { serviceReadiness } from './readiness';
import { buildRemotesManifest, pagePaths, remoteOrigins } from './remotes-manifest';
import { remotesRoute } from './remotes-route';
import { ROUTING_TABLE, type RoutingRule, type ServiceName } from './routing-table';
import { registerSecurityHeaders } from './security-headers';
import { registerShellStatic, spaFallback } from './shell-static';

export interface GatewayOptions {
  /** Base URLs of the services, e.g. { text: 'http://127.0.0.1:4001', speech: 'http://127.0.0.1:4002' }. */
  upstreams: Record<ServiceName, string>;
  identitySecret: string;
  /** The shell's build folder. */
  shellDist: string;
  /** What /remotes.json answers; defaults to the catalogue with REMOTE_<KEY>_URL overrides from the env. */
  remotes?: RemotesManifest;
  /** Who is signed in; null for everyone until sessions arrive (issue 4). Tests inject their own. */
  resolveUser?: ResolveUser;
  timeouts?: Partial<UpstreamTimeouts>;
  /** How long /readyz waits for each service. */
  readinessTimeoutMs?: number;
  routingTable?: readonly RoutingRule[];
  logger?: FastifyServerOptions['logger'];
  /** Development builds (webpack dev servers) need eval and websockets in the CSP. */
  devMode?: boolean;
}

/** The one public origin: the shell, /remotes.json, and /api, /auth, /audio routed to their owners. */
export async function buildApp(options: GatewayOptions): Promise<ServiceApp> {
  const remotes = options.remotes ?? buildRemotesManifest();
  const timeouts = { ...DEFAULT_UPSTREAM_TIMEOUTS, ...options.timeouts };
  const readinessMs = options.readinessTimeoutMs ?? 2000;
  const shellIndex = join(options.shellDist, 'index.html');

  return createService({
    name: 'gateway',
    logger: options.logger,
    notFoundHandler: spaFallback(options.shellDist, pagePaths(remotes)),
    readinessChecks: {
      shell: async () => existsSync(shellIndex),
      text: serviceReadiness(options.upstreams.text, readinessMs),
      speech: serviceReadiness(options.upstreams.speech, readinessMs),
    },
    setup: (app) => registerSecurityHeaders(app, remoteOrigins(remotes), options.devMode),
    routes: async (app) => {
      remotesRoute(app as ServiceApp, remotes);
      await registerShellStatic(app, options.shellDist);
      await app.register(proxyRoutes, {
        upstreams: options.upstreams,
        table: options.routingTable ?? ROUTING_TABLE,
        identitySecret: options.identitySecret,
        resolveUser: options.resolveUser ?? noSessionsYet,
        timeouts,
      });
    },
  });
}
