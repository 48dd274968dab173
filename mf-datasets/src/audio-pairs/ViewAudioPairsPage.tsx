import { PageBody, PageHeader } from '@platform/remote-kit';

/** /data/view-audio-pair: the page's title and frame; its content arrives with the issue that builds this screen. */
export function ViewAudioPairsPage() {
  return (
    <PageBody>
      <PageHeader title="View Audio Pairs" />
    </PageBody>
  );
}
