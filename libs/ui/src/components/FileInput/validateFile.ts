// File checks shared by FileInput and by callers that receive files some other way.

/** "2 MB", "500 KB", "1.5 MB": binary units, as users think of upload limits. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${rounded} ${units[unit]}`;
}

/** Normalises `accept` to a list of tokens: extensions (".csv"), MIME types ("text/csv") or wildcards ("audio/*"). */
export function parseAccept(accept: string | readonly string[] | undefined): string[] {
  if (accept === undefined) return [];
  const list = typeof accept === 'string' ? accept.split(',') : accept;
  return list.map((token) => token.trim().toLowerCase()).filter(Boolean);
}

export function matchesAccept(file: Pick<File, 'name' | 'type'>, accepted: readonly string[]): boolean {
  if (accepted.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return accepted.some((token) => {
    if (token.startsWith('.')) return name.endsWith(token);
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}

export interface FileRules {
  accept?: string | readonly string[];
  maxBytes?: number;
}

/** Returns the message to show for a file that breaks the rules, or null when it is acceptable. */
export function validateFile(file: Pick<File, 'name' | 'type' | 'size'>, rules: FileRules): string | null {
  const accepted = parseAccept(rules.accept);
  if (!matchesAccept(file, accepted)) {
    return `Unsupported file type. Accepted: ${accepted.join(', ')}`;
  }
  if (rules.maxBytes !== undefined && file.size > rules.maxBytes) {
    return `File is too large (max ${formatBytes(rules.maxBytes)})`;
  }
  return null;
}
