import { act, renderHook, waitFor } from '@testing-library/react';
import { defineRoute, Id, StrictObject } from '@platform/contracts';
import { createPlatformStore, readApiError, withTagTypes } from '@platform/store';
import { FakeXhr, withFakeXhr } from '@platform/store/testing';
import { uploadMutation } from './upload-mutation';
import type { UploadProgress } from './upload-with-progress';
import { useUploadProgress } from './use-upload-progress';

withFakeXhr();

// A declaration of its own, so that the method and the path can only have come from it.
const putShelfItemFile = defineRoute({
  name: 'putShelfItemFile',
  method: 'PUT',
  path: '/api/shelves/:shelf/items',
  owner: 'text',
  access: 'signedIn',
  summary: 'test only',
  tag: 'test',
  params: StrictObject({ shelf: Id }),
  multipart: { files: ['file'], fields: StrictObject({}) },
  reply: { 201: StrictObject({ name: Id }) },
});

interface ShelfUpload {
  shelf: string;
  file: File;
}

let shelfReads = 0;
const shelfApi = withTagTypes(['Shelf']).injectEndpoints({
  endpoints: (build) => ({
    putShelfFile: uploadMutation(build, putShelfItemFile, {
      params: ({ shelf }: ShelfUpload) => ({ shelf }),
      toForm: ({ file }: ShelfUpload) => {
        const form = new FormData();
        form.append('file', file);
        return form;
      },
      invalidates: ['Shelf'],
    }),
    getShelf: build.query<string, void>({
      queryFn: () => ({ data: `read ${++shelfReads}` }),
      providesTags: ['Shelf'],
    }),
  }),
});

const file = new File(['ọ̀rọ̀'], 'words.txt', { type: 'text/plain' });

/** The upload the page has sent by now (the endpoint sends it a few microtasks after it is started). */
async function sent(count = 1): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(count));
  return FakeXhr.last!;
}

describe('uploadMutation', () => {
  it('sends to the URL and with the method of the declaration, and tells the bytes sent to the caller', async () => {
    const store = createPlatformStore();
    const seen: UploadProgress[] = [];
    const sending = store.dispatch(
      shelfApi.endpoints.putShelfFile.initiate({
        shelf: 'a b',
        file,
        onProgress: (progress) => seen.push(progress),
        headers: { 'idempotency-key': 'shelf-take-1' },
      }),
    );
    const xhr = await sent();
    expect([xhr.method, xhr.url]).toEqual(['PUT', '/api/shelves/a%20b/items']);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['idempotency-key']).toBe('shelf-take-1');
    expect(xhr.body!.get('file')).toBeInstanceOf(File);

    xhr.progress(3, 12);
    xhr.progress(12, 12);
    expect(seen).toEqual([
      { loaded: 3, total: 12 },
      { loaded: 12, total: 12 },
    ]);
    xhr.respond(201, { name: 'words.txt' });
    await expect(sending.unwrap()).resolves.toEqual({ name: 'words.txt' });
  });

  it('makes the declared tags stale when the upload is taken, and none when it is refused', async () => {
    const store = createPlatformStore();
    // The store's state type knows the shared tags only; the remote's own are added when it loads.
    const reads = () => shelfApi.endpoints.getShelf.select()(store.getState() as never).data;
    const watching = store.dispatch(shelfApi.endpoints.getShelf.initiate());
    await watching;
    const before = reads();

    const refused = store.dispatch(shelfApi.endpoints.putShelfFile.initiate({ shelf: 'a', file }));
    (await sent(1)).respond(413, { code: 'upload.too_large', message: 'Too large.', statusCode: 413 });
    await refused;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads()).toBe(before);

    const taken = store.dispatch(shelfApi.endpoints.putShelfFile.initiate({ shelf: 'a', file }));
    (await sent(2)).respond(201, { name: 'words.txt' });
    await taken;
    await waitFor(() => expect(reads()).not.toBe(before));
    watching.unsubscribe();
  });

  it("hands a refusal over as the platform's error, with its code and status", async () => {
    const store = createPlatformStore();
    const sending = store.dispatch(shelfApi.endpoints.putShelfFile.initiate({ shelf: 'a', file }));
    (await sent()).respond(422, {
      error: 'Unprocessable Entity',
      code: 'upload.type_mismatch',
      message: 'The file is not what its type says.',
      statusCode: 422,
    });
    const failure = readApiError(await sending.unwrap().catch((error: unknown) => error));
    expect(failure).toMatchObject({
      code: 'upload.type_mismatch',
      message: 'The file is not what its type says.',
      status: 422,
      kind: 'refused',
    });
  });

  it('hands a lost connection over as a network failure', async () => {
    const store = createPlatformStore();
    const sending = store.dispatch(shelfApi.endpoints.putShelfFile.initiate({ shelf: 'a', file }));
    (await sent()).fail();
    const failure = readApiError(await sending.unwrap().catch((error: unknown) => error));
    expect(failure).toMatchObject({ code: 'network.unreachable', status: null, kind: 'network' });
  });
});

describe('useUploadProgress', () => {
  it('shows 0 % from the start, the percent sent, that every byte has gone, and nothing once it ends', async () => {
    const { result } = renderHook(() => useUploadProgress());
    expect(result.current.percent).toBeNull();

    let report: (progress: UploadProgress) => void = () => undefined;
    let finish: () => void = () => undefined;
    let tracked!: Promise<string>;
    act(() => {
      tracked = result.current.track((onProgress) => {
        report = onProgress;
        return new Promise<string>((resolve) => (finish = () => resolve('done')));
      });
    });
    expect(result.current).toMatchObject({ percent: 0, sent: false });

    act(() => report({ loaded: 1, total: 3 }));
    expect(result.current).toMatchObject({ percent: 33, sent: false });
    act(() => report({ loaded: 3, total: 3 }));
    expect(result.current).toMatchObject({ percent: 100, sent: true });

    await act(async () => {
      finish();
      await expect(tracked).resolves.toBe('done');
    });
    expect(result.current.percent).toBeNull();
  });

  it('takes the bar away when the upload fails too, and passes the failure on', async () => {
    const { result } = renderHook(() => useUploadProgress());
    await act(async () => {
      await expect(result.current.track(() => Promise.reject(new Error('refused')))).rejects.toThrow(
        'refused',
      );
    });
    expect(result.current.percent).toBeNull();
  });
});
