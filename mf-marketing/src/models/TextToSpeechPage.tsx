import { PageBody, PageHeader } from '@platform/remote-kit';

/** /model/text-to-speech: the page's title and frame; its content arrives with the issue that builds this screen. */
export function TextToSpeechPage() {
  return (
    <PageBody>
      <PageHeader title="Text-to-Speech Model" />
    </PageBody>
  );
}
