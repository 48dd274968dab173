import { requestRemotesManifest } from './federation/manifestRequest';

// Asked now, while the rest of the shell downloads; a failure is handled where the answer is read.
const remotesManifest = requestRemotesManifest();
remotesManifest.catch(() => undefined);

// An async boundary: the shared singletons are set up before any of them is imported.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap').then(({ start }) => start(remotesManifest));

export {};
