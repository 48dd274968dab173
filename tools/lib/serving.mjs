// @ts-check
// Where `npm start` serves from: on this machine only (the default), or, with PUBLIC_URL, for the local
// network. PUBLIC_URL names the site as other machines reach it (http://192.168.1.10:3000); the remotes'
// public URLs are then the same host on their own ports, and the gateway and the remotes' static servers
// listen on every interface. HOST alone moves only the gateway: the page it serves would still load the
// remotes from localhost (the visitor's own machine) and the gateway would refuse writes from any origin but
// PUBLIC_URL's, which is why PUBLIC_URL is the one setting for serving other machines.

/** @param {string} key */
export const remoteEnvVar = (key) => `REMOTE_${key.toUpperCase()}_URL`;

/**
 * PUBLIC_URL as an origin, or null when unset; a value that is not an http(s) URL is an error that says so.
 * @param {string | undefined} value
 */
export function publicOrigin(value) {
  const v = (value ?? '').trim();
  if (!v) return null;
  let url;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: ${v} (e.g. http://192.168.1.10:3000)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must be an http:// or https:// URL: ${v}`);
  }
  return url;
}

/**
 * The serving plan for one start.
 * @param {{ env: NodeJS.ProcessEnv, catalog: ReadonlyArray<{ key: string, name: string }>, gatewayPort: number, remotePorts: Record<string, number> }} input
 * @returns {{
 *   siteUrl: string,
 *   gatewayHost: string | undefined,
 *   remoteHost: string,
 *   remoteEntries: Record<string, string>,
 *   localRemotes: string[],
 * }}
 *   remoteEntries: each remote's manifest URL as browsers load it; localRemotes: the keys of the remotes this
 *   machine serves (a remote whose REMOTE_<KEY>_URL is set lives elsewhere); gatewayHost undefined leaves
 *   the gateway on its own default (loopback).
 */
export function servingPlan({ env, catalog, gatewayPort, remotePorts }) {
  const pub = publicOrigin(env.PUBLIC_URL);
  /** @param {number | undefined} port */
  const remoteBase = (port) => {
    if (!pub) return `http://localhost:${port}`;
    const url = new URL(pub.origin);
    url.port = String(port);
    return url.origin;
  };
  const remoteEntries = Object.fromEntries(
    catalog.map((r) => [
      r.key,
      env[remoteEnvVar(r.key)] || `${remoteBase(remotePorts[r.key])}/mf-manifest.json`,
    ]),
  );
  return {
    siteUrl: pub ? pub.origin : `http://localhost:${gatewayPort}`,
    gatewayHost: env.HOST || (pub ? '0.0.0.0' : undefined),
    remoteHost: pub ? '0.0.0.0' : 'localhost',
    remoteEntries,
    localRemotes: catalog.filter((r) => !env[remoteEnvVar(r.key)]).map((r) => r.key),
  };
}
