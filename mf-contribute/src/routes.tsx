// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/remote-kit';
import { SpeakPage } from './speak/SpeakPage';
import { ListenPage } from './listen/ListenPage';
import { WritePage } from './write/WritePage';
import { DonateVoicePage } from './donate/DonateVoicePage';

export default defineRemoteRoutes('mf_contribute', [
  { path: '/user/speak', title: 'Speak', Component: SpeakPage },
  { path: '/user/listen', title: 'Listen', Component: ListenPage },
  { path: '/user/write', title: 'Write', Component: WritePage },
  { path: '/data/donate', title: 'Donate Your Voice', Component: DonateVoicePage },
]);
