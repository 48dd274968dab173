import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';

/** /model/text-to-speech: the page's title and frame; its content arrives with the issue that builds this screen. */
export function TextToSpeechPage() {
  const t = useMarketingT();
  return (
    <PageBody>
      <PageHeader title={t('titles.textToSpeech')} />
    </PageBody>
  );
}
