import multipart from '@fastify/multipart';
import {
  DATASET_UPLOAD_DESCRIPTION_MAX_LENGTH,
  DATASET_UPLOAD_IMPORT_MAX_ROWS,
  DATASET_UPLOAD_MAX_BYTES,
  DATASET_UPLOAD_PAGE_SIZE,
  DATASET_UPLOAD_TYPES,
  getDatasetUploadFile,
  getDatasetUploads,
  getDatasetUploadSummary,
  postDatasetUpload,
  postDatasetUploadImport,
  type DatasetUploadType,
  type Identity,
} from '@platform/contracts';
import { HttpError, readMultipart, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { importRows } from '../../uploads/import-rows';
import type { UploadRow } from '../../uploads/read-rows';
import { uploadReply, type DatasetUploadDoc, type StoredUpload } from '../../uploads/store';

const isUploadType = (value: string | undefined): value is DatasetUploadType =>
  (DATASET_UPLOAD_TYPES as readonly string[]).includes(value ?? '');

const CONTENT_TYPES: Record<DatasetUploadType, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  dicom: 'application/dicom',
};

const typed = (doc: DatasetUploadDoc) => {
  if (doc.type === null) throw new HttpError(404, 'upload.not_found');
  return { ...doc, type: doc.type };
};

/**
 * Dataset uploads: POST /api/uploads streams the file into GridFS (hashed, sized and inspected on the way)
 * and keeps it only when its content is the type chosen; the history, its counts, the file back, and the
 * import of a CSV or JSON of sentences or text pairs into the review queue.
 */
export default routeModule<TextContext>(
  [
    postDatasetUpload,
    getDatasetUploads,
    getDatasetUploadSummary,
    getDatasetUploadFile,
    postDatasetUploadImport,
  ],
  async (app, options) => {
    const uploads = options.stores.uploads;
    const maxBytes = options.uploadMaxBytes ?? DATASET_UPLOAD_MAX_BYTES;
    // Tests take smaller files than the declaration.
    const route = {
      ...postDatasetUpload,
      multipart: { ...postDatasetUpload.multipart, maxFileBytes: maxBytes },
    };

    await app.register(async (scope) => {
      await scope.register(multipart);
      serveRoute(scope, postDatasetUpload, async (request, reply) => {
        // Without multipart, nothing was filled in (the screen's words).
        if (!request.isMultipart()) throw new HttpError(400, 'upload.fields_required');
        const identity = request.identity;
        let upload = null as DatasetUploadDoc | null;
        let stored = null as StoredUpload | null;
        const forget = async () => {
          if (upload) await uploads.forget(upload);
        };
        const seen: Record<string, string> = {};
        const fields = await readMultipart(request, route, {
          field: (name, value) => {
            seen[name] = value;
          },
          file: async (_name, stream, { filename }) => {
            // Shown as uploading while the bytes stream in.
            const started = await uploads.begin({
              fileName: (filename || 'upload').normalize('NFC').slice(0, 255),
              type: isUploadType(seen.type) ? seen.type : null,
              description: (seen.description ?? '').trim(),
              ownerId: identity.id,
              uploadedBy: identity.name ?? '',
            });
            try {
              stored = await uploads.storeFile(stream, started.fileName, {
                inspectionMemoryMb: options.uploadInspectionMemoryMb,
              });
            } catch (err) {
              await uploads.interrupted(started);
              throw err;
            }
            upload = started;
            if (stored.inspectionFailure) {
              request.log.warn({ err: stored.inspectionFailure }, 'an upload’s inspection thread failed');
            }
            upload.fileId = stored.fileId;
            await uploads.fileStored(upload, stored.fileId);
          },
          // A refused upload leaves nothing behind.
          undo: forget,
        });
        try {
          const description = (fields.description ?? '').trim();
          if (!upload || !stored || !fields.type || !description)
            throw new HttpError(400, 'upload.fields_required');
          if (!isUploadType(fields.type)) throw new HttpError(415, 'upload.unsupported_type');
          if (description.length > DATASET_UPLOAD_DESCRIPTION_MAX_LENGTH)
            throw new HttpError(400, 'validation.failed', 'The description is too long.');
          const { inspection } = stored;
          if (inspection.bytes === 0) throw new HttpError(422, 'upload.empty');
          // A file refused for how it is built is told so, whatever type was chosen for it.
          if (inspection.refusal === 'upload.json_too_deep') throw new HttpError(415, inspection.refusal);
          if (inspection.refusal) throw new HttpError(422, inspection.refusal);
          if (inspection.kind === null) throw new HttpError(415, 'upload.unsupported_type');
          if (inspection.kind !== fields.type) throw new HttpError(415, 'upload.type_mismatch');
          const done = {
            ...upload,
            type: fields.type,
            description,
            status: 'completed' as const,
            bytes: stored.bytes,
            sha256: stored.sha256,
            importable: inspection.importable,
            rows: inspection.rows,
          };
          await uploads.completed(upload, {
            type: done.type,
            description,
            status: done.status,
            bytes: done.bytes,
            sha256: done.sha256,
            importable: done.importable,
            rows: done.rows,
          });
          return reply.code(201).send(uploadReply(done));
        } catch (err) {
          await forget();
          throw err;
        }
      });
    });

    serveRoute(app, getDatasetUploads, async (request) => {
      const { q, type, status } = request.query;
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? DATASET_UPLOAD_PAGE_SIZE;
      const { docs, total } = await uploads.page(request.identity, { q, type, status }, page, pageSize);
      return { items: docs.map((d) => uploadReply(typed(d))), total, page, pageSize };
    });

    serveRoute(app, getDatasetUploadSummary, async (request) => uploads.summary(request.identity));

    /** A completed upload its uploader (or an admin) may act on; 404 for anyone else. */
    const ownUpload = async (identity: Identity, id: string) => {
      const doc = await uploads.get(id);
      if (!doc || doc.status !== 'completed' || (doc.ownerId !== identity.id && identity.role !== 'admin')) {
        throw new HttpError(404, 'upload.not_found');
      }
      return typed(doc);
    };

    serveRoute(app, getDatasetUploadFile, async (request, reply) => {
      const doc = await ownUpload(request.identity, request.params.id);
      const stream = uploads.openFile(doc);
      const name = doc.fileName.replace(/["\\\r\n]/gu, '_');
      return reply
        .header('content-type', CONTENT_TYPES[doc.type])
        .header('content-length', String(doc.bytes))
        .header(
          'content-disposition',
          `attachment; filename="${name.replace(/[^\x20-\x7e]/gu, '_')}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    });

    serveRoute(app, postDatasetUploadImport, async (request) => {
      const identity = request.identity;
      const doc = await ownUpload(identity, request.params.id);
      if (doc.import) throw new HttpError(409, 'upload.already_imported');
      if (!doc.importable || doc.type === 'dicom') throw new HttpError(422, 'upload.not_importable');
      if (doc.rows > DATASET_UPLOAD_IMPORT_MAX_ROWS) {
        throw new HttpError(
          422,
          'validation.failed',
          `This file has ${doc.rows} rows; an import takes at most ${DATASET_UPLOAD_IMPORT_MAX_ROWS}.`,
        );
      }
      // One import at a time: the claim fails for a second caller, who is told it is imported.
      if (!(await uploads.claimImport(doc))) throw new HttpError(409, 'upload.already_imported');
      try {
        const rows: UploadRow[] = [];
        for await (const row of uploads.readRows(doc, doc.type)) {
          rows.push(row);
          if (rows.length >= DATASET_UPLOAD_IMPORT_MAX_ROWS) break;
        }
        const outcome = await importRows(options.stores, doc.importable, rows, doc.ownerId);
        const imported = { kind: doc.importable, ...outcome, importedAt: new Date() };
        const quality = outcome.rows > 0 ? outcome.accepted / outcome.rows : 0;
        await uploads.imported(doc, imported, quality);
        return uploadReply({ ...doc, import: imported, quality });
      } catch (err) {
        await uploads.importFailed(doc);
        throw err;
      }
    });
  },
);
