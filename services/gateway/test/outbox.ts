import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Undoes quoted-printable (soft line breaks and =XX escapes), which nodemailer uses for long lines. */
export function decodeQuotedPrintable(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface OutboxMail {
  file: string;
  raw: string;
  /** The message with quoted-printable undone, for reading links. */
  decoded: string;
}

/** Every .eml in the outbox, oldest first (the names sort by time). */
export async function readOutbox(dataDir: string, to?: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names.map(async (file) => {
      const raw = await readFile(join(dir, file), 'utf8');
      return { file, raw, decoded: decodeQuotedPrintable(raw) };
    }),
  );
  return to ? mails.filter((m) => new RegExp(`^To: ${to}\\r?$`, 'mi').test(m.raw)) : mails;
}

/** The token of the verification link in a mail. */
export function linkToken(mail: OutboxMail): string {
  const match = /\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail.decoded);
  if (!match) throw new Error(`no verification link in ${mail.file}`);
  return match[1]!;
}
