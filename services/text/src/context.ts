import type { TextStores } from './stores';

/**
 * What the text service's route modules are given beyond the app: the stores (the only way a route reaches
 * the database) and the settings a test may change.
 */
export interface TextContext {
  stores: TextStores;
  /** The largest dataset upload taken (DATASET_UPLOAD_MAX_BYTES). */
  uploadMaxBytes?: number;
  /** The heap of each dataset upload's inspection thread (INSPECTION_MEMORY_MB). */
  uploadInspectionMemoryMb?: number;
}
