import styled from 'styled-components';

const SIZE = '2.5rem';

const Picture = styled.img`
  flex: none;
  width: ${SIZE};
  height: ${SIZE};
  border-radius: 50%;
  object-fit: cover;
`;

const Initials = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${SIZE};
  height: ${SIZE};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary.subtle};
  color: ${({ theme }) => theme.colors.primary.subtleText};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

/** "Ada Lovelace" → "AL". */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/**
 * A person's avatar beside their name, or their initials when they have none. Decorative: the name next to
 * it says who it is.
 */
export function PersonAvatar({ name, src }: { name: string; src: string | null }) {
  return src ? (
    <Picture src={src} alt="" data-avatar="" />
  ) : (
    <Initials aria-hidden="true" translate="no" data-initials="">
      {initialsOf(name)}
    </Initials>
  );
}
