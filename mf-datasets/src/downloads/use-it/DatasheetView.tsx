import { Fragment, useId, type ReactNode } from 'react';
import styled from 'styled-components';
import type { DatasheetCountRow, LanguageDatasheet, ToneMarkCoverage } from '@platform/contracts';
import { useDatasetsT } from '../../i18n';
import { hoursOf, useFormats } from '../../shared/format';

const Sheet = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  h5 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
  }
  dl {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: end;
  }
`;

const Tables = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  /* Fitted to its column, words wrapping, rather than scrolled: no region to reach by keyboard, none sideways. */
  table {
    width: 100%;
    table-layout: fixed;
    border-collapse: collapse;
  }
  caption {
    text-align: start;
    font-weight: 600;
    padding-bottom: ${({ theme }) => theme.space[1]};
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: start;
    overflow-wrap: anywhere;
    hyphens: auto;
  }
  td + td,
  th + th {
    text-align: end;
  }
`;

/** A small table with a caption (its name for screen readers too), column headers and row headers. */
function FigureTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: Array<{ key: string; head: ReactNode; cells: string[] }>;
}) {
  return (
    <div>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.head}</th>
              {r.cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One language folder's datasheet, from the figures the build computed for its README. */
export function DatasheetView({ sheet }: { sheet: LanguageDatasheet }) {
  const t = useDatasetsT();
  const f = useFormats();
  const headingId = useId();
  const hours = (ms: number) => f.hours(hoursOf(ms / 1000));
  const counts = (caption: string, rows: DatasheetCountRow[]) => (
    <FigureTable
      caption={caption}
      columns={[
        t('downloads.datasheet.value'),
        t('downloads.datasheet.clipsColumn'),
        t('downloads.datasheet.speakersColumn'),
      ]}
      rows={rows.map((r) => ({
        key: r.value,
        // A value is what the speakers gave (free text for accents), shown as given.
        head: r.value ? <span translate="no">{r.value}</span> : t('downloads.datasheet.notGiven'),
        cells: [f.number(r.clips), f.number(r.speakers)],
      }))}
    />
  );
  const tone = (label: string, c: ToneMarkCoverage) => ({
    key: label,
    head: label,
    cells: [f.number(c.sentences), f.number(c.toneMarked), f.number(c.underDotted), f.number(c.bare)],
  });
  const glance: Array<[string, string]> = [
    ['clips', f.number(sheet.clips)],
    ['hours', hours(sheet.audioMs)],
    ['speakers', f.number(sheet.speakers)],
    ['readRecordings', f.number(sheet.readRecordings)],
    ['donatedSides', f.number(sheet.donatedSides)],
    ['invalidated', f.number(sheet.invalidated)],
    ['other', f.number(sheet.other)],
    ['reported', f.number(sheet.reported)],
    ['validatedSentences', f.number(sheet.validatedSentences)],
    ['unvalidatedSentences', f.number(sheet.unvalidatedSentences)],
  ];
  return (
    <Sheet aria-labelledby={headingId} data-testid="datasheet">
      <h5 id={headingId}>
        {t('downloads.datasheet.title', { language: t(`downloads.languages.${sheet.language}`) })}
      </h5>
      <dl>
        {glance.map(([key, value]) => (
          <Fragment key={key}>
            <dt>{t(`downloads.datasheet.${key}`)}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <p>{t('downloads.datasheet.voteRule', sheet.voteRule)}</p>
      <Tables>
        <FigureTable
          caption={t('downloads.datasheet.splits')}
          columns={[
            t('downloads.datasheet.split'),
            t('downloads.datasheet.clipsColumn'),
            t('downloads.datasheet.hoursColumn'),
            t('downloads.datasheet.speakersColumn'),
          ]}
          rows={sheet.splits.map((s) => ({
            key: s.split,
            head: t(`downloads.statistics.splits.${s.split}`),
            cells: [f.number(s.clips), hours(s.audioMs), f.number(s.speakers)],
          }))}
        />
        {counts(t('downloads.datasheet.age'), sheet.age)}
        {counts(t('downloads.datasheet.gender'), sheet.gender)}
        {counts(t('downloads.datasheet.accent'), sheet.accent)}
        {sheet.toneMarks ? (
          <FigureTable
            caption={t('downloads.datasheet.toneMarks')}
            columns={[
              t('downloads.datasheet.text'),
              t('downloads.datasheet.sentences'),
              t('downloads.datasheet.toneMarked'),
              t('downloads.datasheet.underDotted'),
              t('downloads.datasheet.bare'),
            ]}
            rows={[
              tone(t('downloads.datasheet.approvedSentences'), sheet.toneMarks.sentences),
              tone(t('downloads.datasheet.transcriptions'), sheet.toneMarks.transcriptions),
            ]}
          />
        ) : null}
      </Tables>
    </Sheet>
  );
}
