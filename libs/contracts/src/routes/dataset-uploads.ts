import { Type } from '@sinclair/typebox';
import {
  DatasetUpload,
  DatasetUploadFields,
  DatasetUploadIdParams,
  DatasetUploadListQuery,
  DatasetUploadPage,
  DatasetUploadSummary,
} from '../datasets';
import { DATASET_UPLOAD_DESCRIPTION_MAX_LENGTH, DATASET_UPLOAD_MAX_BYTES } from '../limits';
import { defineRoute } from '../route';
import { DATASET_UPLOAD_FILE_FIELD } from '../vocabularies';

const tag = 'uploads';

/** The summary cards (Total, Successful, Pending) over the uploads the person may see. */
export const getDatasetUploadSummary = defineRoute({
  name: 'getDatasetUploadSummary',
  method: 'GET',
  path: '/api/uploads/summary',
  owner: 'text',
  access: 'signedIn',
  summary: 'Dataset upload counts',
  tag,
  reply: { 200: DatasetUploadSummary },
});

/** The upload history, filtered and paged: reviewers and admins see everyone's, others their own. */
export const getDatasetUploads = defineRoute({
  name: 'getDatasetUploads',
  method: 'GET',
  path: '/api/uploads',
  owner: 'text',
  access: 'signedIn',
  summary: 'Dataset uploads, a page at a time',
  tag,
  query: DatasetUploadListQuery,
  reply: { 200: DatasetUploadPage },
});

/** Upload a CSV, JSON or DICOM file (checked by its content), streamed into storage. */
export const postDatasetUpload = defineRoute({
  name: 'postDatasetUpload',
  method: 'POST',
  path: '/api/uploads',
  owner: 'text',
  access: 'signedIn',
  summary: 'Upload a dataset file',
  tag,
  storesFiles: true,
  multipart: {
    files: [DATASET_UPLOAD_FILE_FIELD],
    fields: DatasetUploadFields,
    maxFileBytes: DATASET_UPLOAD_MAX_BYTES,
    // A character may take four bytes.
    maxFieldBytes: DATASET_UPLOAD_DESCRIPTION_MAX_LENGTH * 4,
    refusals: { tooLarge: 'upload.too_large', notMultipart: 'upload.fields_required' },
  },
  reply: { 201: DatasetUpload },
  errors: [413, 415, 422],
});

/** Import an uploaded CSV or JSON of sentences or text pairs into the review queue, row by row (once). */
export const postDatasetUploadImport = defineRoute({
  name: 'postDatasetUploadImport',
  method: 'POST',
  path: '/api/uploads/:id/import',
  owner: 'text',
  access: 'signedIn',
  summary: 'Import an uploaded file into the review queue',
  tag,
  params: DatasetUploadIdParams,
  reply: { 200: DatasetUpload },
  errors: [404, 409, 422],
});

/** The stored file, to its uploader and to admins. */
export const getDatasetUploadFile = defineRoute({
  name: 'getDatasetUploadFile',
  method: 'GET',
  path: '/api/uploads/:id/file',
  owner: 'text',
  access: 'signedIn',
  summary: 'Download an uploaded file',
  tag,
  params: DatasetUploadIdParams,
  reply: { 200: Type.Unknown({ description: 'The file as uploaded' }) },
  errors: [404],
});
