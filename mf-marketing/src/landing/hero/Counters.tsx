import { useMemo, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '@platform/ui';
import { useLocale } from '@platform/i18n';
import type { PublicStats } from '@platform/contracts';
import { useMarketingT } from '../../i18n';
import { useGetPublicStatsQuery } from '../../api/publicSiteApi';
import { useInViewOnce } from '../../site/useInView';
import { usePrefersReducedMotion } from '../../site/usePrefersReducedMotion';
import { useCountUp } from './countUp';

/** The four counters, in the SPEC's order; `percent` shows a share with one decimal. */
const COUNTERS = [
  { key: 'languages', percent: false },
  { key: 'activeContributors', percent: false },
  { key: 'dataPoints', percent: false },
  { key: 'validationAccuracy', percent: true },
] as const satisfies ReadonlyArray<{ key: keyof PublicStats; percent: boolean }>;

const Row = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[6]};
  list-style: none;
  margin: ${({ theme }) => theme.space[12]} auto 0;
  padding: 0;
  max-width: 960px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Figure = styled.span`
  display: block;
  min-height: 1.2em;
  font-size: ${({ theme }) => theme.fontSizes['4xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  color: ${({ theme }) => theme.colors.primary.main};
  font-variant-numeric: tabular-nums;
`;

const Label = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const pulse = keyframes`
  50% { opacity: 0.45; }
`;

const Placeholder = styled.span`
  display: inline-block;
  width: 4ch;
  height: 0.9em;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.neutral[200]};
  animation: ${pulse} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space[4]} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function useFormatters(locale: string) {
  return useMemo(() => {
    const make = (options: Intl.NumberFormatOptions) => {
      try {
        return new Intl.NumberFormat(locale, options);
      } catch {
        return new Intl.NumberFormat('en', options);
      }
    };
    const whole = make({ maximumFractionDigits: 0 });
    const percent = make({ style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return (value: number, isPercent: boolean) =>
      isPercent ? percent.format(value / 100) : whole.format(Math.round(value));
  }, [locale]);
}

/**
 * The hero's four counters, from GET /api/public/stats: they count up from 0 to the live figures once,
 * when first in view (all at once for visitors who prefer reduced motion). Screen readers get each final
 * figure; the moving digits are hidden from them. While the figures load: placeholders; when they cannot be
 * had: a dash and a note, never a made-up number.
 */
export function Counters() {
  const t = useMarketingT();
  const format = useFormatters(useLocale());
  const { data, isError } = useGetPublicStatsQuery();
  const rowRef = useRef<HTMLUListElement>(null);
  const inView = useInViewOnce(rowRef);
  const reducedMotion = usePrefersReducedMotion();
  const targets = COUNTERS.map(({ key }) => (data ? (data[key] ?? 0) : 0));
  const shown = useCountUp(targets, !!data && inView, reducedMotion);

  return (
    <>
      <Row ref={rowRef} aria-busy={!data && !isError}>
        {COUNTERS.map(({ key, percent }, index) => {
          const target = data?.[key];
          const known = typeof target === 'number';
          return (
            <li key={key}>
              <Figure data-counter={key} data-target={known ? String(target) : undefined}>
                {known ? (
                  <>
                    <span aria-hidden="true">{format(shown[index] ?? 0, percent)}</span>
                    <VisuallyHidden>{format(target, percent)}</VisuallyHidden>
                  </>
                ) : data || isError ? (
                  <>
                    <span aria-hidden="true">—</span>
                    {data ? <VisuallyHidden>{t('hero.noAccuracy')}</VisuallyHidden> : null}
                  </>
                ) : (
                  <Placeholder aria-hidden="true" data-skeleton="" />
                )}
              </Figure>
              <Label>{t(`hero.counters.${key}`)}</Label>
            </li>
          );
        })}
      </Row>
      {isError && !data ? <Note>{t('hero.unavailable')}</Note> : null}
    </>
  );
}
