// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/remote-kit';
import './i18n';
import { DatasetDownloadsPage } from './downloads/DatasetDownloadsPage';
import { ViewAudioPairsPage } from './audio-pairs/ViewAudioPairsPage';
import { AddTextPairPage } from './text-pairs/AddTextPairPage';
import { DatasetUploadsPage } from './uploads/DatasetUploadsPage';

export default defineRemoteRoutes('mf_datasets', [
  { path: '/data/downloads', title: 'titles.downloads', Component: DatasetDownloadsPage },
  { path: '/data/view-audio-pair', title: 'titles.viewAudioPairs', Component: ViewAudioPairsPage },
  { path: '/data/addtextpair', title: 'titles.addTextPair', Component: AddTextPairPage },
  { path: '/data/uploads', title: 'titles.uploads', Component: DatasetUploadsPage },
]);
