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
  it('reads and drops the rest of a body within the limit, leaving the connection open', async () => {
    const { body, cut, raw } = arrivingBody();
    discardRestOfUpload(raw, 10);
    body.write(Buffer.alloc(6));
    body.end(Buffer.alloc(4));
    await once(body, 'end');
    expect(cut).not.toHaveBeenCalled();
  });

  it('cuts the connection once the rest is larger than the limit', async () => {
    const { body, cut, raw } = arrivingBody();
    discardRestOfUpload(raw, 10);
    body.write(Buffer.alloc(6));
    body.end(Buffer.alloc(5));
    await once(body, 'end');
    expect(cut).toHaveBeenCalled();
  });

  it('leaves a body that is already gone alone', () => {
    const { body, cut, raw } = arrivingBody();
    body.destroy();
    discardRestOfUpload(raw, 10);
    expect(body.listenerCount('data')).toBe(0);
    expect(cut).not.toHaveBeenCalled();
  });
});
