/**
 * The external documentation the model pages link to (opened in a new tab): a public dataset page for
 * speech-to-speech, a public model page for text-to-speech. One place, so a moved page is fixed once.
 */
export const MODEL_LINKS = {
  /** Common Voice 17.0 on Hugging Face: a public crowdsourced speech dataset that includes Yoruba. */
  speechToSpeech: 'https://huggingface.co/datasets/mozilla-foundation/common_voice_17_0',
  /** Meta's MMS text-to-speech model for Yoruba on Hugging Face. */
  textToSpeech: 'https://huggingface.co/facebook/mms-tts-yor',
} as const;

export type ModelKind = keyof typeof MODEL_LINKS;
