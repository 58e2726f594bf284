// The second part (see runtime.ts): the schemas the first render checks with, the query client and MUI's theming.
import '@tessera/domain';
import '@tanstack/react-query';
import '@mui/material/styles';
import './runtime.ts';
import { yieldToBrowser } from './yield-to-browser.ts';

await yieldToBrowser();
