/**
 * Every section of `npm run bench`, in the order a full run takes them. A section written on another branch joins
 * with one import and one entry here: analyticsSection (analytics.ts), mixedSection (mixed-load.ts) and scaleSection
 * (scale.ts) are the ones issue #25 still expects.
 */
import { advisorSection } from './advisor.ts';
import { analyticsSection } from './analytics.ts';
import { apiSection } from './api-load.ts';
import { browserSection } from './lighthouse.ts';
import { marketplaceSection } from './marketplace-list.ts';
import { mixedSection } from './mixed-load.ts';
import { offersSection } from './offers-list.ts';
import { parseSection } from './parse-load.ts';
import { scaleSection } from './scale.ts';
import type { Section } from './section.ts';

export const SECTIONS: readonly Section[] = [
  apiSection,
  marketplaceSection,
  offersSection,
  parseSection,
  analyticsSection,
  mixedSection,
  scaleSection,
  browserSection,
  advisorSection,
];
