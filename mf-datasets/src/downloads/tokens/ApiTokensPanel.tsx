import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { API_TOKEN_NAME_MAX_LENGTH, API_TOKENS_MAX } from '@platform/contracts/client';
import type { ApiToken, ApiTokenCreated } from '@platform/contracts';
import { useSession } from '@platform/store';
import {
  Button,
  Card,
  CheckIcon,
  Dialog,
  ErrorState,
  Table,
  TextField,
  XIcon,
  focusRing,
  useToast,
  type TableColumn,
} from '@platform/ui';
import { readApiError, specificErrorMessage } from '../../api/errorMessage';
import {
  useCreateApiTokenMutation,
  useGetApiTokensQuery,
  useRevokeApiTokenMutation,
} from '../../api/tokensApi';
import { useDatasetsT } from '../../i18n';
import { useFormats } from '../../shared/format';

/** Who may hold tokens (the access of the token routes). */
const TOKEN_ROLES: ReadonlySet<string> = new Set(['researcher', 'admin']);

/** Where the gateway publishes the public API's OpenAPI document. */
const OPENAPI_URL = '/api/openapi.json';

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const CreateForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  & > div {
    flex: 1 1 16rem;
  }
  & > button {
    margin-top: 1.75rem;
  }
`;

const SecretBox = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 2px solid ${({ theme }) => theme.colors.warning.main};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  h3 {
    ${focusRing}
  }
  p {
    margin: 0;
  }
`;

const SecretRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  & > div {
    flex: 1 1 20rem;
  }
  input {
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

const ListHeading = styled.h3`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  ${focusRing}
`;

const Prefix = styled.code`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: nowrap;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Usage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  p {
    margin: 0;
  }
  pre {
    margin: 0;
    padding: ${({ theme }) => theme.space[3]};
    /* Wrapped rather than scrolled: on a phone a scrolling box would need a keyboard stop of its own. */
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceSunken};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

/** A date from the data, written in the chosen language's way (data, so not run through the catalogue). */
function Moment({ iso, format }: { iso: string; format: (iso: string) => string }) {
  return (
    <time dateTime={iso} translate="no">
      {format(iso)}
    </time>
  );
}

/** The secret of a token just created, shown this once with a copy button. */
function NewSecret({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  const t = useDatasetsT();
  const headingId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const fieldRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Shown once: focus goes to it so a screen reader reads the warning at once.
  useEffect(() => headingRef.current?.focus(), [created.secret]);

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopy('copied');
    } catch {
      // No clipboard (a page not served over HTTPS, or refused): the secret is selected for the person to copy.
      fieldRef.current?.focus();
      fieldRef.current?.select();
      setCopy('failed');
    }
  };

  return (
    <SecretBox aria-labelledby={headingId} data-testid="api-token-secret">
      <h3 id={headingId} tabIndex={-1} ref={headingRef}>
        {t('tokens.secret.title')} <span translate="no">{created.token.name}</span>
      </h3>
      <p>
        <strong>{t('tokens.secret.warning')}</strong>
      </p>
      <SecretRow>
        <TextField
          ref={fieldRef}
          label={t('tokens.secret.label')}
          value={created.secret}
          readOnly
          translate="no"
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" startIcon={<CheckIcon />} onClick={() => void copySecret()}>
          {t('tokens.secret.copy')}
        </Button>
      </SecretRow>
      <p aria-live="polite" role="status">
        {copy === 'copied'
          ? t('tokens.secret.copied')
          : copy === 'failed'
            ? t('tokens.secret.copyFailed')
            : ''}
      </p>
      <div>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('tokens.secret.done')}
        </Button>
      </div>
    </SecretBox>
  );
}

function RevokeDialog({
  token,
  busy,
  onCancel,
  onConfirm,
}: {
  token: ApiToken | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useDatasetsT();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={token !== null}
      onClose={onCancel}
      size="sm"
      title={t('tokens.revokeDialog.title')}
      description={token ? t('tokens.revokeDialog.description', { name: token.name }) : undefined}
      closeLabel={t('tokens.revokeDialog.close')}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            {t('tokens.revokeDialog.cancel')}
          </Button>
          <Button type="button" variant="danger" loading={busy} disabled={busy} onClick={onConfirm}>
            {t('tokens.revokeDialog.confirm')}
          </Button>
        </>
      }
    />
  );
}

/** The list, the create form, the secret shown once and the revoke confirmation. */
function TokenManager() {
  const t = useDatasetsT();
  const toast = useToast();
  const formatDate = useFormats().dateTime;
  const tokens = useGetApiTokensQuery();
  const [create, creating] = useCreateApiTokenMutation();
  const [revoke, revoking] = useRevokeApiTokenMutation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const listHeadingId = useId();

  const items = tokens.data?.items;
  const atLimit = (items?.length ?? 0) >= API_TOKENS_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (creating.isLoading) return;
    const trimmed = name.trim().normalize('NFC');
    if (!trimmed) {
      setNameError(t('tokens.create.nameRequired'));
      nameRef.current?.focus();
      return;
    }
    try {
      const answer = await create({ name: trimmed }).unwrap();
      setName('');
      setNameError(null);
      setCreated(answer);
    } catch (error) {
      setNameError(specificErrorMessage(readApiError(error)) ?? t('tokens.create.failed'));
      nameRef.current?.focus();
    }
  };

  const confirmRevoke = async () => {
    if (!toRevoke || revoking.isLoading) return;
    try {
      await revoke({ id: toRevoke.id }).unwrap();
      toast.show({ variant: 'success', title: t('tokens.revoked', { name: toRevoke.name }) });
    } catch (error) {
      // Already revoked elsewhere: the list is read again and no longer shows it, which is what was asked.
      if (readApiError(error).status !== 404) {
        toast.show({ variant: 'error', title: t('tokens.revokeFailed') });
        return;
      }
    }
    if (created?.token.id === toRevoke.id) setCreated(null);
    setToRevoke(null);
    listHeadingRef.current?.focus();
  };

  const columns: TableColumn<ApiToken>[] = [
    {
      key: 'name',
      header: t('tokens.columns.name'),
      render: (token) => <span translate="no">{token.name}</span>,
    },
    {
      key: 'prefix',
      header: t('tokens.columns.prefix'),
      render: (token) => <Prefix translate="no">{`${token.prefix}…`}</Prefix>,
    },
    {
      key: 'createdAt',
      header: t('tokens.columns.created'),
      render: (token) => <Moment iso={token.createdAt} format={formatDate} />,
    },
    {
      key: 'lastUsedAt',
      header: t('tokens.columns.lastUsed'),
      render: (token) =>
        token.lastUsedAt ? (
          <Moment iso={token.lastUsedAt} format={formatDate} />
        ) : (
          <Muted>{t('tokens.neverUsed')}</Muted>
        ),
    },
    {
      key: 'actions',
      header: t('tokens.columns.actions'),
      render: (token) => (
        <Button
          type="button"
          size="sm"
          variant="danger"
          startIcon={<XIcon />}
          aria-label={t('tokens.revokeLabel', { name: token.name })}
          onClick={() => setToRevoke(token)}
        >
          {t('tokens.revoke')}
        </Button>
      ),
    },
  ];

  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <>
      {created ? (
        <NewSecret
          created={created}
          onDone={() => {
            setCreated(null);
            nameRef.current?.focus();
          }}
        />
      ) : null}
      <CreateForm noValidate onSubmit={(e) => void submit(e)} aria-label={t('tokens.create.label')}>
        <TextField
          ref={nameRef}
          label={t('tokens.create.name')}
          hint={
            atLimit
              ? t('tokens.create.atLimit', { max: API_TOKENS_MAX })
              : t('tokens.create.nameHint', { max: API_TOKEN_NAME_MAX_LENGTH })
          }
          required
          maxLength={API_TOKEN_NAME_MAX_LENGTH}
          value={name}
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          error={nameError ?? undefined}
        />
        <Button type="submit" loading={creating.isLoading} disabled={creating.isLoading || atLimit}>
          {t('tokens.create.submit')}
        </Button>
      </CreateForm>
      <ListHeading id={listHeadingId} ref={listHeadingRef} tabIndex={-1}>
        {t('tokens.listTitle')}
        {items ? (
          <Muted>{` ${t('tokens.count', { count: items.length, max: API_TOKENS_MAX })}`}</Muted>
        ) : null}
      </ListHeading>
      {tokens.isError && !items ? (
        <ErrorState
          headingLevel={4}
          title={t('tokens.loadFailed')}
          onRetry={() => void tokens.refetch()}
          retryLabel={t('tokens.retry')}
          retrying={tokens.isFetching}
        />
      ) : (
        <Table
          caption={t('tokens.listTitle')}
          captionHidden
          columns={columns}
          rows={items ?? []}
          getRowKey={(token) => token.id}
          loading={!items}
          loadingRows={2}
          emptyMessage={t('tokens.empty')}
        />
      )}
      <Usage>
        <p>{t('tokens.usage')}</p>
        <pre translate="no">
          <code>{`curl -H "Authorization: Bearer $TOKEN" ${origin}/api/datasets`}</code>
        </pre>
        <p>
          <a href={OPENAPI_URL}>{t('tokens.openApi')}</a>
        </p>
      </Usage>
      <RevokeDialog
        token={toRevoke}
        busy={revoking.isLoading}
        onCancel={() => setToRevoke(null)}
        onConfirm={() => void confirmRevoke()}
      />
    </>
  );
}

/**
 * Personal API tokens on /data/downloads: researchers and admins list, create (the secret shown once) and
 * revoke them; anyone else reads one line saying who may.
 */
export function ApiTokensPanel() {
  const t = useDatasetsT();
  const session = useSession();
  if (session.status === 'loading' || session.status === 'unknown') return null;
  if (!session.user || !TOKEN_ROLES.has(session.user.role)) {
    return <Note data-testid="api-tokens-note">{t('tokens.researchersOnly')}</Note>;
  }
  return (
    <Card title={t('tokens.title')} headingLevel={2} description={t('tokens.description')}>
      <TokenManager />
    </Card>
  );
}
