import { useId } from 'react';
import styled from 'styled-components';
import { INQUIRY_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, settingsPage } from '@platform/contracts/client';
import type { ContactInterest } from '@platform/contracts';
import { useFilterText, useUrlFilters } from '@platform/remote-kit';
import { ErrorState, Select, Skeleton, TextField } from '@platform/ui';
import { useWorkspaceT } from '../i18n';
import { useGetInquiriesQuery } from '../api/inquiriesApi';
import { DateTimeText, Pager } from '../projects/parts';
import { failureMessage } from './errors';
import { Section } from './Section';
import { AdminFilters, AdminTableFrame } from './adminList';

/**
 * The contact form's interests (CONTACT_INTERESTS, in its order) and their catalogue keys. A Record keyed by the
 * contract's type: an interest added there fails the type check here until it has words.
 */
const INTEREST_KEYS: Record<ContactInterest, string> = {
  'Contributing speech data': 'speech',
  'Validating submissions': 'validating',
  'Accessing the dataset for research': 'research',
  'Enterprise partnership': 'enterprise',
  'Other inquiry': 'other',
};
const INTERESTS = Object.keys(INTEREST_KEYS) as ContactInterest[];
const isInterest = (value: string): value is ContactInterest => value in INTEREST_KEYS;

// Long e-mail addresses and languages wrap; a row's cells line up at their tops.
const Wrap = styled(AdminTableFrame)`
  td {
    vertical-align: top;
  }
  a {
    color: ${({ theme }) => theme.colors.primary.main};
    overflow-wrap: anywhere;
  }
`;

/**
 * Settings → Inquiries (admins): what people sent through the landing page's contact form, newest first,
 * searched (name, e-mail, languages) and filtered by interest on the server, a page at a time.
 */
export function InquiriesTab() {
  const t = useWorkspaceT();
  const headingId = useId();
  // Search, interest and page are in the address, beside the tab: a link opens the same list.
  const [{ q: query, interest, page }, setFilters] = useUrlFilters(settingsPage, { page: 1 });
  const [q, setQ] = useFilterText(query, { onPause: (text) => setFilters({ q: text }) });
  const inquiries = useGetInquiriesQuery({
    ...(query ? { q: query.slice(0, SEARCH_QUERY_MAX_LENGTH) } : {}),
    ...(interest ? { interest } : {}),
    page,
    pageSize: INQUIRY_PAGE_SIZE,
  });
  const interestName = (value: string) =>
    isInterest(value) ? t(`inquiries.interests.${INTEREST_KEYS[value]}`) : value;
  const filtered = Boolean(query || interest);

  const data = inquiries.data;
  let body;
  if (inquiries.error)
    body = (
      <ErrorState
        title={t('inquiries.loadFailed')}
        message={failureMessage(inquiries.error, t('inquiries.tryAgain'))}
        onRetry={() => void inquiries.refetch()}
        retryLabel={t('inquiries.retry')}
      />
    );
  else if (!data) body = <Skeleton lines={6} />;
  else if (data.items.length === 0)
    body = <p role="status">{filtered ? t('inquiries.noMatch') : t('inquiries.none')}</p>;
  else
    body = (
      <>
        <Wrap>
          <table aria-busy={inquiries.isFetching}>
            <caption>{t('inquiries.caption', { total: data.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('inquiries.name')}</th>
                <th scope="col">{t('inquiries.email')}</th>
                <th scope="col">{t('inquiries.interest')}</th>
                <th scope="col">{t('inquiries.languages')}</th>
                <th scope="col">{t('inquiries.date')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((inquiry) => (
                <tr key={inquiry.id}>
                  <th scope="row" translate="no">
                    {inquiry.firstName} {inquiry.lastName}
                  </th>
                  <td>
                    <a href={`mailto:${inquiry.email}`} translate="no">
                      {inquiry.email}
                    </a>
                  </td>
                  <td>{interestName(inquiry.interest)}</td>
                  <td>
                    {inquiry.languages.trim() ? (
                      <span translate="no">{inquiry.languages}</span>
                    ) : (
                      t('inquiries.noLanguages')
                    )}
                  </td>
                  <td>
                    <DateTimeText iso={inquiry.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Wrap>
        <Pager
          label={t('inquiries.pages')}
          page={data.page}
          total={data.total}
          pageSize={data.pageSize}
          onPage={(next) => setFilters({ page: next })}
        />
      </>
    );

  return (
    <Section aria-labelledby={headingId} style={{ maxWidth: 'none' }}>
      <h2 id={headingId}>{t('inquiries.title')}</h2>
      <p>{t('inquiries.intro')}</p>
      <AdminFilters role="search" aria-label={t('inquiries.filters')}>
        <TextField
          label={t('inquiries.search')}
          type="search"
          value={q}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          onChange={(e) => setQ(e.target.value)}
        />
        <Select
          label={t('inquiries.interestFilter')}
          value={interest ?? ''}
          onChange={(e) => setFilters({ interest: isInterest(e.target.value) ? e.target.value : undefined })}
          options={[
            { value: '', label: t('inquiries.allInterests') },
            ...INTERESTS.map((i) => ({ value: i, label: interestName(i) })),
          ]}
        />
      </AdminFilters>
      {body}
    </Section>
  );
}
