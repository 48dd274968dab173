import { Link } from '@platform/router';
import { Button, EmptyState } from '@platform/ui';
import { useContributeT } from '../i18n';
import { pageUrl, signinPage } from '@platform/contracts/client';

/** Shown instead of a screen's content when the API answers 401: contributing needs an account. */
export function SignInNeeded({
  what,
}: {
  what: 'recordSentences' | 'checkRecordings' | 'writeSentences' | 'reviewItems' | 'donateVoice';
}) {
  const t = useContributeT();
  return (
    <EmptyState
      headingLevel={2}
      title={t(`signInNeeded.${what}`)}
      description={t('signInNeeded.description')}
      action={
        <Button as={Link} to={pageUrl(signinPage)}>
          {t('common.signIn')}
        </Button>
      }
    />
  );
}
