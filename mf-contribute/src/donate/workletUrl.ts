/**
 * The URL of Donate's AudioWorklet processor: a file of this remote's build (webpack emits it as an asset
 * and resolves it against the remote's public path), so it is fetched from the remote's own origin, which
 * the site's CSP admits for scripts; a blob: URL would be refused by that CSP. Alone in its module because
 * Jest's CommonJS cannot read import.meta: tests replace this module.
 */
export const workletUrl = (): string => new URL('./pcmCapture.worklet.js', import.meta.url).toString();
