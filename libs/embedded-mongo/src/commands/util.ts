import type { Document } from 'bson';
import { ErrorCodes, fail } from '../errors';
import { isPlainObject } from '../query/paths';
import type { CommandContext } from './context';

export const num = (v: unknown, fallback = 0): number => {
  if (v === undefined || v === null) return fallback;
  const n = Number(typeof v === 'object' ? (v as { valueOf(): unknown }).valueOf() : v);
  return Number.isFinite(n) ? n : fallback;
};

export function collectionName(ctx: CommandContext, command: string): string {
  const name = ctx.body[command];
  if (typeof name !== 'string' || !name)
    fail(
      ErrorCodes.InvalidNamespace,
      `collection name has invalid type ${name === undefined ? 'missing' : typeof name}`,
    );
  return name as string;
}

export const docOrEmpty = (v: unknown, what: string): Document => {
  if (v === undefined || v === null) return {};
  if (!isPlainObject(v))
    fail(
      ErrorCodes.TypeMismatch,
      `BSON field '${what}' is the wrong type '${Array.isArray(v) ? 'array' : typeof v}', expected type 'object'`,
    );
  return v as Document;
};

/** Documents of a write command, whether sent as a kind-1 sequence or inline in the body. */
export function commandDocuments(
  ctx: CommandContext,
  field: string,
): { plain: Document[]; typed: Document[]; raw?: Buffer[] } {
  const raw = ctx.sequences.get(field);
  if (raw) return { plain: [], typed: [], raw };
  const plain = ctx.body[field];
  const typed = ctx.typed[field];
  if (!Array.isArray(plain) || !Array.isArray(typed))
    fail(ErrorCodes.FailedToParse, `BSON field '${field}' is missing but a required field`);
  return { plain: plain as Document[], typed: typed as Document[] };
}

/** writeConcern { j: true } (or fsync) waits for the commit to be flushed to the device, not only committed. */
export const wantsJournal = (ctx: CommandContext): boolean => {
  const wc = ctx.body.writeConcern as Document | undefined;
  return wc?.j === true || wc?.fsync === true || ctx.body.fsync === true;
};

export const durableWrite = <T>(ctx: CommandContext, fn: () => T): Promise<T> =>
  ctx.state.engine.write(fn, wantsJournal(ctx));
