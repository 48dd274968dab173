import { PageBody, PageHeader } from '@platform/remote-kit';

/** /data/donate: the page's title and frame; its content arrives with the issue that builds this screen. */
export function DonateVoicePage() {
  return (
    <PageBody>
      <PageHeader title="Donate Your Voice" />
    </PageBody>
  );
}
