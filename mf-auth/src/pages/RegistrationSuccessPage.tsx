import { PageBody, PageHeader } from '@platform/store';

/** /auth/success: the page's title and frame; its content arrives with the issue that builds this screen. */
export function RegistrationSuccessPage() {
  return (
    <PageBody>
      <PageHeader title="Registration Successful" />
    </PageBody>
  );
}
