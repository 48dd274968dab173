/**
 * @jest-environment node
 */
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { createRetryingBaseQuery, shouldRetry } from './api';

// A throwaway API on the platform's base query, pointed at an absolute test origin (Node's Request
// refuses the relative '/' the browser build uses).
function setup(responses: Array<() => Promise<Response>>) {
  const calls: string[] = [];
  const fetchFn = jest.fn(async (input: RequestInfo | URL) => {
    calls.push(input instanceof Request ? input.method : 'GET');
    const next = responses.shift();
    if (!next) throw new Error('unexpected extra request');
    return next();
  });
  const testApi = createApi({
    baseQuery: createRetryingBaseQuery({ baseUrl: 'http://test.local/', fetchFn }, 5),
    endpoints: (build) => ({
      stats: build.query<{ total: number }, void>({ query: () => 'api/stats' }),
      submit: build.mutation<{ ok: boolean }, void>({ query: () => ({ url: 'api/submit', method: 'POST' }) }),
    }),
  });
  const store = configureStore({
    reducer: { [testApi.reducerPath]: testApi.reducer },
    middleware: (m) => m().concat(testApi.middleware),
  });
  return { testApi, store, fetchFn, calls };
}

const json = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('data requests retry one time', () => {
  it('retries a query once after a server error and returns the second answer', async () => {
    const { testApi, store, fetchFn } = setup([json(503, { error: 'x' }), json(200, { total: 3 })]);
    const result = await store.dispatch(testApi.endpoints.stats.initiate());
    expect(result.data).toEqual({ total: 3 });
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('gives up after the one retry', async () => {
    const { testApi, store, fetchFn } = setup([json(500, { e: 1 }), json(502, { e: 2 }), json(200, {})]);
    const result = await store.dispatch(testApi.endpoints.stats.initiate());
    expect(result.error).toMatchObject({ status: 502 });
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('retries once when the network fails', async () => {
    const { testApi, store, fetchFn } = setup([
      () => Promise.reject(new TypeError('Failed to fetch')),
      json(200, { total: 1 }),
    ]);
    const result = await store.dispatch(testApi.endpoints.stats.initiate());
    expect(result.data).toEqual({ total: 1 });
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('does not repeat a client error', async () => {
    const { testApi, store, fetchFn } = setup([json(404, { error: 'Not Found' }), json(200, {})]);
    const result = await store.dispatch(testApi.endpoints.stats.initiate());
    expect(result.error).toMatchObject({ status: 404 });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('never repeats a mutation, so a submission is not stored twice', async () => {
    const { testApi, store, calls } = setup([json(500, { e: 1 }), json(200, { ok: true })]);
    const result = await store.dispatch(testApi.endpoints.submit.initiate());
    expect('error' in result && result.error).toMatchObject({ status: 500 });
    expect(calls).toEqual(['POST']);
  });
});

describe('shouldRetry', () => {
  it('allows exactly one retry of a failed query', () => {
    expect(shouldRetry({ status: 'FETCH_ERROR', error: 'x' }, 1, 'query')).toBe(true);
    expect(shouldRetry({ status: 'FETCH_ERROR', error: 'x' }, 2, 'query')).toBe(false);
    expect(shouldRetry({ status: 400, data: null }, 1, 'query')).toBe(false);
  });
});
