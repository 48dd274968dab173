import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { discardRestOfUpload } from './discard-upload';

/** A request body still arriving, on a connection whose cutting the test can see. */
function arrivingBody() {
  const body = new PassThrough();
  const cut = jest.fn();
  Object.assign(body, { socket: { destroy: cut } });
  return { body, cut, raw: body as unknown as IncomingMessage };
}

describe('discardRestOfUpload', () => {
  // 10 bytes more are read and dropped; an 11th cuts the connection.
  it.each([
    ['reads and drops the rest of a body within the limit, leaving the connection open', 4, false],
    ['cuts the connection once the rest is larger than the limit', 5, true],
  ])('%s', async (_name, lastChunk, cutExpected) => {
    const { body, cut, raw } = arrivingBody();
    discardRestOfUpload(raw, 10);
    body.write(Buffer.alloc(6));
    body.end(Buffer.alloc(lastChunk));
    await once(body, 'end');
    expect(cut.mock.calls.length > 0).toBe(cutExpected);
  });

  it('leaves a body that is already gone alone', () => {
    const { body, cut, raw } = arrivingBody();
    body.destroy();
    discardRestOfUpload(raw, 10);
    expect(body.listenerCount('data')).toBe(0);
    expect(cut).not.toHaveBeenCalled();
  });
});
