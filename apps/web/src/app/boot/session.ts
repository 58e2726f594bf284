// The fourth part (see runtime.ts): the session kept in this browser and the schemas it is checked with.
// After the previous part: imports are evaluated in order.
import './data.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { yieldToBrowser } from './yield-to-browser.ts';

await yieldToBrowser(sessionStore);
