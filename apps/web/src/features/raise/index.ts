// The raise feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { institutionQueryOptions, useInstitution } from './api/get-institution.ts';
export { InstitutionAvatar } from './components/institution-avatar.tsx';
export { ModeSwitch } from './components/mode-switch.tsx';
export { RaiseNavItem } from './components/raise-nav-item.tsx';
export { useRaiseMode } from './hooks/use-raise-mode.ts';
