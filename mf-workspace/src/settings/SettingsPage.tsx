import { PageBody, PageHeader } from '@platform/remote-kit';
import { useWorkspaceT } from '../i18n';

/** /settings: the page's title and frame; its content arrives with the issue that builds this screen. */
export function SettingsPage() {
  const t = useWorkspaceT();
  return (
    <PageBody>
      <PageHeader title={t('titles.settings')} />
    </PageBody>
  );
}
