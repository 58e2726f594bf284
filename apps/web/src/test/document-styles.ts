import { afterAll, beforeAll } from 'vitest';

/**
 * Emotion's style rules (MUI's styles: some hundreds per rendered screen) are kept out of jsdom's document. jsdom
 * parses every rule inserted into a connected <style>, and its getComputedStyle, which Testing Library calls for each
 * element a `*ByRole` query or `toBeVisible` looks at and each of its ancestors, matches every rule of every sheet in
 * the document: with the rules in, most of the component tests' time went there. Emotion's tags go into a <div>
 * outside the document instead, where jsdom neither parses nor matches them. What a test sees of visibility then comes
 * from the DOM and the inline styles MUI sets (a transition's `visibility: hidden`, `display: none`, `hidden`,
 * `aria-hidden`).
 *
 * A test file whose assertions read MUI's styles (a computed colour, a name that leaves out what CSS hides) calls
 * `withDocumentStyles()`: its tests run with every rule in the document.
 *
 * This module is evaluated once per test worker (the suite runs with `isolate: false`: one document for the worker's
 * files), so the document's head is patched once.
 */
const emotionTags = document.createElement('div');
let inDocument = false;

const isEmotionTag = (node: Node): node is HTMLStyleElement => node instanceof HTMLStyleElement && node.hasAttribute('data-emotion');
const headInsertBefore = document.head.insertBefore.bind(document.head);

document.head.insertBefore = function insertBefore<T extends Node>(node: T, child: Node | null): T {
  if (!isEmotionTag(node)) return headInsertBefore(node, child);
  // Emotion inserts each tag before its last tag's next sibling, which may since have moved to the other parent.
  if (inDocument) return headInsertBefore(node, child?.parentNode === document.head ? child : null);
  return emotionTags.insertBefore(node, child?.parentNode === emotionTags ? child : null);
};

/** Puts MUI's style rules into the document for this file's tests (see above). */
export function withDocumentStyles(): void {
  beforeAll(() => {
    inDocument = true;
    document.head.append(...emotionTags.children);
  });
  afterAll(() => {
    inDocument = false;
    emotionTags.append(...[...document.head.children].filter(isEmotionTag));
  });
}
