import { useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '@platform/ui';
import { useLocale } from '@platform/i18n';
import type { PublicStats } from '@platform/contracts';
import { useMarketingT } from '../../i18n';
import { useGetPublicStatsQuery } from '../../api/publicSiteApi';
import { prefersReducedMotion } from '../../site/anchors';
import { useNear } from '../../site/useNear';
import { useCountUp } from './countUp';

/** The four counters, in the SPEC's order; the last is a percent with one decimal. */
const COUNTERS = [
  'languages',
  'activeContributors',
  'dataPoints',
  'validationAccuracy',
] as const satisfies ReadonlyArray<keyof PublicStats>;
const PERCENT = 3;

const pulse = keyframes`
  50% { opacity: 0.45; }
`;

const Row = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[6]};
  width: 100%;
  max-width: 960px;
  margin: ${({ theme }) => theme.space[12]} auto 0;
  padding: 0;
  list-style: none;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  b {
    display: block;
    min-height: 1.2em;
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
    line-height: ${({ theme }) => theme.lineHeights.tight};
    color: ${({ theme }) => theme.colors.primary.main};
    font-variant-numeric: tabular-nums;
  }
  i {
    display: inline-block;
    width: 4ch;
    height: 0.9em;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.neutral[200]};
    animation: ${pulse} 1.4s ease-in-out infinite;
  }
  li > span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The hero's four counters, from GET /api/public/stats: they count up from 0 to the live figures once, when
 * first in view (at once for visitors who prefer reduced motion). Screen readers get each final figure, the
 * moving digits are hidden from them; `data-target` holds the figure. While the figures load: placeholders;
 * when they cannot be had: a dash and a note, never a made-up number.
 */
export function Counters() {
  const t = useMarketingT();
  const locale = useLocale();
  const { data, isError } = useGetPublicStatsQuery();
  const row = useRef<HTMLUListElement>(null);
  const [inView] = useNear(row, { ahead: 0 });
  const shown = useCountUp(
    COUNTERS.map((key) => data?.[key] ?? 0),
    !!data && inView,
    prefersReducedMotion(),
  );
  const format = (value: number, index: number) =>
    index === PERCENT
      ? new Intl.NumberFormat(locale, {
          style: 'percent',
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(value / 100)
      : new Intl.NumberFormat(locale).format(Math.round(value));

  return (
    <>
      <Row ref={row} aria-busy={!data && !isError}>
        {COUNTERS.map((key, index) => {
          const target = data?.[key];
          return (
            <li key={key}>
              <b data-counter={key} data-target={target ?? undefined}>
                {typeof target === 'number' ? (
                  <>
                    <span aria-hidden="true">{format(shown[index]!, index)}</span>
                    <VisuallyHidden>{format(target, index)}</VisuallyHidden>
                  </>
                ) : data || isError ? (
                  <>
                    <span aria-hidden="true">—</span>
                    {data ? <VisuallyHidden>{t('hero.noAccuracy')}</VisuallyHidden> : null}
                  </>
                ) : (
                  <i aria-hidden="true" />
                )}
              </b>
              <span>{t(`hero.counters.${key}`)}</span>
            </li>
          );
        })}
      </Row>
      {isError && !data ? <p>{t('hero.unavailable')}</p> : null}
    </>
  );
}
