import type { SentenceStore } from './store';
import { takeInLines, type SubmittedLine } from './write-sentences';

describe('takeInLines', () => {
  it('lets other work run between chunks of lines, even when every line is refused', async () => {
    // Refused by the rules (digits): nothing is looked up or stored, so no database is needed.
    const lines: SubmittedLine[] = Array.from({ length: 20_000 }, (_, i) => ({ line: i + 1, text: `${i}` }));
    let otherWorkRan = false;
    setImmediate(() => (otherWorkRan = true));
    const ranBeforeTheAnswer = await takeInLines(
      {} as SentenceStore,
      { language: 'en', citation: 'Mine', domains: ['general'], cc0Confirmed: true },
      'ada',
      lines,
    ).then(
      () => null,
      (error: { code?: string; details?: { refused?: number } }) => {
        expect(error.code).toBe('sentence.none_accepted');
        expect(error.details?.refused).toBe(20_000);
        return otherWorkRan;
      },
    );
    expect(ranBeforeTheAnswer).toBe(true);
  });
});
