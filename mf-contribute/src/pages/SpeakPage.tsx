import { PageBody, PageHeader } from '@platform/store';

/** /user/speak: the page's title and frame; its content arrives with the issue that builds this screen. */
export function SpeakPage() {
  return (
    <PageBody>
      <PageHeader title="Speak" />
    </PageBody>
  );
}
