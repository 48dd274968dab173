import { readApiError } from './api-error';

describe('readApiError: every failed call, read one way', () => {
  it("gives the server's stable code, message and status", () => {
    const error = {
      status: 413,
      data: {
        error: 'Payload Too Large',
        code: 'recording.too_large',
        message: 'The recording is larger than 5 MB.',
        statusCode: 413,
      },
    };
    expect(readApiError(error)).toMatchObject({
      code: 'recording.too_large',
      message: 'The recording is larger than 5 MB.',
      status: 413,
      kind: 'refused',
    });
  });

  it.each([
    [{ status: 'FETCH_ERROR', error: 'TypeError' }, 'network', 'network.unreachable', null],
    [{ status: 'TIMEOUT_ERROR', error: 'x' }, 'network', 'network.unreachable', null],
    [{ status: 503, data: null }, 'network', 'network.unreachable', 503],
    [{ status: 500, data: 'oops' }, 'server', 'server.internal', 500],
    [
      { status: 'PARSING_ERROR', originalStatus: 500, data: '<html>', error: 'x' },
      'server',
      'server.internal',
      500,
    ],
    [
      { status: 'PARSING_ERROR', originalStatus: 404, data: '<html>', error: 'x' },
      'refused',
      'request.refused',
      404,
    ],
    [undefined, 'network', 'network.unreachable', null],
  ])('%j is %s (%s)', (error, kind, code, status) => {
    const read = readApiError(error);
    expect(read).toMatchObject({ kind, code, status });
    expect(read.message).toEqual(expect.any(String));
  });

  it("keeps a service's own words when the gateway says it is down", () => {
    const read = readApiError({
      status: 503,
      data: {
        code: 'service.unavailable',
        message: 'The speech service is unavailable. Please try again later.',
      },
    });
    expect(read).toMatchObject({ kind: 'network', code: 'service.unavailable' });
    expect(read.message).toMatch(/speech service is unavailable/);
  });

  it('explains a request that never reached the server', () => {
    expect(readApiError({ status: 'FETCH_ERROR' }).message).toMatch(/could not be reached/);
  });

  it('keeps the body of a refusal for the screens (status, email)', () => {
    const read = readApiError({
      status: 410,
      data: { message: 'expired', status: 'expired', email: 'a@b.org' },
    });
    expect(read).toMatchObject({ kind: 'refused', status: 410, message: 'expired' });
    expect(read.body).toEqual({ message: 'expired', status: 'expired', email: 'a@b.org' });
  });

  it('reads an error thrown in the page', () => {
    expect(readApiError({ name: 'Error', message: 'Aborted' })).toMatchObject({
      code: 'client.error',
      message: 'Aborted',
    });
  });
});
