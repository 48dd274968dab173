import { PageBody, PageHeader } from '@platform/remote-kit';

/** /user/write: the page's title and frame; its content arrives with the issue that builds this screen. */
export function WritePage() {
  return (
    <PageBody>
      <PageHeader title="Write" />
    </PageBody>
  );
}
