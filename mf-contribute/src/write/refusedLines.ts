import { ERROR_MESSAGES, isErrorCode } from '@platform/contracts/client';
import type { SentenceLineOutcome } from '@platform/contracts';
import { translateError } from '@platform/i18n';

/** A line of a batch or file that was refused, with its reason in the chosen language. */
export interface RefusedLine {
  line: number;
  text: string;
  reason: string;
}

/** Why a line was refused, in the chosen language (the server's code, else a generic refusal). */
export function reasonFor(code: string | undefined): string {
  const known = code ?? 'request.refused';
  return translateError(
    known,
    isErrorCode(known) ? ERROR_MESSAGES[known] : ERROR_MESSAGES['request.refused'],
  );
}

export function refusedLines(lines: readonly SentenceLineOutcome[]): RefusedLine[] {
  return lines
    .filter((l) => !l.accepted)
    .map((l) => ({ line: l.line, text: l.text, reason: reasonFor(l.code) }));
}

/** The columns of the download, in this order, so a person can fix the sentences and upload the file again. */
export const REFUSED_CSV_FIELDS = ['sentence', 'line', 'reason'] as const;

/**
 * The refused lines as CSV (header `sentence,line,reason`). Papa Parse quotes what needs quoting (commas,
 * quotes, line breaks); it is loaded only when someone downloads, so it stays out of the page's first chunks.
 */
export async function refusedLinesCsv(lines: readonly RefusedLine[]): Promise<string> {
  const { unparse } = await import('papaparse');
  return unparse(
    {
      fields: [...REFUSED_CSV_FIELDS],
      data: lines.map((l) => [l.text, String(l.line), l.reason]),
    },
    { newline: '\r\n' },
  );
}

/** Saves text as a file through a temporary link (UTF-8 with a byte-order mark, which spreadsheets need). */
export function saveTextFile(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
