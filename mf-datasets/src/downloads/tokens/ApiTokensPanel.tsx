/** Personal API tokens on /data/downloads (create, list, revoke). Filled in by the API tokens work. */
export function ApiTokensPanel() {
  return null;
}
