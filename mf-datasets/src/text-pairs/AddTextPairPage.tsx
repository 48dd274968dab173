import { PageBody, PageHeader } from '@platform/remote-kit';

/** /data/addtextpair: the page's title and frame; its content arrives with the issue that builds this screen. */
export function AddTextPairPage() {
  return (
    <PageBody>
      <PageHeader
        title="Add Text Pair"
        subtitle="Contribute English and Yoruba text pairs to improve language technology"
      />
    </PageBody>
  );
}
