// The federated module './routes': this remote's pages, one per path the catalogue gives it. Each title is a
// key of this remote's texts (src/i18n), which loading this module registers.
import { defineRemoteRoutes } from '@platform/remote-kit';
import './i18n';
import { SpeakPage } from './speak/SpeakPage';
import { ListenPage } from './listen/ListenPage';
import { WritePage } from './write/WritePage';
import { ReviewPage } from './review/ReviewPage';
import { DonateVoicePage } from './donate/DonateVoicePage';

export default defineRemoteRoutes('mf_contribute', [
  { path: '/user/speak', title: 'titles.speak', Component: SpeakPage },
  { path: '/user/listen', title: 'titles.listen', Component: ListenPage },
  { path: '/user/write', title: 'titles.write', Component: WritePage },
  { path: '/user/review', title: 'titles.review', Component: ReviewPage },
  { path: '/data/donate', title: 'titles.donate', Component: DonateVoicePage },
]);
