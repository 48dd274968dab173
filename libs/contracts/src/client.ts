// @platform/contracts/client: what the browser's first load needs from the contracts, without a schema
// (TypeBox and the API schemas are about 25 KB gzip): the limits, the interface languages, the English
// messages and error codes, the spreadsheet cell rule, routeUrl, the page declarations and pageUrl, and the route declarations (at run
// time only their name, method, path, owner and access). Types come from @platform/contracts (`import type`
// costs nothing).
export * from './limits';
export * from './vocabularies';
export * from './auth-rules';
export * from './locale-codes';
export * from './messages';
export * from './error-codes';
export * from './spreadsheet-cells';
export { routeUrl, pathParamNames, IDEMPOTENCY_KEY_HEADER } from './route';
export * from './client-routes';
export * from './page';
export * from './pages';
export { API_PREFIXES, AUTH_PREFIX } from './public-paths';
export * from './service-worker';
