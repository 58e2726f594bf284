import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Records the IntersectionObservers components create, so a test can play elements coming near the screen. */
export class FakeObserver {
  static all: FakeObserver[] = [];
  elements: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve(element: Element) {
    this.elements = this.elements.filter((e) => e !== element);
  }
  disconnect() {
    this.elements = [];
  }
  takeRecords() {
    return [];
  }
}

/** Installs FakeObserver as the global IntersectionObserver with no observer yet (undo with vi.unstubAllGlobals). */
export function stubIntersectionObserver(): void {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
}

/** Tells every observer watching `element` that it is `ratio` visible (0: out of view). */
export function showElement(element: Element, ratio = 1): void {
  for (const observer of FakeObserver.all.filter((o) => o.elements.includes(element))) {
    const entry = { target: element, isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry;
    act(() => observer.callback([entry], observer as unknown as IntersectionObserver));
  }
}
