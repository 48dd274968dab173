import { ModelPage } from './ModelPage';

/** /model/speech-to-speech: parallel English–Yoruba voice donations, and where to read about such models. */
export function SpeechToSpeechPage() {
  return <ModelPage kind="speechToSpeech" />;
}
