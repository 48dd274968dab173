import type { ReadinessCheck } from '@platform/service-kit';
import type { UpstreamPool } from './upstream-pool';

/** A copy is ready when its own /readyz answers 200 within the time allowed. */
async function copyReady(baseUrl: string, timeoutMs: number) {
  try {
    const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** A service is ready when at least one of its copies is: the proxy passes over the others. */
export function serviceReadiness(pool: UpstreamPool, timeoutMs: number): ReadinessCheck {
  return async () => {
    const answers = pool.urls.map((url) => copyReady(url, timeoutMs));
    // Ready as soon as one copy says so, without waiting for a slow or dead one.
    return new Promise<boolean>((resolve) => {
      let left = answers.length;
      for (const answer of answers) {
        answer.then((ready) => {
          left -= 1;
          if (ready) resolve(true);
          else if (left === 0) resolve(false);
        });
      }
    });
  };
}
