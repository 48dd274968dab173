// @ts-check
// jsdom has no fetch, Request or Response, and RTK Query's fetchBaseQuery needs all three. Node's own
// (undici) classes are handed to the page, with the Blob, FormData and AbortController they check their
// arguments against, so components that build multipart bodies and abortable requests work under test.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  /**
   * @param {ConstructorParameters<typeof TestEnvironment>[0]} config
   * @param {ConstructorParameters<typeof TestEnvironment>[1]} context
   */
  constructor(config, context) {
    super(config, context);
    const names = /** @type {const} */ ([
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'Blob',
      'File',
      'AbortController',
      'AbortSignal',
      'ReadableStream',
      'TextEncoder',
      'TextDecoder',
      'structuredClone',
    ]);
    Object.assign(this.global, Object.fromEntries(names.map((name) => [name, globalThis[name]])));
    // Node's Request and fetch need absolute URLs; a page resolves relative ones against its location.
    const win = this.global;
    /** @type {<T extends RequestInfo | URL>(input: T) => T | string} */
    const absolute = (input) =>
      typeof input === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(input)
        ? new URL(input, win.location.href).href
        : input;
    const NodeRequest = globalThis.Request;
    class PageRequest extends NodeRequest {
      /**
       * @param {RequestInfo | URL} input
       * @param {RequestInit} [init]
       */
      constructor(input, init) {
        super(absolute(input), init);
      }
    }
    this.global.Request = PageRequest;
    const nodeFetch = globalThis.fetch;
    this.global.fetch = (input, init) => nodeFetch(absolute(input), init);
  }
}

module.exports = JsdomWithFetch;
