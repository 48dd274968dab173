import { PageBody, PageHeader } from '@platform/remote-kit';
import { useContributeT } from '../i18n';

/** /data/donate: the page's title and frame; its content arrives with the issue that builds this screen. */
export function DonateVoicePage() {
  const t = useContributeT();
  return (
    <PageBody>
      <PageHeader title={t('titles.donate')} />
    </PageBody>
  );
}
