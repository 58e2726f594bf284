import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadDataGrid } from '../components/data-grid.tsx';
// Keeps MUI's style rules out of jsdom's document unless a file asks for them.
import './document-styles.tsx';

// No test opens a real socket: the signed-in layout's real-time socket gets a stand-in a test can drive.
vi.mock('socket.io-client', () => import('./socket-mock.ts'));

// Screens draw their grid at once, as they do once its code has loaded (components/data-grid.tsx loads it on first
// use; data-grid.test.tsx shows the placeholder before that).
beforeAll(async () => {
  await loadDataGrid();
});

// MUI transitions (a dialog closing, a menu fading) take longer than the default 1 s on a loaded
// two-core machine; findBy* and waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

// A worker runs many files in one document (`isolate: false`): each test starts from an empty page and empty storage.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
