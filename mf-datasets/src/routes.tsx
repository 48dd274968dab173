// The federated module './routes': this remote's pages, one per page declared for it
// (libs/contracts/src/pages/).
import { defineRemoteRoutes } from '@platform/remote-kit';
import { addTextPairPage, downloadsPage, uploadsPage, viewAudioPairsPage } from '@platform/contracts/client';
import './i18n';
import { DatasetDownloadsPage } from './downloads/DatasetDownloadsPage';
import { ViewAudioPairsPage } from './audio-pairs/ViewAudioPairsPage';
import { AddTextPairPage } from './text-pairs/AddTextPairPage';
import { DatasetUploadsPage } from './uploads/DatasetUploadsPage';

export default defineRemoteRoutes('mf_datasets', [
  { page: downloadsPage, Component: DatasetDownloadsPage },
  { page: viewAudioPairsPage, Component: ViewAudioPairsPage },
  { page: addTextPairPage, Component: AddTextPairPage },
  { page: uploadsPage, Component: DatasetUploadsPage },
]);
