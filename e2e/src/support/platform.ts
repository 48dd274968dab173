// What the global setup started, as the test files see it: its URLs and a way to stop, restart or kill one
// of its processes (mongo, text, speech, gateway, mf_marketing, mf_auth ...).
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through its jest config (global setup)`);
  return value;
}

export const siteUrl = (): string => required('E2E_SITE_URL');

/** Remote name -> its mf-manifest.json URL. */
export const remoteEntries = (): Record<string, string> => JSON.parse(required('E2E_REMOTE_URLS'));

async function control(name: string, action: 'stop' | 'start' | 'pause' | 'resume'): Promise<void> {
  const res = await fetch(`${required('E2E_CONTROL_URL')}/processes/${name}/${action}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`${action} ${name} failed: ${res.status} ${await res.text()}`);
}

export const stopProcess = (name: string): Promise<void> => control(name, 'stop');

/** SIGKILLs the process, as a crash would, and resolves once it is gone; the supervisor restarts it. */
export async function killProcess(name: string): Promise<void> {
  const res = await fetch(`${required('E2E_CONTROL_URL')}/processes/${name}/kill`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`kill ${name} failed: ${res.status} ${await res.text()}`);
}
/** SIGSTOPs the process: it is still there but answers nothing (an overloaded server), until resumed. */
export const pauseProcess = (name: string): Promise<void> => control(name, 'pause');
/** SIGCONTs a paused process. */
export const resumeProcess = (name: string): Promise<void> => control(name, 'resume');
/** Resolves once the process answers its readiness probe again. */
export const startProcess = (name: string): Promise<void> => control(name, 'start');

/** The signed-in test member's session cookie (made by the global setup through sign-up, mail, sign-in). */
export const memberSessionCookie = (): string => required('E2E_SESSION_COOKIE');
