import type { ComponentPropsWithRef, ElementType, MouseEvent, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import type { DefaultTheme } from 'styled-components';
import { focusRing, touchTarget } from '../../theme/mixins';
import { Spinner } from '../Spinner/Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonOwnProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner in place of the label (keeping the width), sets aria-busy and disables the button. */
  loading?: boolean;
  fullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  /** Renders a link (`<a href>`) styled as a button. */
  href?: string;
  /** Render as another component, e.g. a router `Link` (pass `to`). */
  as?: ElementType;
  /** Passed through to the `as` component, e.g. react-router's `Link`. */
  to?: string | { pathname?: string; search?: string; hash?: string };
  target?: string;
  rel?: string;
  download?: boolean | string;
}

export type ButtonProps = ButtonOwnProps &
  Omit<ComponentPropsWithRef<'button'>, keyof ButtonOwnProps> & {
    ref?: ComponentPropsWithRef<'button'>['ref'];
  };

function variantStyles(theme: DefaultTheme, variant: ButtonVariant) {
  const { colors } = theme;
  switch (variant) {
    case 'primary':
    case 'secondary':
    case 'danger': {
      const role = colors[variant];
      return css`
        background: ${role.main};
        color: ${role.contrastText};
        border-color: ${role.main};
        &:hover:not([aria-disabled='true']):not(:disabled) {
          background: ${role.hover};
          border-color: ${role.hover};
          color: ${role.contrastText};
        }
        &:active:not([aria-disabled='true']):not(:disabled) {
          background: ${role.active};
        }
      `;
    }
    case 'outline':
      return css`
        background: ${colors.surface};
        color: ${colors.primary.main};
        border-color: ${colors.primary.main};
        &:hover:not([aria-disabled='true']):not(:disabled) {
          background: ${colors.primary.subtle};
          color: ${colors.primary.hover};
        }
      `;
    case 'ghost':
      return css`
        background: transparent;
        color: ${colors.text};
        border-color: transparent;
        &:hover:not([aria-disabled='true']):not(:disabled) {
          background: ${colors.surfaceSunken};
          color: ${colors.text};
        }
      `;
  }
}

const paddings: Record<ButtonSize, keyof DefaultTheme['space']> = { sm: 3, md: 4, lg: 6 };
const fontSizes: Record<ButtonSize, keyof DefaultTheme['fontSizes']> = { sm: 'sm', md: 'md', lg: 'lg' };

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $fullWidth: boolean }>`
  position: relative;
  display: ${({ $fullWidth }) => ($fullWidth ? 'flex' : 'inline-flex')};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme, $size }) => theme.controlHeights[$size]};
  padding: 0 ${({ theme, $size }) => theme.space[paddings[$size]]};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme, $size }) => theme.fontSizes[fontSizes[$size]]};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  transition:
    background ${({ theme }) => theme.transitions.fast},
    border-color ${({ theme }) => theme.transitions.fast},
    color ${({ theme }) => theme.transitions.fast};
  ${({ theme, $variant }) => variantStyles(theme, $variant)}
  ${focusRing}
  ${touchTarget}

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  &[aria-busy='true'] {
    cursor: progress;
    opacity: 0.85;
  }
`;

// The label stays in the layout (transparent, still the accessible name) while loading so the button
// keeps its width.
const Content = styled.span<{ $hidden: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: inherit;
  opacity: ${({ $hidden }) => ($hidden ? 0 : 1)};
`;

const SpinnerSlot = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
`;

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  startIcon,
  endIcon,
  children,
  disabled,
  href,
  as,
  type,
  onClick,
  ...rest
}: ButtonProps) {
  const isLink = href !== undefined || as !== undefined;
  const inactive = Boolean(disabled) || loading;

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Links cannot be truly disabled, so swallow the activation instead.
    if (isLink && inactive) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  const elementProps = isLink
    ? { as: as ?? 'a', ...(href !== undefined ? { href } : {}), 'aria-disabled': inactive || undefined }
    : { type: type ?? 'button', disabled: inactive };

  return (
    <StyledButton
      {...rest}
      {...elementProps}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      aria-busy={loading || undefined}
      onClick={handleClick}
    >
      <Content $hidden={loading}>
        {startIcon}
        {children}
        {endIcon}
      </Content>
      {loading ? (
        <SpinnerSlot>
          <Spinner size="sm" decorative />
        </SpinnerSlot>
      ) : null}
    </StyledButton>
  );
}
