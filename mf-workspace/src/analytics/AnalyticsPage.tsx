import { PageBody, PageHeader } from '@platform/remote-kit';
import { useWorkspaceT } from '../i18n';

/** /analytics: the page's title and frame; its content arrives with the issue that builds this screen. */
export function AnalyticsPage() {
  const t = useWorkspaceT();
  return (
    <PageBody>
      <PageHeader title={t('titles.analytics')} />
    </PageBody>
  );
}
