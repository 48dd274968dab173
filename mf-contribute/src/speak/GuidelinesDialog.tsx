import styled from 'styled-components';
import { Button, Dialog } from '@platform/ui';
import { RECORDING_MAX_SECONDS, RECORDING_MIN_SECONDS } from '@platform/contracts';

const Section = styled.section`
  h3 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[5]};
  }
  li + li {
    margin-top: ${({ theme }) => theme.space[1]};
  }
`;

/** How to make a recording other people will accept: what reviewers on Listen are asked to check. */
export function GuidelinesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Recording guidelines"
      description="Other people listen to every recording and vote on it. These are the things they check."
      footer={<Button onClick={onClose}>Got it</Button>}
    >
      <Section>
        <h3>Before you record</h3>
        <ul>
          <li>Find a quiet place: no music, television, fans or other voices in the background.</li>
          <li>Hold the microphone or phone at the same distance, about a hand's width from your mouth.</li>
          <li>Read the sentence once silently so you know how every word sounds.</li>
        </ul>
      </Section>
      <Section>
        <h3>While you record</h3>
        <ul>
          <li>Read exactly what is written: do not add, leave out or swap any word.</li>
          <li>Speak in your natural voice at a normal pace; do not shout, whisper or read word by word.</li>
          <li>
            Pronounce tones and accents as written: in Yoruba, Igbo and Hausa the marks on a letter change the
            word.
          </li>
          <li>Leave a short pause after pressing record and before pressing stop, so no word is cut off.</li>
          <li>
            A recording must last between {RECORDING_MIN_SECONDS} and {RECORDING_MAX_SECONDS} seconds;
            recording stops by itself at {RECORDING_MAX_SECONDS} seconds.
          </li>
        </ul>
      </Section>
      <Section>
        <h3>Before you submit</h3>
        <ul>
          <li>Play your recording back. If a word is wrong, unclear or cut off, record it again.</li>
          <li>
            If you cannot read the sentence (it is offensive, misspelt, in another language or too hard to
            say), skip it or report it instead of recording it.
          </li>
        </ul>
      </Section>
    </Dialog>
  );
}
