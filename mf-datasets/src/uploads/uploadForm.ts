import { DATASET_UPLOAD_MAX_BYTES, DATASET_UPLOAD_TYPES } from '@platform/contracts/client';
import type { DatasetUploadType } from '@platform/contracts';

/** SPEC §9: accepted upload types text/csv, application/json, application/dicom (.csv, .json, .dcm). */
export const UPLOAD_ACCEPT = '.csv,.json,.dcm,.dicom,text/csv,application/json,application/dicom';

const EXTENSIONS: Record<DatasetUploadType, readonly string[]> = {
  csv: ['.csv'],
  json: ['.json'],
  dicom: ['.dcm', '.dicom'],
};

export const isUploadType = (value: string): value is DatasetUploadType =>
  (DATASET_UPLOAD_TYPES as readonly string[]).includes(value);

export interface UploadDraft {
  file: File | null;
  type: string;
  description: string;
}

export const EMPTY_UPLOAD: UploadDraft = { file: null, type: '', description: '' };

/** What the form refuses before sending a byte, as a code of the error catalogue (the server decides the rest). */
export type UploadProblem =
  | 'upload.fields_required'
  | 'upload.unsupported_type'
  | 'upload.too_large'
  | 'upload.empty'
  | 'storage.quota_exceeded';

/**
 * The quick checks of the SPEC's form: every field and a file ('Please fill all fields and select a file.'),
 * a CSV, JSON or DICOM file by its name or declared type ('Unsupported file type…'), not empty, not too
 * large, and not larger than the room left in the person's storage (`roomBytes`, when known). Only
 * feedback: the gateway and the service have the last word.
 */
export function uploadProblem(draft: UploadDraft, roomBytes: number | null = null): UploadProblem | null {
  const { file } = draft;
  if (!file || !draft.type || !draft.description.trim()) return 'upload.fields_required';
  const name = file.name.toLowerCase();
  const byName = Object.values(EXTENSIONS).some((exts) => exts.some((ext) => name.endsWith(ext)));
  const byType = ['text/csv', 'application/json', 'application/dicom'].includes(file.type);
  if (!isUploadType(draft.type) || !(byName || byType)) return 'upload.unsupported_type';
  if (file.size === 0) return 'upload.empty';
  if (file.size > DATASET_UPLOAD_MAX_BYTES) return 'upload.too_large';
  if (roomBytes !== null && file.size > roomBytes) return 'storage.quota_exceeded';
  return null;
}

/** A quality (0–1) as a whole percentage. */
export const percentOf = (quality: number) => Math.round(quality * 100);
