// Reads the verification mail the gateway wrote to the outbox (no SMTP in tests) and finds its link.
import fs from 'node:fs';
import path from 'node:path';
import { outboxDir } from './environment';

/** Undoes quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Every readable form of the message: quoted-printable decoded first (as written, "token=" reads
 * "token=3D..."), its base64 parts decoded, and as written last.
 */
function readableForms(raw: string): string[] {
  const forms = [decodeQuotedPrintable(raw)];
  for (const block of raw.split(/\r?\n\r?\n/)) {
    const compact = block.replace(/\s+/g, '');
    if (compact.length > 40 && /^[A-Za-z0-9+/=]+$/.test(compact)) {
      forms.push(Buffer.from(compact, 'base64').toString('utf8'));
    }
  }
  forms.push(raw);
  return forms;
}

/** The first link of the message whose address matches `pattern` (a path and its query), decoded. */
export function linkIn(raw: string, pattern: RegExp): string | null {
  const full = new RegExp(`https?://[^\\s"'<>]+${pattern.source}[A-Za-z0-9_.~%-]+`);
  for (const text of readableForms(raw)) {
    const match = full.exec(text);
    if (match) return match[0].replace(/&amp;/g, '&');
  }
  return null;
}

const VERIFY_LINK = /\/auth\/verify\?token=/;

export const verificationLinkIn = (raw: string): string | null => linkIn(raw, VERIFY_LINK);

export interface Mail {
  file: string;
  raw: string;
  link: string;
}

/**
 * The newest .eml addressed to `email` written after `since` (ms) that holds a link matching `pattern`
 * (a verification link unless said), waiting for it to appear.
 */
export async function waitForMail(
  email: string,
  since: number,
  timeoutMs = 15_000,
  pattern: RegExp = VERIFY_LINK,
): Promise<Mail> {
  const dir = outboxDir();
  const deadline = Date.now() + timeoutMs;
  const needle = email.toLowerCase();
  for (;;) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.eml') && name.toLowerCase().includes(needle))
          .map((name) => ({ name, mtime: fs.statSync(path.join(dir, name)).mtimeMs }))
          .filter((f) => f.mtime >= since - 5)
          .sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name))
      : [];
    for (const { name } of files) {
      const file = path.join(dir, name);
      const raw = fs.readFileSync(file, 'utf8');
      const link = linkIn(raw, pattern);
      if (link && new RegExp(`^To:.*${needle.replace(/[.+]/g, '\\$&')}`, 'im').test(raw))
        return { file, raw, link };
    }
    if (Date.now() > deadline)
      throw new Error(`no mail for ${email} with a link like ${pattern} in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
