import { PageBody, PageHeader } from '@platform/remote-kit';

/** /projects: the page's title and frame; its content arrives with the issue that builds this screen. */
export function ProjectsPage() {
  return (
    <PageBody>
      <PageHeader title="Projects" />
    </PageBody>
  );
}
