import { handWrittenApiPaths } from '@platform/service-kit/testing';

describe("the gateway's source", () => {
  it('writes no API path by hand: each comes from its declaration in libs/contracts', () => {
    expect(handWrittenApiPaths(__dirname)).toEqual([]);
  });
});
