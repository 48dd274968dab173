import { PageBody, PageHeader } from '@platform/remote-kit';

/** /languages: the page's title and frame; its content arrives with the issue that builds this screen. */
export function LanguagesPage() {
  return (
    <PageBody>
      <PageHeader title="Languages" />
    </PageBody>
  );
}
