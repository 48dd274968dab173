/** The product's brand name, used by the shell's chrome, the not-found screen and the marketing pages. */
export const BRAND_NAME = 'VoiceBank NG';
