import { PageBody, PageHeader } from '@platform/store';

/** /auth/verify: the page's title and frame; its content arrives with the issue that builds this screen. */
export function VerifyEmailPage() {
  return (
    <PageBody>
      <PageHeader title="Email Verification" />
    </PageBody>
  );
}
