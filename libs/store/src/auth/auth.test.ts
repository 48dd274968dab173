import { waitFor } from '@testing-library/react';
import { createPlatformStore } from '../store';
import { withTagTypes } from '../api';
import { authApi } from './authApi';
import { errorReply, installFakeServer, networkFailure, sessionAs, testUser } from '@platform/store/testing';

describe('the session endpoint', () => {
  it('reads a 401 as "nobody is signed in", not as an error', async () => {
    const server = installFakeServer();
    sessionAs(server, null);
    const result = await createPlatformStore().dispatch(authApi.endpoints.session.initiate());
    expect(result.data).toBeNull();
    expect(result.error).toBeUndefined();
  });

  it('gives the signed-in person', async () => {
    const server = installFakeServer();
    sessionAs(server, testUser);
    const result = await createPlatformStore().dispatch(authApi.endpoints.session.initiate());
    expect(result.data).toEqual(testUser);
  });

  it('is an error (after its one retry) when the server fails, so nobody is sent to sign in by mistake', async () => {
    const server = installFakeServer();
    server.on('GET /auth/session', errorReply(500, 'boom'));
    const result = await createPlatformStore().dispatch(authApi.endpoints.session.initiate());
    expect(result.error).toMatchObject({ status: 500 });
    expect(server.calls('GET /auth/session')).toHaveLength(2);
  });
});

describe('sign-in and sign-out keep the session answer right', () => {
  it('sign-in reads the session again before it resolves', async () => {
    const server = installFakeServer();
    let signedIn = false;
    server.on('GET /auth/session', () => (signedIn ? { body: { user: testUser } } : errorReply(401, 'no')));
    server.on('POST /auth/signin', () => {
      signedIn = true;
      return { body: { ok: true, token: testUser.id, message: 'Signed in' } };
    });
    const store = createPlatformStore();
    await store.dispatch(authApi.endpoints.session.initiate());
    expect(authApi.endpoints.session.select()(store.getState()).data).toBeNull();
    await store.dispatch(authApi.endpoints.signIn.initiate({ email: 'a@b.org', password: 'x' }));
    expect(authApi.endpoints.session.select()(store.getState()).data).toEqual(testUser);
  });

  it('sign-out forgets the person at once', async () => {
    const server = installFakeServer();
    sessionAs(server, testUser);
    server.on('POST /auth/signout', { body: { ok: true } });
    const store = createPlatformStore();
    const sub = store.dispatch(authApi.endpoints.session.initiate());
    await sub;
    await store.dispatch(authApi.endpoints.signOut.initiate());
    await new Promise((r) => setTimeout(r, 0));
    expect(authApi.endpoints.session.select()(store.getState()).data).toBeNull();
    sub.unsubscribe();
  });

  it("makes a remote's own cached answers stale too, its tags added when it loaded", async () => {
    const server = installFakeServer();
    sessionAs(server, testUser);
    server.on('POST /auth/signout', { body: { ok: true } });
    server.on('GET /api/widgets', { body: { widgets: 3 } });
    const widgetsApi = withTagTypes(['Widget']).injectEndpoints({
      endpoints: (build) => ({
        widgets: build.query<{ widgets: number }, void>({
          query: () => 'api/widgets',
          providesTags: ['Widget'],
        }),
      }),
    });
    const store = createPlatformStore();
    const sub = store.dispatch(widgetsApi.endpoints.widgets.initiate());
    await sub;
    await store.dispatch(authApi.endpoints.signOut.initiate());
    // Read again for whoever is there now.
    await waitFor(() => expect(server.calls('GET /api/widgets')).toHaveLength(2));
    sub.unsubscribe();
  });

  it('a failed sign-out keeps the person signed in', async () => {
    const server = installFakeServer();
    sessionAs(server, testUser);
    server.on('POST /auth/signout', networkFailure);
    const store = createPlatformStore();
    await store.dispatch(authApi.endpoints.session.initiate());
    const result = await store.dispatch(authApi.endpoints.signOut.initiate());
    expect('error' in result).toBe(true);
    expect(authApi.endpoints.session.select()(store.getState()).data).toEqual(testUser);
  });
});
