// The first part of the app's script to run: React, its DOM renderer and the router. The app's one initial chunk
// (vite.config.ts) used to run as one task of 50–80 ms here (more than 200 ms on a mid-range phone), which showed up
// as blocking time; ending the task after each part lets the browser paint and handle input in between.
import 'react';
import 'react-dom/client';
import 'react-router/dom';
import { yieldToBrowser } from './yield-to-browser.ts';

await yieldToBrowser();
