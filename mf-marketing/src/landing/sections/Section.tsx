import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@platform/ui';
import type { LandingSection } from '../../site/anchors';

const Root = styled.section<{ $tinted: boolean }>`
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[4]}`};
  background: ${({ theme, $tinted }) => ($tinted ? theme.colors.surfaceMuted : 'transparent')};
  ${media.up('md')} {
    padding: ${({ theme }) => `${theme.space[16]} ${theme.space[6]}`};
  }
`;

const Inner = styled.div`
  max-width: 72rem;
  margin: 0 auto;
`;

const Heading = styled.h2<{ $alone: boolean }>`
  margin: ${({ theme, $alone }) => ($alone ? `0 0 ${theme.space[8]}` : '0')};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  text-align: center;
`;

const Intro = styled.p`
  max-width: 44rem;
  margin: ${({ theme }) => `${theme.space[3]} auto ${theme.space[8]}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  text-align: center;
`;

export interface SectionProps {
  id: LandingSection;
  title: string;
  intro?: string;
  /** A shaded background, to tell neighbouring sections apart. */
  tinted?: boolean;
  children: ReactNode;
}

/** One landing section: `<section id>` named by its h2, the target of the site's anchor links. */
export function Section({ id, title, intro, tinted = false, children }: SectionProps) {
  return (
    <Root id={id} aria-labelledby={`${id}-title`} $tinted={tinted}>
      <Inner>
        <Heading id={`${id}-title`} $alone={!intro}>
          {title}
        </Heading>
        {intro ? <Intro>{intro}</Intro> : null}
        {children}
      </Inner>
    </Root>
  );
}

/** Cards side by side on wide screens, stacked on narrow ones. */
export const CardGrid = styled.div<{ $columns: number }>`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  grid-template-columns: 1fr;
  ${media.up('md')} {
    grid-template-columns: repeat(${({ $columns }) => Math.min($columns, 2)}, minmax(0, 1fr));
  }
  ${media.up('lg')} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }
`;

/** A plain card: a titled block of text (an h3 under the section's h2). */
export const Tile = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
