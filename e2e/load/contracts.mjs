// @ts-check
// The route declarations of libs/contracts as plain Node reads them (its built CommonJS, typed by its
// sources), so the load run calls the paths the services serve and not copies of them.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @type {typeof import('@platform/contracts')} */
export const contracts = require('@platform/contracts');
