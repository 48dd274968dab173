import styled, { css } from 'styled-components';

export type AvatarSize = 'md' | 'lg';

const SIZES: Record<AvatarSize, string> = { md: '2.5rem', lg: '5rem' };

const round = css<{ $size: AvatarSize }>`
  flex: none;
  width: ${({ $size }) => SIZES[$size]};
  height: ${({ $size }) => SIZES[$size]};
  border-radius: 50%;
`;

const Picture = styled.img<{ $size: AvatarSize }>`
  ${round}
  object-fit: cover;
  ${({ $size, theme }) => ($size === 'lg' ? `border: 1px solid ${theme.colors.border};` : '')}
`;

const Initials = styled.span<{ $size: AvatarSize }>`
  ${round}
  display: inline-flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.primary.subtle};
  color: ${({ theme }) => theme.colors.primary.subtleText};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  ${({ $size, theme }) => ($size === 'lg' ? `font-size: ${theme.fontSizes.xl};` : '')}
`;

/** "Ada Lovelace" → "AL". */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

export interface AvatarProps {
  /** The person's name: their initials stand in when there is no picture. */
  name: string;
  src: string | null;
  /**
   * The picture's text alternative. Leave it empty (the default) where the person's name stands beside the
   * avatar; the initials are always hidden from assistive technology.
   */
  alt?: string;
  /** `md` beside a name in a list or the sidebar, `lg` on a profile. */
  size?: AvatarSize;
}

/** A person's picture, round, or their initials when they have none. */
export function Avatar({ name, src, alt = '', size = 'md' }: AvatarProps) {
  return src ? (
    <Picture $size={size} src={src} alt={alt} data-avatar="" />
  ) : (
    <Initials $size={size} aria-hidden="true" translate="no" data-initials="">
      {initialsOf(name)}
    </Initials>
  );
}
