import { __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import { cleanup, render } from '@testing-library/react';
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

/** The app's emotion cache (the default one: the app sets no CacheProvider), read by rendering a component. */
function emotionCache(): EmotionCache {
  let cache: EmotionCache | null = null;
  function Read() {
    cache = useEmotionCache();
    return null;
  }
  render(<Read />);
  cleanup();
  if (!cache) throw new Error('No emotion cache');
  return cache;
}

/**
 * Puts MUI's style rules into the document for this file's tests (see above): only the rules this file's renders
 * insert. The cache forgets the rules earlier files of the worker inserted (and drops their tags), so they are
 * inserted again where needed, into the document; moving all of them in made jsdom match thousands of rules (a file
 * took 55 s after 40 others, 16 s alone).
 */
export function withDocumentStyles(): void {
  beforeAll(() => {
    const cache = emotionCache();
    for (const key of Object.keys(cache.inserted)) delete cache.inserted[key];
    cache.sheet.flush();
    inDocument = true;
  });
  afterAll(() => {
    inDocument = false;
    emotionTags.append(...[...document.head.children].filter(isEmotionTag));
  });
}
