/** Where the platform's calls begin on the public origin; every other path is the shell and its pages. */
export const AUTH_PREFIX = '/auth';
export const API_PREFIXES = ['/api', AUTH_PREFIX, '/audio'] as const;

/** The public API's one OpenAPI document, served by the gateway from the declarations. */
export const PUBLIC_OPENAPI_PATH = '/api/openapi.json';
