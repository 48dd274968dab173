import { errorMessage, errorStatus } from './errorMessage';

describe('errorMessage', () => {
  it("prefers the server's message", () => {
    const error = {
      status: 413,
      data: { error: 'Payload Too Large', message: 'The recording is larger than 5 MB.', statusCode: 413 },
    };
    expect(errorMessage(error)).toBe('The recording is larger than 5 MB.');
    expect(errorStatus(error)).toBe(413);
  });

  it('falls back to the reason phrase, then the status', () => {
    expect(errorMessage({ status: 502, data: { error: 'Bad Gateway' } })).toBe('Bad Gateway (502)');
    expect(errorMessage({ status: 500, data: 'oops' })).toBe('HTTP 500');
  });

  it('explains a request that never reached the server', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toMatch(
      /could not be reached/,
    );
    expect(errorStatus({ status: 'FETCH_ERROR' })).toBeUndefined();
  });
});
