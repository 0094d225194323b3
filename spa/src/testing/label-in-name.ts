import { computeAccessibleName } from 'dom-accessibility-api';

/**
 * WCAG 2.5.3 (label in name), as axe-core's label-content-name-mismatch checks it: the text a
 * control shows, every text node of it (aria-hidden ones too: they are on screen), lower-cased
 * without punctuation, is contained in its accessible name.
 */
export function labelInName(el: Element): { visible: string; name: string; ok: boolean } {
  const curate = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9 ]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const texts: string[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n.textContent ?? '');
  const visible = curate(texts.join(' '));
  const name = curate(computeAccessibleName(el));
  return { visible, name, ok: !visible || name.includes(visible) };
}
