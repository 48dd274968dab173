import { PageBody, PageHeader } from '@platform/remote-kit';

/** /tasks: the page's title and frame; its content arrives with the issue that builds this screen. */
export function TasksPage() {
  return (
    <PageBody>
      <PageHeader title="Tasks" />
    </PageBody>
  );
}
