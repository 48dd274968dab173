import type { ReactNode } from 'react';
import { AlertIcon } from '../../icons';
import { Button } from '../Button/Button';
import { StateAction, StateIcon, StateRoot, StateText, StateTitle } from '../EmptyState/EmptyState';

export interface ErrorStateProps {
  title?: ReactNode;
  message?: ReactNode;
  /** Shows a "Retry" button that calls this. */
  onRetry?: () => void;
  /** Label of the retry button. */
  retryLabel?: string;
  /** Disables the retry button and shows it loading while a retry is under way. */
  retrying?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** A failed load or section, announced to screen readers (role="alert"), with an optional Retry. */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Retry',
  retrying = false,
  headingLevel = 3,
  className,
}: ErrorStateProps) {
  return (
    <StateRoot role="alert" className={className}>
      <StateIcon aria-hidden="true">
        <AlertIcon />
      </StateIcon>
      <StateTitle as={`h${headingLevel}`}>{title}</StateTitle>
      {message ? <StateText>{message}</StateText> : null}
      {onRetry ? (
        <StateAction>
          <Button variant="outline" onClick={onRetry} loading={retrying}>
            {retryLabel}
          </Button>
        </StateAction>
      ) : null}
    </StateRoot>
  );
}
