import { useState } from 'react';
import styled from 'styled-components';
import type { SentenceLineOutcome } from '@platform/contracts';
import { Button, Card, DownloadIcon, useToast } from '@platform/ui';
import { useContributeT } from '../i18n';
import { refusedLines, refusedLinesCsv, saveTextFile } from './refusedLines';

const Counts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  margin: 0 0 ${({ theme }) => theme.space[3]};
`;

const Scroll = styled.div`
  overflow-x: auto;
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption {
    text-align: left;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    padding-bottom: ${({ theme }) => theme.space[2]};
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
`;

export interface LinesResult {
  accepted: number;
  refused: number;
  lines: SentenceLineOutcome[];
}

/** What became of each line of a batch or a file: the counts, the refused lines with why, and a CSV of them. */
export function LineOutcome({ result, fileName }: { result: LinesResult; fileName: string }) {
  const t = useContributeT();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const refused = refusedLines(result.lines);

  const download = async () => {
    setSaving(true);
    try {
      saveTextFile(fileName, await refusedLinesCsv(refused));
    } catch (error) {
      toast.show({
        title: t('write.errorTitle'),
        description: error instanceof Error ? error.message : String(error),
        variant: 'error',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card padding="lg" title={t('write.outcome.title')} data-testid="line-outcome">
      <Counts aria-live="polite">
        <strong data-count="accepted">{t('write.outcome.accepted', { count: result.accepted })}</strong>
        <strong data-count="refused">{t('write.outcome.refused', { count: result.refused })}</strong>
      </Counts>
      {refused.length > 0 ? (
        <>
          <Scroll>
            <Lines>
              <caption>{t('write.outcome.refusedLines')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('write.outcome.line')}</th>
                  <th scope="col">{t('write.outcome.sentence')}</th>
                  <th scope="col">{t('write.outcome.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {refused.map((l) => (
                  <tr key={l.line}>
                    <td translate="no">{l.line}</td>
                    <td translate="no">{l.text}</td>
                    <td>{l.reason}</td>
                  </tr>
                ))}
              </tbody>
            </Lines>
          </Scroll>
          <Button
            variant="outline"
            startIcon={<DownloadIcon />}
            loading={saving}
            onClick={() => void download()}
          >
            {t('write.outcome.download')}
          </Button>
        </>
      ) : null}
    </Card>
  );
}
