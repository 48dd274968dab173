import { PageBody, PageHeader } from '@platform/remote-kit';

/** /model/speech-to-speech: the page's title and frame; its content arrives with the issue that builds this screen. */
export function SpeechToSpeechPage() {
  return (
    <PageBody>
      <PageHeader title="Speech-to-Speech Model" />
    </PageBody>
  );
}
