/** What the text service's route modules are given beyond the app: the settings a test may change. */
export interface TextContext {
  /** The largest dataset upload taken (DATASET_UPLOAD_MAX_BYTES). */
  uploadMaxBytes?: number;
  /** The heap of each dataset upload's inspection thread (INSPECTION_MEMORY_MB). */
  uploadInspectionMemoryMb?: number;
}
