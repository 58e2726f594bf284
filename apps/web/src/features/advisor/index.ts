// The AI advisor's public face (eslint.config.js, feature boundaries): the host the signed-in layout mounts, and what
// an offer's page uses to open the panel about its offer. The panel itself is a chunk of its own.
export { AdvisorHost } from './components/advisor-host.tsx';
export { AskAdvisorButton } from './components/ask-advisor-button.tsx';
export { useAdvisorPageOffer } from './advisor-store.ts';
