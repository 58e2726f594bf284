import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// Keeps MUI's style rules out of jsdom's document unless a file asks for them.
import './document-styles.tsx';

// No test opens a real socket: the signed-in layout's real-time socket gets a stand-in a test can drive.
vi.mock('socket.io-client', () => import('./socket-mock.ts'));

// MUI transitions (a dialog closing, a menu fading) take longer than the default 1 s on a loaded
// two-core machine; findBy* and waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

// A worker runs many files in one document (`isolate: false`): each test starts from an empty page and empty storage.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
