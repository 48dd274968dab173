/**
 * The parent initiative's own site, linked from the header (desktop and mobile) in a new tab. Its label is
 * the initiative's name, shown as written in every language (translate="no").
 */
export const PARENT_SITE = { url: 'https://voicebank.ng', label: 'VoiceBank NG Initiative' } as const;
