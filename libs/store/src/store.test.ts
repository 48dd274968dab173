/**
 * @jest-environment node
 */
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createPlatformStore, rootReducer } from './store';
import { api } from './api';

describe('the platform store', () => {
  it('starts with only the RTK Query cache in it', () => {
    const store = createPlatformStore();
    expect(Object.keys(store.getState())).toEqual(['api']);
  });

  it('lets a remote inject its slice after the store exists, and the slice then handles actions', () => {
    const store = createPlatformStore();
    const drafts = createSlice({
      name: 'drafts',
      initialState: { text: '' },
      reducers: { typed: (state, action: PayloadAction<string>) => ({ ...state, text: action.payload }) },
      selectors: { selectText: (state) => state.text },
    });
    const injected = drafts.injectInto(rootReducer);

    store.dispatch(drafts.actions.typed('Bawo ni'));

    expect(injected.selectors.selectText(store.getState() as never)).toBe('Bawo ni');
    expect((store.getState() as Record<string, unknown>).drafts).toEqual({ text: 'Bawo ni' });
  });

  it('shares one API: endpoints injected by one remote are usable from the same store', async () => {
    const withPing = api.injectEndpoints({
      endpoints: (build) => ({ ping: build.query<string, void>({ queryFn: () => ({ data: 'pong' }) }) }),
    });
    const store = createPlatformStore();
    const result = await store.dispatch(withPing.endpoints.ping.initiate());
    expect(result.data).toBe('pong');
    expect(withPing).toBe(api);
  });
});
