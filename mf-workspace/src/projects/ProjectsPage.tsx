import { PageBody, PageHeader } from '@platform/remote-kit';
import { useWorkspaceT } from '../i18n';

/** /projects: the page's title and frame; its content arrives with the issue that builds this screen. */
export function ProjectsPage() {
  const t = useWorkspaceT();
  return (
    <PageBody>
      <PageHeader title={t('titles.projects')} />
    </PageBody>
  );
}
