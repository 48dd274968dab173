import { PageBody, PageHeader } from '@platform/store';

/** /auth/veremail: the page's title and frame; its content arrives with the issue that builds this screen. */
export function VerificationLinkPage() {
  return (
    <PageBody>
      <PageHeader title="Get a Verification Link" />
    </PageBody>
  );
}
