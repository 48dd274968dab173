import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useId } from 'react';
import styled from 'styled-components';

export type CardProps = Omit<ComponentPropsWithRef<'section'>, 'title'> & {
  /** Heading shown at the top; it also names the card (a labelled region). */
  title?: ReactNode;
  /** Heading level for the title, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  description?: ReactNode;
  /** Buttons or links at the top right. */
  actions?: ReactNode;
  footer?: ReactNode;
  padding?: 'none' | 'sm' | 'md' | 'lg';
  elevated?: boolean;
};

const paddings = { none: 0, sm: 3, md: 5, lg: 8 } as const;

const Root = styled.section<{ $padding: CardProps['padding'] & string; $elevated: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme, $padding }) => theme.space[paddings[$padding]]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme, $elevated }) => ($elevated ? theme.shadows.md : theme.shadows.sm)};
  min-width: 0;
`;

const Header = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Description = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Footer = styled.footer`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  padding-top: ${({ theme }) => theme.space[3]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** A bordered surface that groups related content. */
export function Card({
  title,
  headingLevel = 2,
  description,
  actions,
  footer,
  padding = 'md',
  elevated = false,
  children,
  ...rest
}: CardProps) {
  const titleId = useId();
  const hasHeader = Boolean(title || description || actions);
  return (
    <Root aria-labelledby={title ? titleId : undefined} {...rest} $padding={padding} $elevated={elevated}>
      {hasHeader ? (
        <Header>
          <div>
            {title ? (
              <Title as={`h${headingLevel}`} id={titleId}>
                {title}
              </Title>
            ) : null}
            {description ? <Description>{description}</Description> : null}
          </div>
          {actions ? <div>{actions}</div> : null}
        </Header>
      ) : null}
      {children}
      {footer ? <Footer>{footer}</Footer> : null}
    </Root>
  );
}
