import { useId } from 'react';
import styled from 'styled-components';
import type { Dataset, ReleaseDatasheet } from '@platform/contracts';
import { Button, useToast } from '@platform/ui';
import { useDatasetsT } from '../../i18n';
import { useItLines } from './useItLines';

/** Where the page's API tokens panel is (DatasetDownloadsPage gives it this id). */
export const API_TOKENS_ANCHOR = 'api-tokens';

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
  }
`;

const Lines = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Line = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

const CodeRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  pre {
    flex: 1 1 auto;
    min-width: 0;
    margin: 0;
    padding: ${({ theme }) => theme.space[2]};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceSunken};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    /* Wrapped, never scrolled sideways: the whole line is readable on a 360 px screen. */
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  button {
    flex: none;
  }
`;

/** One line to copy: what it does, the line, and its copy button (the page's toast says whether it worked). */
function CopyLine({ label, text }: { label: string; text: string }) {
  const t = useDatasetsT();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.show({ variant: 'success', title: t('downloads.useIt.copied') });
    } catch {
      toast.show({ variant: 'error', title: t('downloads.useIt.copyFailed') });
    }
  };
  return (
    <Line>
      <span>{label}</span>
      <CodeRow>
        <pre translate="no" data-testid="use-it-line">
          <code>{text}</code>
        </pre>
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={t('downloads.useIt.copyLabel', { what: label })}
          onClick={() => void copy()}
        >
          {t('downloads.useIt.copy')}
        </Button>
      </CodeRow>
    </Line>
  );
}

/**
 * The "Use it" box of a release: its one-line loads, built from the addresses the gateway serves its archive
 * and each of its shards and tables at (with the person's API token as $TOKEN), and its citation.
 */
export function UseItBox({ dataset, sheet }: { dataset: Dataset; sheet: ReleaseDatasheet }) {
  const t = useDatasetsT();
  const headingId = useId();
  const lines = useItLines({
    origin: typeof window === 'undefined' ? '' : window.location.origin,
    datasetId: dataset.id,
    release: sheet,
  });
  const languageName = (code: string) => t(`downloads.languages.${code}`);
  return (
    <Box aria-labelledby={headingId} data-testid="use-it">
      <h4 id={headingId}>{t('downloads.useIt.showing', { version: sheet.version })}</h4>
      <p>
        {t(lines.fromUrls ? 'downloads.useIt.introUrls' : 'downloads.useIt.intro', {
          version: sheet.version,
        })}
      </p>
      {sheet.base !== null ? <p>{t('downloads.useIt.delta', { base: sheet.base })}</p> : null}
      <p>
        {t('downloads.useIt.token')} <a href={`#${API_TOKENS_ANCHOR}`}>{t('downloads.useIt.tokenLink')}</a>
      </p>
      <Lines>
        <CopyLine label={t('downloads.useIt.download')} text={lines.curl} />
        <CopyLine label={t('downloads.useIt.unzip')} text={lines.unzip} />
        {lines.parquet ? (
          <CopyLine label={t('downloads.useIt.parquet')} text={lines.parquet} />
        ) : (
          <Line>
            <span>{t('downloads.useIt.noParquet')}</span>
          </Line>
        )}
        {lines.pandas.map(({ language, line }) => (
          <CopyLine
            key={language}
            label={t('downloads.useIt.pandas', { language: languageName(language) })}
            text={line}
          />
        ))}
        <CopyLine label={t('downloads.useIt.citation')} text={sheet.citation} />
      </Lines>
      <p>{t('downloads.useIt.citationNote')}</p>
    </Box>
  );
}
