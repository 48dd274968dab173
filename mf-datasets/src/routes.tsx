// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/store';
import { DatasetDownloadsPage } from './pages/DatasetDownloadsPage';
import { ViewAudioPairsPage } from './pages/ViewAudioPairsPage';
import { AddTextPairPage } from './pages/AddTextPairPage';
import { DatasetUploadsPage } from './pages/DatasetUploadsPage';

export default defineRemoteRoutes('mf_datasets', [
  { path: '/data/downloads', title: 'Dataset Downloads', Component: DatasetDownloadsPage },
  { path: '/data/view-audio-pair', title: 'View Audio Pairs', Component: ViewAudioPairsPage },
  { path: '/data/addtextpair', title: 'Add Text Pair', Component: AddTextPairPage },
  { path: '/data/uploads', title: 'Dataset Uploads', Component: DatasetUploadsPage },
]);
