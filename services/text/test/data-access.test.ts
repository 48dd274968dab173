import { join } from 'node:path';
import { dataAccessProblems } from '@platform/service-kit/testing';

describe("the text service's data access", () => {
  it('opens collections only in a domain store.ts, and no route file reaches the database', () => {
    expect(dataAccessProblems(join(__dirname, '..', 'src'))).toEqual([]);
  });
});
