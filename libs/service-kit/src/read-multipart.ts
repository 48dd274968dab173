import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { ErrorCode, MultipartParts, MultipartRefusal, RouteDeclaration } from '@platform/contracts';
import { discardRestOfUpload } from './discard-upload';
import { HttpError } from './http-errors';
import { multipartContentRead, multipartDigestOf } from './idempotency/request-content';

const DEFAULT_FIELD_BYTES = 1024;

/** Each refusal's status and generic code; a declaration may name its own code (its screen's words). */
const REFUSALS: Record<MultipartRefusal, { status: number; code: ErrorCode }> = {
  notMultipart: { status: 415, code: 'request.unsupported_media_type' },
  tooLarge: { status: 413, code: 'request.too_large' },
  tooManyFiles: { status: 400, code: 'validation.failed' },
  tooManyFields: { status: 400, code: 'validation.failed' },
  unknownField: { status: 400, code: 'validation.failed' },
  fieldTooLong: { status: 400, code: 'validation.failed' },
};

/** @fastify/multipart's own error codes, as the refusal each one is. */
const FASTIFY_CODES: Record<string, MultipartRefusal> = {
  FST_REQ_FILE_TOO_LARGE: 'tooLarge',
  FST_FILES_LIMIT: 'tooManyFiles',
  FST_PARTS_LIMIT: 'tooManyFields',
  FST_FIELDS_LIMIT: 'tooManyFields',
  FST_FIELD_SIZE_LIMIT: 'fieldTooLong',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'notMultipart',
};

/** Busboy's words for a body that is not well-formed multipart (it throws plain errors). */
const MALFORMED =
  /Unexpected end of (form|file|multipart data)|Malformed part header|Malformed urlencoded form|Boundary not found/i;

type Declared = RouteDeclaration & { multipart: MultipartParts };
export type FileFieldOf<D extends Declared> = D['multipart']['files'][number];

export interface MultipartHandlers<D extends Declared> {
  /** A declared text field, in the order the client sent it (e.g. to refuse an unknown id before any file). */
  field?(name: string, value: string): Promise<void> | void;
  /**
   * A declared file part: read `stream` to its end (store it, probe it). A file past the declared size is
   * refused once the stream ends, and `undo` then runs.
   */
  file(name: FileFieldOf<D>, stream: Readable, info: { filename: string; mimetype: string }): Promise<void>;
  /** Removes whatever was stored before a refusal (runs before it goes out). */
  undo?(): Promise<void>;
}

/**
 * Streams a multipart request as its declaration says (file and field names, limits) and gives each part to
 * the route. Every refusal is a clear 4xx with the declaration's code: not multipart, a file too large, an
 * undeclared or repeated part, too many parts, a field too long, a malformed body. The rest of a refused
 * body is drained (up to twice the file limit) so the client reads the answer instead of a cut connection.
 * When the call carries an Idempotency-Key, its content (the fields and each file's SHA-256, never the raw
 * body, whose boundary differs on every retry) is hashed as the parts stream.
 * Returns the text fields received.
 */
export async function readMultipart<D extends Declared>(
  request: FastifyRequest,
  route: D,
  handlers: MultipartHandlers<D>,
): Promise<Record<string, string>> {
  const declared = route.multipart;
  const refuse = (why: MultipartRefusal, message?: string) => {
    const { status, code } = REFUSALS[why];
    return new HttpError(status, declared.refusals?.[why] ?? code, message);
  };
  if (!request.isMultipart()) throw refuse('notMultipart');
  const fieldNames = Object.keys((declared.fields as { properties?: object }).properties ?? {});
  const maxFileBytes = declared.maxFileBytes ?? Infinity;
  const fields: Record<string, string> = {};
  const filesSeen = new Set<string>();
  const expectedFiles = declared.files.map((name) => `'${name}'`).join(', ');
  const digest = multipartDigestOf(request);
  try {
    const parts = request.parts({
      limits: {
        ...(Number.isFinite(maxFileBytes) ? { fileSize: maxFileBytes } : {}),
        files: declared.files.length,
        fields: fieldNames.length,
        parts: declared.files.length + fieldNames.length,
        fieldSize: declared.maxFieldBytes ?? DEFAULT_FIELD_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const { fieldname, value, valueTruncated } = part as MultipartValue & { valueTruncated?: boolean };
        if (!fieldNames.includes(fieldname) || fieldname in fields) {
          throw refuse('unknownField', `Unexpected field '${fieldname}'.`);
        }
        if (valueTruncated) throw refuse('fieldTooLong', `The field '${fieldname}' is too long.`);
        fields[fieldname] = String(value);
        digest?.field(fieldname, fields[fieldname]!);
        await handlers.field?.(fieldname, fields[fieldname]!);
        continue;
      }
      const file = part as MultipartFile;
      if (!declared.files.includes(file.fieldname) || filesSeen.has(file.fieldname)) {
        file.file.resume();
        throw refuse(
          'unknownField',
          `Unexpected file field '${file.fieldname}'; send ${expectedFiles}, each once.`,
        );
      }
      filesSeen.add(file.fieldname);
      const stream = digest ? digest.file(file.fieldname, file.file) : file.file;
      await handlers.file(file.fieldname as FileFieldOf<D>, stream, {
        filename: file.filename,
        mimetype: file.mimetype,
      });
      if (file.file.truncated) throw refuse('tooLarge');
    }
    multipartContentRead(request);
    return fields;
  } catch (err) {
    discardRestOfUpload(request.raw, Number.isFinite(maxFileBytes) ? 2 * maxFileBytes : 1024 * 1024);
    await handlers.undo?.();
    throw translate(err, refuse);
  }
}

function translate(err: unknown, refuse: (why: MultipartRefusal, message?: string) => HttpError): unknown {
  if (err instanceof HttpError) return err;
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  const why = typeof code === 'string' ? FASTIFY_CODES[code] : undefined;
  if (why) return refuse(why);
  if (typeof message === 'string' && MALFORMED.test(message)) {
    return new HttpError(400, 'request.malformed', `The upload could not be read: ${message}.`);
  }
  return err;
}
