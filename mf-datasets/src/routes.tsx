// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/remote-kit';
import { DatasetDownloadsPage } from './downloads/DatasetDownloadsPage';
import { ViewAudioPairsPage } from './audio-pairs/ViewAudioPairsPage';
import { AddTextPairPage } from './text-pairs/AddTextPairPage';
import { DatasetUploadsPage } from './uploads/DatasetUploadsPage';

export default defineRemoteRoutes('mf_datasets', [
  { path: '/data/downloads', title: 'Dataset Downloads', Component: DatasetDownloadsPage },
  { path: '/data/view-audio-pair', title: 'View Audio Pairs', Component: ViewAudioPairsPage },
  { path: '/data/addtextpair', title: 'Add Text Pair', Component: AddTextPairPage },
  { path: '/data/uploads', title: 'Dataset Uploads', Component: DatasetUploadsPage },
]);
