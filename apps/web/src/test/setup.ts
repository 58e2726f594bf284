import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// MUI transitions (a dialog closing, a menu fading) take longer than the default 1 s on a loaded
// two-core machine; findBy* and waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
