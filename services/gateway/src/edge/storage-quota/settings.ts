/** The storage quota and the data disk's floor (STORAGE_QUOTA_BYTES, STORAGE_FREE_FLOOR_BYTES, DATA_DIR). */
export interface StorageSettings {
  /** Bytes one person may store across dataset uploads, recordings and donations. */
  quotaBytes: number;
  /** An upload that would leave the data folder's disk with less free space than this is refused (507). */
  freeFloorBytes: number;
  /** The data folder, whose disk is watched. */
  dataDir: string;
}

/** Decimal units, as the page shows them: 2 GB. */
export const DEFAULT_STORAGE_QUOTA_BYTES = 2_000_000_000;
export const DEFAULT_STORAGE_FREE_FLOOR_BYTES = 1_000_000_000;
