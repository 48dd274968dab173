import { PageBody, PageHeader } from '@platform/remote-kit';

/** /download: the page's title and frame; its content arrives with the issue that builds this screen. */
export function DownloadPage() {
  return (
    <PageBody>
      <PageHeader title="Download" />
    </PageBody>
  );
}
