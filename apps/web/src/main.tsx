// Latin only: each subset file declares its face without a unicode-range, and other scripts fall back per glyph to
// the font stack. The @font-face rules are inlined into index.html (vite.config.ts, inlineEntryCss) and the faces the
// first screen uses start downloading with the page (apps/api first-paint.ts, FONT_WARMER).
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-600.css';
import '@fontsource/roboto/latin-700.css';
// Run the app's script in parts, each its own task (app/boot/runtime.ts); the last part imports the ones before it.
import './app/boot/layout.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { yieldToBrowser } from './app/boot/yield-to-browser.ts';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';
import { markAppStarted } from './lib/page-data.ts';

// In a task of its own too: the router matches the address and starts loading the page's code.
const router = createAppRouter();
await yieldToBrowser();
// React renders once the router has the page: its code, and on this first page its data (lib/page-data.ts), while the
// top bar the server wrote stays on screen. Rendering earlier drew a fallback only to replace it, and lost the
// router's update when it finished during that first render (RouterProvider subscribes only once it has committed): a
// page whose loader answered at once, such as a signed-in page opened signed out, stayed blank.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
// From here on a page's loader only starts its data: a navigation does not wait for it.
markAppStarted();

const root = createRoot(document.getElementById('root')!);
// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// for the whole tree (one long task of 40–60 ms here, four times that on a mid-range phone); the top bar the server
// wrote into the page stays on screen until React commits.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
