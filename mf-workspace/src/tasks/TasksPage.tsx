import { PageBody, PageHeader } from '@platform/remote-kit';
import { useWorkspaceT } from '../i18n';

/** /tasks: the page's title and frame; its content arrives with the issue that builds this screen. */
export function TasksPage() {
  const t = useWorkspaceT();
  return (
    <PageBody>
      <PageHeader title={t('titles.tasks')} />
    </PageBody>
  );
}
