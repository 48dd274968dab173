import { PageBody, PageHeader } from '@platform/store';

/** /languages: the page's title and frame; its content arrives with the issue that builds this screen. */
export function LanguagesPage() {
  return (
    <PageBody>
      <PageHeader title="Languages" />
    </PageBody>
  );
}
