import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';

/** /about: the page's title and frame; its content arrives with the issue that builds this screen. */
export function AboutPage() {
  const t = useMarketingT();
  return (
    <PageBody>
      <PageHeader title={t('titles.about')} />
    </PageBody>
  );
}
