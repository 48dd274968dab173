import { SkipLink } from '../a11y/SkipLink';
import { Main } from './Main';

/** Landing, sign-in, sign-up and the other public pages: no chrome, the page brings its own. */
export function PublicLayout() {
  return (
    <div data-layout="public">
      <SkipLink />
      <Main />
    </div>
  );
}
