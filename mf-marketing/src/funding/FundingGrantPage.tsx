import { PageBody, PageHeader } from '@platform/remote-kit';

/** /funding-grant: the page's title and frame; its content arrives with the issue that builds this screen. */
export function FundingGrantPage() {
  return (
    <PageBody>
      <PageHeader title="Fundings & Grants" subtitle="Research awards that support this work." />
    </PageBody>
  );
}
