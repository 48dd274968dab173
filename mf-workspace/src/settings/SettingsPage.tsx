import { PageBody, PageHeader } from '@platform/remote-kit';

/** /settings: the page's title and frame; its content arrives with the issue that builds this screen. */
export function SettingsPage() {
  return (
    <PageBody>
      <PageHeader title="Settings" />
    </PageBody>
  );
}
