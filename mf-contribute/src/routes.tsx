// The federated module './routes': this remote's pages, one per page declared for it
// (libs/contracts/src/pages/). Each title is a key of this remote's texts (src/i18n), which loading this
// module registers.
import { defineRemoteRoutes } from '@platform/remote-kit';
import { donatePage, listenPage, reviewPage, speakPage, writePage } from '@platform/contracts/client';
import './i18n';
import { lazyPage } from './lazyPage';
import { SpeakPage } from './speak/SpeakPage';

// Speak, where most people start (the installed app opens on it), comes with this module; each other page
// is fetched when first shown.
const ListenPage = lazyPage(listenPage, () => import('./listen/ListenPage').then((m) => m.ListenPage));
const WritePage = lazyPage(writePage, () => import('./write/WritePage').then((m) => m.WritePage));
const ReviewPage = lazyPage(reviewPage, () => import('./review/ReviewPage').then((m) => m.ReviewPage));
const DonateVoicePage = lazyPage(donatePage, () =>
  import('./donate/DonateVoicePage').then((m) => m.DonateVoicePage),
);

export default defineRemoteRoutes('mf_contribute', [
  { page: speakPage, Component: SpeakPage },
  { page: listenPage, Component: ListenPage },
  { page: writePage, Component: WritePage },
  { page: reviewPage, Component: ReviewPage },
  { page: donatePage, Component: DonateVoicePage },
]);
