// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/store';
import { SpeakPage } from './pages/SpeakPage';
import { ListenPage } from './pages/ListenPage';
import { WritePage } from './pages/WritePage';
import { DonateVoicePage } from './pages/DonateVoicePage';

export default defineRemoteRoutes('mf_contribute', [
  { path: '/user/speak', title: 'Speak', Component: SpeakPage },
  { path: '/user/listen', title: 'Listen', Component: ListenPage },
  { path: '/user/write', title: 'Write', Component: WritePage },
  { path: '/data/donate', title: 'Donate Your Voice', Component: DonateVoicePage },
]);
