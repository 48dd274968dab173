import { PageBody, PageHeader } from '@platform/remote-kit';

/** /analytics: the page's title and frame; its content arrives with the issue that builds this screen. */
export function AnalyticsPage() {
  return (
    <PageBody>
      <PageHeader title="Analytics" />
    </PageBody>
  );
}
