// The public face of the raise module: the analytics event kinds it counts.
export { IMPRESSION_EVENTS, INTERACTION_EVENTS } from './raise.repository.ts';
