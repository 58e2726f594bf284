// The AI advisor's public face (eslint.config.js, feature boundaries): the host the signed-in layout mounts, and what
// an offer's page uses to open the panel about its offer. Each loads its code on use (advisor-entry.tsx).
export { AdvisorHost, AskAdvisorButton } from './advisor-entry.tsx';
export { useAdvisorPageOffer } from './advisor-store.ts';
