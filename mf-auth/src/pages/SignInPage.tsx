import { PageBody, PageHeader } from '@platform/store';

/** /signin: the page's title and frame; its content arrives with the issue that builds this screen. */
export function SignInPage() {
  return (
    <PageBody>
      <PageHeader title="Sign In" />
    </PageBody>
  );
}
