import { join } from 'node:path';
import { handWrittenApiPaths } from '@platform/service-kit/testing';

describe("the text service's source", () => {
  it('writes no API path by hand: each comes from its declaration in libs/contracts', () => {
    expect(handWrittenApiPaths(join(__dirname, '..', 'src'))).toEqual([]);
  });
});
