import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';

/** /languages: the page's title and frame; its content arrives with the issue that builds this screen. */
export function LanguagesPage() {
  const t = useMarketingT();
  return (
    <PageBody>
      <PageHeader title={t('titles.languages')} />
    </PageBody>
  );
}
