import { getSentenceRound, postAuthSignout, postRecording, postRecordingVote } from '@platform/contracts';
import { routeRequest } from './route-request';

describe('routeRequest: the RTK Query request built from a route declaration', () => {
  it('substitutes and encodes path params, and takes the method and body from the declaration', () => {
    expect(routeRequest(postRecordingVote, { params: { id: 'a/b' }, body: { isValid: true } })).toEqual({
      url: 'api/recordings/a%2Fb/validate',
      method: 'POST',
      body: { isValid: true },
    });
  });

  it('sends the query as params', () => {
    expect(routeRequest(getSentenceRound, { query: { lang: 'yo', count: 5 } })).toEqual({
      url: 'api/sentences',
      method: 'GET',
      params: { lang: 'yo', count: 5 },
    });
  });

  it('sends a form for multipart routes and nothing for bodiless ones', () => {
    const form = new FormData();
    expect(routeRequest(postRecording, { body: form }).body).toBe(form);
    expect(routeRequest(postAuthSignout, {})).toEqual({ url: 'auth/signout', method: 'POST' });
  });

  it('refuses, when type-checking, a call without the params and body its declaration needs', () => {
    // @ts-expect-error the vote needs its recording id and its body
    expect(() => routeRequest(postRecordingVote, {})).toThrow(/id/);
  });
});
