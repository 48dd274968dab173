import styled from 'styled-components';
import { SkipLink } from '../a11y/SkipLink';
import { LanguagePicker } from './LanguagePicker';
import { Main } from './Main';

// The page brings its own header; a thin strip above it holds the language picker, so a visitor can switch
// language on every public page (sign-in and sign-up included).
const LanguageStrip = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/** Landing, sign-in, sign-up and the other public pages: no chrome but the language picker. */
export function PublicLayout() {
  return (
    <div data-layout="public">
      <SkipLink />
      <LanguageStrip>
        <LanguagePicker />
      </LanguageStrip>
      <Main />
    </div>
  );
}
