import { isPseudoLocalised } from '../pseudo';

/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = [
  'aria-label',
  'placeholder',
  'title',
  'alt',
  'aria-valuetext',
  'aria-roledescription',
];

/**
 * Content that is not interface text: the page's data (a person's name, a sentence to read) and names
 * (the brand) are marked translate="no", as browsers' own translators also need to know.
 */
const isExempt = (element: Element | null) => !!element?.closest('[translate="no"], script, style, noscript');

/**
 * Every piece of text in `root` that a person would read or hear and that did not come through the
 * pseudo-locale: text nodes, and the attributes screen readers announce. Empty when the screen is fully
 * translated.
 */
export function untranslatedText(root: Element): string[] {
  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (text && !isExempt(node.parentElement) && !isPseudoLocalised(text)) found.push(text);
  }
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (isExempt(element)) continue;
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name)?.trim();
      if (value && !isPseudoLocalised(value)) found.push(`${name}="${value}"`);
    }
    // A select's options, a button's value: read too.
    if (element instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(element.type)) {
      if (element.value && !isPseudoLocalised(element.value)) found.push(`value="${element.value}"`);
    }
  }
  return found;
}

/** Fails with the list of untranslated texts. */
export function expectOnlyCatalogueText(root: Element = document.body) {
  expect(untranslatedText(root)).toEqual([]);
}
