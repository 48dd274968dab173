import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AlertIcon, CheckIcon, InfoIcon, XIcon } from '../../icons';
import { focusRing } from '../../theme/mixins';

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastProps {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  onDismiss?: () => void;
  /** Label of the dismiss button. */
  dismissLabel?: string;
  className?: string;
}

const roleColor = { success: 'success', error: 'danger', info: 'info' } as const;

const Root = styled.div<{ $variant: ToastVariant }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  width: min(24rem, calc(100vw - 2rem));
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $variant }) => theme.colors[roleColor[$variant]].main};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  pointer-events: auto;
`;

const IconSlot = styled.span<{ $variant: ToastVariant }>`
  display: inline-flex;
  flex: none;
  margin-top: 2px;
  color: ${({ theme, $variant }) => theme.colors[roleColor[$variant]].main};
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
`;

const Title = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Description = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Dismiss = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 1.75rem;
  height: 1.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  ${focusRing}
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }
`;

const icons = { success: CheckIcon, error: AlertIcon, info: InfoIcon } as const;

/**
 * One notification. Errors are announced at once (role="alert"); other variants politely (role="status").
 * Usually shown through `useToast()` rather than rendered directly.
 */
export function Toast({
  title,
  description,
  variant = 'info',
  onDismiss,
  dismissLabel = 'Dismiss',
  className,
}: ToastProps) {
  const Icon = icons[variant];
  const live =
    variant === 'error'
      ? ({ role: 'alert', 'aria-live': 'assertive' } as const)
      : ({ role: 'status', 'aria-live': 'polite' } as const);
  return (
    <Root {...live} aria-atomic="true" $variant={variant} className={className} data-variant={variant}>
      <IconSlot $variant={variant}>
        <Icon size={20} />
      </IconSlot>
      <Text>
        <Title>{title}</Title>
        {description ? <Description>{description}</Description> : null}
      </Text>
      {onDismiss ? (
        <Dismiss type="button" aria-label={dismissLabel} onClick={onDismiss}>
          <XIcon />
        </Dismiss>
      ) : null}
    </Root>
  );
}
