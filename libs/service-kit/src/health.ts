import { HealthReply, ReadinessReply, type CheckState } from '@platform/contracts';
import type { ServiceApp } from './service-app';

/** A readiness check answers true when the dependency it names is usable right now. */
export type ReadinessCheck = () => Promise<boolean>;

export async function runChecks(checks: Record<string, ReadinessCheck>) {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((n) => checks[n]!().catch(() => false)));
  const states: Record<string, CheckState> = {};
  names.forEach((n, i) => (states[n] = results[i] ? 'up' : 'down'));
  return { ready: results.every(Boolean), states };
}

/** /healthz says the process answers; /readyz says whether it can do its work (503 when it cannot). */
export function registerHealthRoutes(
  app: ServiceApp,
  service: string,
  checks: Record<string, ReadinessCheck>,
) {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: HealthReply } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const, service }),
  );
  app.get(
    '/readyz',
    {
      schema: { tags: ['health'], response: { 200: ReadinessReply, 503: ReadinessReply } },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const { ready, states } = await runChecks(checks);
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? ('ready' as const) : ('not_ready' as const), service, checks: states });
    },
  );
}
