import type { ServiceApp } from '@platform/service-kit';
import { listenRoutes } from './listen';
import { uploadRoute } from './upload';

/** Every route under /api/recordings: Speak's upload and Listen's batch, votes, skips and reports. */
export function recordingRoutes(app: ServiceApp) {
  uploadRoute(app);
  listenRoutes(app);
}
