// Building blocks shared by the form controls: label, hint and error wiring.
import { useId } from 'react';
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { touchTarget } from '../../theme/mixins';

export interface FieldBaseProps {
  /** Visible label. */
  label: ReactNode;
  /** Help text under the control, linked through aria-describedby. */
  hint?: ReactNode;
  /** Error message. When set the control is aria-invalid and the message is announced (role="alert"). */
  error?: ReactNode;
  /** Hide the label visually (it still names the control). */
  hideLabel?: boolean;
}

/** Ids for a control and its hint and error, and the aria attributes that tie them together. */
export function useFieldIds(idFromProps: string | undefined, hint: ReactNode, error: ReactNode) {
  const generated = useId();
  const id = idFromProps ?? `field-${generated}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = hasError(error) ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return {
    id,
    hintId,
    errorId,
    aria: { 'aria-invalid': hasError(error) || undefined, 'aria-describedby': describedBy },
  };
}

export function hasError(error: ReactNode): boolean {
  return error !== undefined && error !== null && error !== false && error !== '';
}

/** Merges the caller's aria-describedby with ours. */
export function joinIds(...ids: (string | undefined)[]) {
  return ids.filter(Boolean).join(' ') || undefined;
}

export const FieldWrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

export const Label = styled.label<{ $hidden?: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.text};
  ${({ $hidden }) =>
    $hidden &&
    css`
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    `}
`;

export const RequiredMark = styled.span.attrs({ 'aria-hidden': true })`
  color: ${({ theme }) => theme.colors.danger.main};
  margin-left: 2px;
`;

export const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ErrorText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger.main};
`;

/** Hint and error lines for a control, with the ids from useFieldIds. */
export function FieldMessages({
  hint,
  error,
  hintId,
  errorId,
}: {
  hint?: ReactNode;
  error?: ReactNode;
  hintId?: string;
  errorId?: string;
}) {
  return (
    <>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {hasError(error) ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </>
  );
}

/** Shared look of text inputs, text areas and selects. */
export const controlStyles = css`
  width: 100%;
  min-height: ${({ theme }) => theme.controlHeights.md};
  ${touchTarget}
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  transition: border-color ${({ theme }) => theme.transitions.fast};

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.neutral[600]};
  }
  &:focus-visible {
    outline: ${({ theme }) => `${theme.focusRing.width} solid ${theme.focusRing.color}`};
    outline-offset: 1px;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger.main};
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceSunken};
    color: ${({ theme }) => theme.colors.textDisabled};
    cursor: not-allowed;
  }
`;
