import { PageBody, PageHeader } from '@platform/remote-kit';
import { useWorkspaceT } from '../i18n';

/** /dashboard: the page's title and frame; its content arrives with the issue that builds this screen. */
export function DashboardPage() {
  const t = useWorkspaceT();
  return (
    <PageBody>
      <PageHeader title={t('titles.dashboard')} />
    </PageBody>
  );
}
