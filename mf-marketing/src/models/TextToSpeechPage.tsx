import { ModelPage } from './ModelPage';

/** /model/text-to-speech: validated recordings and tone-marked Yoruba text, and a public Yoruba TTS model. */
export function TextToSpeechPage() {
  return <ModelPage kind="textToSpeech" />;
}
