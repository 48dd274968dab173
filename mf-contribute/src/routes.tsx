// The federated module './routes': this remote's pages, one per page declared for it
// (libs/contracts/src/pages/). Each title is a key of this remote's texts (src/i18n), which loading this
// module registers.
import { defineRemoteRoutes } from '@platform/remote-kit';
import { donatePage, listenPage, reviewPage, speakPage, writePage } from '@platform/contracts/client';
import './i18n';
import { SpeakPage } from './speak/SpeakPage';
import { ListenPage } from './listen/ListenPage';
import { WritePage } from './write/WritePage';
import { ReviewPage } from './review/ReviewPage';
import { DonateVoicePage } from './donate/DonateVoicePage';

export default defineRemoteRoutes('mf_contribute', [
  { page: speakPage, Component: SpeakPage },
  { page: listenPage, Component: ListenPage },
  { page: writePage, Component: WritePage },
  { page: reviewPage, Component: ReviewPage },
  { page: donatePage, Component: DonateVoicePage },
]);
