import { act, screen, waitFor } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, type FakeReply } from '@platform/store/testing';
import { COUNTER_DURATION_MS, COUNTER_STAGGER_MS, COUNTER_STEP_MS } from '@platform/contracts/client';
import {
  FakeIntersectionObserver,
  installIntersectionObserver,
  installMatchMedia,
  removeIntersectionObserver,
  stats,
} from '../../../test/page-doubles';
import { Counters } from './Counters';
import { countUpValue, lastStep } from './countUp';

const KEYS = ['languages', 'activeContributors', 'dataPoints', 'validationAccuracy'] as const;
/** What a counter shows (its moving digits), and the figure it gives screen readers and tests. */
const shown = (key: string) =>
  document.querySelector(`[data-counter="${key}"] [aria-hidden="true"]`)?.textContent ?? null;
const counter = (key: string) => document.querySelector<HTMLElement>(`[data-counter="${key}"]`)!;
const FINAL = {
  languages: '3',
  activeContributors: '1,234',
  dataPoints: '56,789',
  validationAccuracy: '87.5%',
};

function renderCounters(reply: FakeReply) {
  const view = renderWithPlatform(<Counters />, { signedInAs: null, fakeTimers: true });
  view.server.on('GET /api/public/stats', reply);
  return view;
}

/** The figures have arrived (the fake gateway's answer goes through a few turns of the fake clock). */
const arrived = () => waitFor(() => expect(counter('languages')).toHaveAttribute('data-target'));

beforeEach(() => {
  jest.useFakeTimers();
  installIntersectionObserver();
  installMatchMedia(false);
});

afterEach(() => {
  jest.useRealTimers();
  removeIntersectionObserver();
});

describe('the hero counters', () => {
  it('count up from 0 to the live figures once they are in view, over 2 s in 16 ms steps, each 0.1 s after the last', async () => {
    renderCounters({ body: stats() });
    await arrived();
    expect(KEYS.map((key) => counter(key).dataset.target)).toEqual(['3', '1234', '56789', '87.5']);
    // The figures have arrived but the row has not been seen yet: nothing moves.
    act(() => void jest.advanceTimersByTime(5000));
    expect(shown('dataPoints')).toBe('0');

    act(() => FakeIntersectionObserver.enter('ul'));
    act(() => void jest.advanceTimersByTime(COUNTER_DURATION_MS / 2));
    const halfway = Number(shown('dataPoints')!.replace(/,/g, ''));
    // The third counter started 0.2 s after the first: it is short of half way.
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(56789 / 2);

    // The last counter ends 2 s after its start, 0.3 s after the first's (at the first step past it).
    act(
      () => void jest.advanceTimersByTime(COUNTER_DURATION_MS / 2 + 3 * COUNTER_STAGGER_MS - COUNTER_STEP_MS),
    );
    expect(shown('validationAccuracy')).not.toBe('87.5%');
    act(() => void jest.advanceTimersByTime(2 * COUNTER_STEP_MS));
    expect(KEYS.map(shown)).toEqual(KEYS.map((key) => FINAL[key]));
  });

  it('animate once: seen again, they stay at their figures', async () => {
    renderCounters({ body: stats() });
    await arrived();
    act(() => FakeIntersectionObserver.enter('ul'));
    act(() => void jest.advanceTimersByTime(lastStep(4) * COUNTER_STEP_MS));
    expect(shown('activeContributors')).toBe('1,234');
    act(() => FakeIntersectionObserver.enter('ul'));
    act(() => void jest.advanceTimersByTime(COUNTER_STEP_MS));
    expect(KEYS.map(shown)).toEqual(KEYS.map((key) => FINAL[key]));
  });

  it('show the figures at once to visitors who prefer reduced motion', async () => {
    installMatchMedia(true);
    renderCounters({ body: stats() });
    await arrived();
    expect(KEYS.map(shown)).toEqual(KEYS.map((key) => FINAL[key]));
  });

  it('give screen readers the final figure while the digits move', async () => {
    renderCounters({ body: stats() });
    await arrived();
    act(() => FakeIntersectionObserver.enter('ul'));
    act(() => void jest.advanceTimersByTime(COUNTER_STEP_MS * 10));
    expect(screen.getByText('56,789')).toBeInTheDocument();
    expect(shown('dataPoints')).not.toBe('56,789');
  });

  it('show a dash and say why when no recording has been decided yet', async () => {
    installMatchMedia(true);
    renderCounters({ body: stats({ validationAccuracy: null }) });
    await arrived();
    expect(shown('validationAccuracy')).toBe('—');
    expect(screen.getByText('No recordings have been validated or rejected yet.')).toBeInTheDocument();
    expect(counter('validationAccuracy').dataset.target).toBeUndefined();
  });

  it('say the figures are unavailable when they cannot be had, with no number', async () => {
    renderCounters(errorReply(503, 'A service is unavailable. Please try again later.'));
    // One retry after a short pause, then the error.
    expect(await screen.findByText('The live figures are unavailable right now.')).toBeInTheDocument();
    expect(KEYS.map(shown)).toEqual(['—', '—', '—', '—']);
  });

  it('show placeholders while the figures load', () => {
    renderCounters({ body: stats() });
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelectorAll('[data-counter] i')).toHaveLength(4);
  });
});

describe('countUpValue', () => {
  it('starts each counter COUNTER_STAGGER_MS after the one before and ends on its target', () => {
    const stepsPerStagger = COUNTER_STAGGER_MS / COUNTER_STEP_MS;
    expect(countUpValue(100, 1, Math.floor(stepsPerStagger))).toBe(0);
    expect(countUpValue(100, 0, COUNTER_DURATION_MS / COUNTER_STEP_MS / 2)).toBeCloseTo(50, 0);
    expect(countUpValue(100, 3, lastStep(4))).toBe(100);
  });
});
