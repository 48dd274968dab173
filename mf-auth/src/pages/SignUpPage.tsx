import { PageBody, PageHeader } from '@platform/store';

/** /signup: the page's title and frame; its content arrives with the issue that builds this screen. */
export function SignUpPage() {
  return (
    <PageBody>
      <PageHeader title="Sign Up" />
    </PageBody>
  );
}
