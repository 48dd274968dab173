import type { ReadinessCheck } from '@platform/service-kit';

/** A service is ready when its own /readyz answers 200 within the time allowed. */
export function serviceReadiness(baseUrl: string, timeoutMs: number): ReadinessCheck {
  return async () => {
    try {
      const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
      await res.body?.cancel();
      return res.status === 200;
    } catch {
      return false;
    }
  };
}
