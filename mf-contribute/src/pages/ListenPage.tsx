import { PageBody, PageHeader } from '@platform/store';

/** /user/listen: the page's title and frame; its content arrives with the issue that builds this screen. */
export function ListenPage() {
  return (
    <PageBody>
      <PageHeader title="Listen" />
    </PageBody>
  );
}
