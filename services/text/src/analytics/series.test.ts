import {
  agreementFigures,
  completionPoints,
  mergeReasons,
  percentOf,
  progressPoints,
  progressQueries,
  type Bucket,
} from './series';

const buckets: Bucket[] = [
  { name: 'W1', start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-08T00:00:00Z') },
  { name: 'W2', start: new Date('2026-11-08T00:00:00Z'), end: new Date('2026-11-15T00:00:00Z') },
];

describe('analytics series', () => {
  it('asks one query per bucket and series, in the languages given or every language', () => {
    const queries = progressQueries(buckets, ['yo']);
    expect(queries).toEqual([
      {
        key: 'translated:0',
        kinds: ['pairs.approved', 'sentences.approved'],
        languages: ['yo'],
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-08T00:00:00.000Z',
      },
      {
        key: 'validated:0',
        kinds: ['recordings.validated', 'donations.approved'],
        languages: ['yo'],
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-08T00:00:00.000Z',
      },
      expect.objectContaining({ key: 'translated:1', from: '2026-11-08T00:00:00.000Z' }),
      expect.objectContaining({ key: 'validated:1', to: '2026-11-15T00:00:00.000Z' }),
    ]);
    expect(progressQueries(buckets).every((q) => q.languages === undefined)).toBe(true);
  });

  it('puts each sum on its point, a missing one as 0', () => {
    expect(
      progressPoints(
        buckets,
        new Map([
          ['translated:1', 4],
          ['validated:0', 2],
        ]),
      ),
    ).toEqual([
      {
        name: 'W1',
        start: '2026-11-01T00:00:00.000Z',
        end: '2026-11-08T00:00:00.000Z',
        translated: 0,
        validated: 2,
      },
      {
        name: 'W2',
        start: '2026-11-08T00:00:00.000Z',
        end: '2026-11-15T00:00:00.000Z',
        translated: 4,
        validated: 0,
      },
    ]);
  });

  it('rounds rates down and has none without tasks due', () => {
    expect(percentOf(2, 3)).toBe(66);
    expect(percentOf(0, 0)).toBeNull();
    expect(completionPoints(buckets, [{ bucket: 1, due: 3, completed: 2 }])).toEqual([
      expect.objectContaining({ name: 'W1', due: 0, completed: 0, rate: null }),
      expect.objectContaining({ name: 'W2', due: 3, completed: 2, rate: 66 }),
    ]);
    expect(agreementFigures({ decided: 1, votes: 3, agreeing: 3, approved: 1, rejected: 0 }).agreement).toBe(
      100,
    );
    expect(
      agreementFigures({ decided: 0, votes: 0, agreeing: 0, approved: 0, rejected: 0 }).agreement,
    ).toBeNull();
  });

  it('adds up the same reason from both sides and lists the most frequent first', () => {
    expect(
      mergeReasons(
        [
          { reason: 'grammar', count: 1 },
          { reason: 'offensive', count: 1 },
        ],
        [
          { reason: 'noise', count: 5 },
          { reason: 'offensive', count: 2 },
          { reason: 'other', count: 0 },
        ],
      ),
    ).toEqual([
      { reason: 'noise', count: 5 },
      { reason: 'offensive', count: 3 },
      { reason: 'grammar', count: 1 },
    ]);
  });
});
