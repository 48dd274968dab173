import { PageBody, PageHeader } from '@platform/remote-kit';

/** /data/downloads: the page's title and frame; its content arrives with the issue that builds this screen. */
export function DatasetDownloadsPage() {
  return (
    <PageBody>
      <PageHeader
        title="Dataset Downloads"
        subtitle="Access and download high-quality speech datasets for research and development"
      />
    </PageBody>
  );
}
