import { PageBody, PageHeader } from '@platform/remote-kit';

/** /data/uploads: the page's title and frame; its content arrives with the issue that builds this screen. */
export function DatasetUploadsPage() {
  return (
    <PageBody>
      <PageHeader title="Dataset Uploads" />
    </PageBody>
  );
}
