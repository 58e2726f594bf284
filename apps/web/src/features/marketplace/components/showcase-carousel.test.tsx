import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { CAROUSEL_INTERVAL_MS } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingEvents } from '../../../lib/analytics-queue.ts';
import { stubScreen } from '../../../test/media.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ImpressionsSeenContext } from '../hooks/use-offer-impression.ts';
import { ShowcaseCarousel, slideDistance } from './showcase-carousel.tsx';
import { makeOfferCard } from '../../../test/offer-card.ts';

const offers = Array.from({ length: 7 }, (_, i) => makeOfferCard({ name: `Deal ${i + 1}` }));

function renderCarousel(list = offers, seen?: Set<string>) {
  const carousel = <ShowcaseCarousel offers={list} />;
  return renderRoutes([
    { path: '/', element: seen ? <ImpressionsSeenContext.Provider value={seen}>{carousel}</ImpressionsSeenContext.Provider> : carousel },
  ]);
}

/** The slides in the page, by their position label ('1 of 7'), and the active one. */
const slides = () => screen.getAllByRole('group', { hidden: true }).filter((el) => el.getAttribute('aria-roledescription') === 'slide');
const rendered = () => slides().map((el) => el.getAttribute('aria-label'));
const active = () =>
  slides()
    .find((el) => el.hasAttribute('data-active'))
    ?.getAttribute('aria-label');
const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};
/** `n` intervals, one at a time: each slide arms the next timeout once it has rendered. */
const advanceSlides = (n: number) => {
  for (let i = 0; i < n; i++) advance(CAROUSEL_INTERVAL_MS);
};

beforeEach(() => {
  vi.useFakeTimers();
  stubScreen(1280);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Showcase carousel', () => {
  it('advances every 5 s and wraps round', () => {
    renderCarousel();
    expect(active()).toBe('1 of 7');
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(active()).toBe('1 of 7');
    advance(1);
    expect(active()).toBe('2 of 7');
    advance(CAROUSEL_INTERVAL_MS);
    expect(active()).toBe('3 of 7');
    advanceSlides(5);
    expect(active()).toBe('1 of 7');
  });

  it('keeps only the slides within 2 of the active one in the page', () => {
    renderCarousel();
    expect(rendered()).toEqual(['1 of 7', '2 of 7', '3 of 7', '6 of 7', '7 of 7']);
    expect(screen.queryByText('Deal 4')).not.toBeInTheDocument();
    advanceSlides(3);
    expect(active()).toBe('4 of 7');
    expect(rendered()).toEqual(['2 of 7', '3 of 7', '4 of 7', '5 of 7', '6 of 7']);
    expect(screen.queryByText('Deal 1')).not.toBeInTheDocument();
    expect(slideDistance(0, 6, 7)).toBe(1);
  });

  it('moves with the previous, next and dot buttons, and only the active slide is exposed', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(active()).toBe('2 of 7');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(active()).toBe('7 of 7');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 4' }));
    expect(active()).toBe('4 of 7');
    expect(screen.getByRole('button', { name: 'Go to slide 4' })).toHaveAttribute('aria-current', 'true');
    // Hidden slides are inert: one 'View Offer' link is reachable.
    expect(screen.getAllByRole('link', { name: /View Offer/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View Offer Deal 4' })).toHaveAttribute('href', `/marketplace/offers/${offers[3]!.slug}`);
  });

  it('pauses on hover and focus and with the stop button, with aria-live off only while rotating', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Handpicked Deals' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const live = slides()[0]!.parentElement!;
    expect(live).toHaveAttribute('aria-live', 'off');

    fireEvent.mouseEnter(carousel);
    advanceSlides(2);
    expect(active()).toBe('1 of 7');
    expect(live).toHaveAttribute('aria-live', 'polite');
    fireEvent.mouseLeave(carousel);
    advance(CAROUSEL_INTERVAL_MS);
    expect(active()).toBe('2 of 7');

    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    advanceSlides(2);
    expect(active()).toBe('2 of 7');
    act(() => screen.getByRole('button', { name: 'Next slide' }).blur());

    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    advanceSlides(2);
    expect(active()).toBe('2 of 7');
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    advance(CAROUSEL_INTERVAL_MS);
    expect(active()).toBe('3 of 7');
  });

  it('still advances with reduced motion, without the fade', () => {
    stubScreen(1280, { reducedMotion: true });
    renderCarousel();
    const first = slides()[0]!;
    expect(getComputedStyle(first).transition).toMatch(/^(none|)$/);
    advance(CAROUSEL_INTERVAL_MS);
    expect(active()).toBe('2 of 7');
  });

  it('shows a single deal without controls and nothing for none', () => {
    renderCarousel(offers.slice(0, 1));
    expect(screen.queryByRole('button', { name: 'Next slide' })).not.toBeInTheDocument();
    advance(CAROUSEL_INTERVAL_MS);
    expect(active()).toBe('1 of 1');
    cleanup();
    renderCarousel([]);
    expect(screen.queryByRole('region', { name: 'Handpicked Deals' })).not.toBeInTheDocument();
  });

  it('counts the slide on show as an impression of its offer, once, and the hidden slides not at all', () => {
    // Every observed element is in full view at once.
    class VisibleObserver {
      constructor(readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.callback(
          [{ target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', VisibleObserver);
    // The queue sends (and empties) itself 2 s after an event, before the next slide comes at 5 s: read it each time.
    const impressions = () =>
      pendingEvents()
        .filter((e) => e.type === 'impression')
        .map((e) => e.offer);
    renderCarousel(offers, new Set());
    expect(impressions()).toEqual([offers[0]!._id]);
    const later: (string | undefined)[] = [];
    for (let i = 1; i <= offers.length; i++) {
      advanceSlides(1);
      later.push(...impressions());
    }
    // Each slide once; the first again when the carousel comes round to it, not a second time.
    expect(active()).toBe(`1 of ${offers.length}`);
    expect(later).toEqual(offers.slice(1).map((o) => o._id));
  });
});
