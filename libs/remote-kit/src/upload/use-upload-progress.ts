import { useCallback, useState } from 'react';
import type { UploadProgress } from './upload-with-progress';

export interface UploadProgressState {
  /** How much of the upload has gone, 0 to 100; null while no upload is under way. */
  percent: number | null;
  /** Every byte has gone: the server is reading the file now. */
  sent: boolean;
  /**
   * Runs an upload (`send` gets the `onProgress` to hand the upload mutation): the bar shows at 0 % when it
   * starts and goes when it ends, whether it was taken, refused or lost.
   */
  track: <T>(send: (onProgress: (progress: UploadProgress) => void) => Promise<T>) => Promise<T>;
}

/** The progress of one screen's upload, as its progress bar reads it. */
export function useUploadProgress(): UploadProgressState {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const track = useCallback(
    async <T>(send: (onProgress: (progress: UploadProgress) => void) => Promise<T>): Promise<T> => {
      setProgress({ loaded: 0, total: 0 });
      try {
        return await send(setProgress);
      } finally {
        setProgress(null);
      }
    },
    [],
  );
  const known = progress !== null && progress.total > 0;
  return {
    percent: progress === null ? null : known ? Math.round((progress.loaded / progress.total) * 100) : 0,
    sent: known && progress.loaded >= progress.total,
    track,
  };
}
