import { PageBody, PageHeader } from '@platform/remote-kit';
import { useContributeT } from '../i18n';

/** /user/write: the page's title and frame; its content arrives with the issue that builds this screen. */
export function WritePage() {
  const t = useContributeT();
  return (
    <PageBody>
      <PageHeader title={t('titles.write')} />
    </PageBody>
  );
}
