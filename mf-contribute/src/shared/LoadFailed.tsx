import { ErrorState } from '@platform/ui';
import { errorMessage, errorStatus } from '../api/errorMessage';
import { useContributeT } from '../i18n';
import { SignInNeeded } from './SignInNeeded';

/**
 * What a contribution screen shows when its first call failed: the sign-in prompt for a 401, otherwise the
 * error's message with Retry.
 */
export function LoadFailed({
  error,
  what,
  title,
  onRetry,
}: {
  error: unknown;
  what: Parameters<typeof SignInNeeded>[0]['what'];
  title: string;
  onRetry: () => void;
}) {
  const t = useContributeT();
  if (errorStatus(error) === 401) return <SignInNeeded what={what} />;
  return (
    <ErrorState
      headingLevel={2}
      title={title}
      message={errorMessage(error)}
      retryLabel={t('common.retry')}
      onRetry={onRetry}
    />
  );
}
