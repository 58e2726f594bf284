// The first part of the app's script to run: React and its DOM renderer. The app's one initial chunk
// (vite.config.ts) used to run as one task of 50–80 ms here (more than 200 ms on a mid-range phone), which showed up
// as blocking time; ending the task after each part lets the browser paint and handle input in between.
//
// Each part is a module that imports the part before it and what it evaluates, and ends with a top-level await of
// yieldToBrowser; main.tsx imports the last part before anything else. This relies on the bundle (rolldown)
// evaluating a module's imports one after the other, each awaited before the next starts (the browser's own module
// loading, under `vite dev`, runs the parts without the pauses). The later parts were grouped by measuring them: each
// takes 4–8 ms on the development machine (this first one 12–16), under 50 ms at a mid-range phone's four times.
import 'react';
import 'react-dom/client';
import { yieldToBrowser } from './yield-to-browser.ts';

await yieldToBrowser();
