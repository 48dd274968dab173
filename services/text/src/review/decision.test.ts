import { decisionOf } from './decision';

describe('the review rule', () => {
  it.each([
    [0, 0, null],
    [1, 0, null],
    [0, 1, null],
    [1, 1, null],
    [2, 0, 'validated'],
    [2, 1, 'validated'],
    [2, 2, null],
    [3, 2, 'validated'],
    [0, 2, 'rejected'],
    [1, 2, 'rejected'],
    [2, 3, 'rejected'],
    [3, 3, null],
  ])('%i approvals and %i rejections: %s', (approvals, rejections, expected) => {
    expect(decisionOf(approvals, rejections)).toBe(expected);
  });
});
