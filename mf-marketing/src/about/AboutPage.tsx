import { PageBody, PageHeader } from '@platform/remote-kit';

/** /about: the page's title and frame; its content arrives with the issue that builds this screen. */
export function AboutPage() {
  return (
    <PageBody>
      <PageHeader title="About" />
    </PageBody>
  );
}
