/** A regular expression source matching `text` literally (search boxes, addresses and ids inside patterns). */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
