import { periodBuckets, periodWindow } from './periods';

const at = (iso: string) => new Date(iso);
const iso = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()];

describe('periodWindow', () => {
  it('week: a Sunday 23:59 is still in the week that began the Monday before', () => {
    expect(iso(periodWindow('week', at('2026-11-29T23:59:59.999Z')))).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
  });

  it('week: Monday 00:00 starts a new week', () => {
    expect(iso(periodWindow('week', at('2026-11-30T00:00:00.000Z')))).toEqual([
      '2026-11-30T00:00:00.000Z',
      '2026-12-07T00:00:00.000Z',
    ]);
  });

  it('week: an ISO week may span two years', () => {
    expect(iso(periodWindow('week', at('2027-01-01T12:00:00Z')))).toEqual([
      '2026-12-28T00:00:00.000Z',
      '2027-01-04T00:00:00.000Z',
    ]);
  });

  it('month: the calendar month, December ending at the next January', () => {
    expect(iso(periodWindow('month', at('2026-12-31T23:59:59Z')))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });

  it('quarter: Dec 31 is in Q4, Jan 1 in Q1', () => {
    expect(iso(periodWindow('quarter', at('2026-12-31T23:59:59Z')))).toEqual([
      '2026-10-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    expect(iso(periodWindow('quarter', at('2027-01-01T00:00:00Z')))).toEqual([
      '2027-01-01T00:00:00.000Z',
      '2027-04-01T00:00:00.000Z',
    ]);
  });

  it('year: the calendar year', () => {
    expect(iso(periodWindow('year', at('2026-06-15T08:00:00Z')))).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });
});

describe('periodBuckets', () => {
  it('week: seven days named by date, Monday first', () => {
    const buckets = periodBuckets('week', at('2026-11-29T23:59:00Z'));
    expect(buckets.map((b) => b.name)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(buckets[6]?.end.toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('month: W4 runs from the 22nd to the end of February in a leap year', () => {
    const buckets = periodBuckets('month', at('2028-02-10T00:00:00Z'));
    expect(buckets.map((b) => [b.name, ...iso(b)])).toEqual([
      ['W1', '2028-02-01T00:00:00.000Z', '2028-02-08T00:00:00.000Z'],
      ['W2', '2028-02-08T00:00:00.000Z', '2028-02-15T00:00:00.000Z'],
      ['W3', '2028-02-15T00:00:00.000Z', '2028-02-22T00:00:00.000Z'],
      ['W4', '2028-02-22T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
    ]);
  });

  it('month: W4 of February in a common year ends on March 1 too (28 days)', () => {
    const w4 = periodBuckets('month', at('2027-02-28T23:00:00Z'))[3];
    expect(w4 && iso(w4)).toEqual(['2027-02-22T00:00:00.000Z', '2027-03-01T00:00:00.000Z']);
  });

  it('quarter: three months named YYYY-MM', () => {
    const buckets = periodBuckets('quarter', at('2026-12-31T23:59:59Z'));
    expect(buckets.map((b) => [b.name, ...iso(b)])).toEqual([
      ['2026-10', '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'],
      ['2026-11', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
      ['2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ]);
  });

  it('year: four quarters', () => {
    const buckets = periodBuckets('year', at('2028-02-29T12:00:00Z'));
    expect(buckets.map((b) => [b.name, ...iso(b)])).toEqual([
      ['Q1', '2028-01-01T00:00:00.000Z', '2028-04-01T00:00:00.000Z'],
      ['Q2', '2028-04-01T00:00:00.000Z', '2028-07-01T00:00:00.000Z'],
      ['Q3', '2028-07-01T00:00:00.000Z', '2028-10-01T00:00:00.000Z'],
      ['Q4', '2028-10-01T00:00:00.000Z', '2029-01-01T00:00:00.000Z'],
    ]);
  });

  it('buckets cover the window exactly, each ending where the next begins', () => {
    for (const period of ['week', 'month', 'quarter', 'year'] as const) {
      const now = at('2026-11-26T11:00:00Z');
      const window = periodWindow(period, now);
      const buckets = periodBuckets(period, now);
      expect(buckets[0]?.start).toEqual(window.start);
      expect(buckets.at(-1)?.end).toEqual(window.end);
      buckets.slice(1).forEach((b, i) => expect(b.start).toEqual(buckets[i]?.end));
    }
  });
});

it('an unknown period is a programming error, not a silent empty chart', () => {
  expect(() => periodWindow('decade', new Date())).toThrow(RangeError);
  expect(() => periodBuckets('decade', new Date())).toThrow(RangeError);
});
