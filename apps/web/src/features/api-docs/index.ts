// The API docs feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { useOpenApi } from './api/get-openapi.ts';
export { MethodChip } from './components/method-chip.tsx';
export { groupEndpoints, type Endpoint, type EndpointGroup, type HttpMethod } from './lib/openapi.ts';
