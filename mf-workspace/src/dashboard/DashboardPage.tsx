import { PageBody, PageHeader } from '@platform/remote-kit';

/** /dashboard: the page's title and frame; its content arrives with the issue that builds this screen. */
export function DashboardPage() {
  return (
    <PageBody>
      <PageHeader title="Dashboard" />
    </PageBody>
  );
}
