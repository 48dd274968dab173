import { join } from 'node:path';
import { dataAccessProblems } from '@platform/service-kit/testing';

describe('the speech service reaches MongoDB one way', () => {
  it('opens collections only in a domain store.ts, and no route touches the database', () => {
    expect(dataAccessProblems(join(__dirname, '..', 'src'))).toEqual([]);
  });
});
