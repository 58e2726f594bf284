import { createHash } from 'node:crypto';
import {
  STORAGE_KEYS,
  EARLY_GETS_GLOBAL,
  EARLY_GETS_ID,
  EARLY_GETS_INSTITUTION,
  institutionApiPath,
  institutionDashboardOffers,
  offerListApiPath,
} from '@tessera/domain';
import { jsonForScript } from '../lib/html.ts';
import { RAISE_PICK_JS, SESSION_TAKEN_JS } from './first-screen-member.ts';

const API = '/api/v1';
/** Raise mode's pages (apps/web app/routes/institution-routes.tsx); /institution/list is where one is picked. */
const RAISE_AREA = '/institution';
const PICK_LIST = '/institution/list';
const INSTITUTION_DASHBOARD = '/institution/dashboard';

/**
 * The GETs a Raise mode page makes first that need no more than the picked institution, with EARLY_GETS_INSTITUTION
 * in its place: every page of the area shows the institution (its layout's navigation), and the dashboard its three
 * newest offers, whose images are its largest paint. Built by the domain's path functions, as the app's fetchers are.
 */
export function earlyGets(tenantId: string, path: string): string[] {
  if (path !== RAISE_AREA && !path.startsWith(`${RAISE_AREA}/`)) return [];
  if (path === PICK_LIST || path.startsWith(`${PICK_LIST}/`)) return [];
  const gets = [institutionApiPath(tenantId, EARLY_GETS_INSTITUTION)];
  if (path === INSTITUTION_DASHBOARD) gets.push(offerListApiPath(tenantId, institutionDashboardOffers(EARLY_GETS_INSTITUTION)));
  return gets.map((get) => `${API}${get}`);
}

/**
 * Starts the page's early GETs (the JSON script EARLY_GETS_ID) before the app's script has loaded, so their answers
 * are on their way while it downloads: run in the head. Only for a stored session the app takes (its token decodes and
 * has not expired, apps/web lib/session/session-store.ts), with no second factor to set up first and in Raise mode with
 * an institution picked (an object id), as the area's layout requires; the requests are the app's own (the same
 * paths, Accept and bearer token), which it takes once each (apps/web lib/early-gets.ts). Inline, so the CSP allows it
 * by its hash (EARLY_GETS_SCRIPT_CSP_SOURCE); it reads storage and writes only `window[EARLY_GETS_GLOBAL]`, where it also
 * keeps each 2xx body, read from a copy, for the page's first screen (first-screen-raise.ts).
 */
export const EARLY_GETS_SCRIPT =
  '(function(){try{' +
  `var e=document.getElementById("${EARLY_GETS_ID}"),g=e&&JSON.parse(e.textContent);if(!Array.isArray(g))return;` +
  `var v=JSON.parse(localStorage.getItem("${STORAGE_KEYS.session}")),t=v&&v.token;if(typeof t!=="string")return;` +
  SESSION_TAKEN_JS +
  'var pr=(v.tenantMember&&v.tenantMember.preferences)||{},i=pr.institution;' +
  RAISE_PICK_JS +
  'var o={token:t,gets:{},json:{}};' +
  'g.forEach(function(u){if(typeof u!=="string")return;' +
  `u=u.split("${EARLY_GETS_INSTITUTION}").join(i);` +
  'var r=o.gets[u]=fetch(u,{headers:{Accept:"application/json",Authorization:"Bearer "+t}});' +
  // A copy's body for the first screen, cloned as the response comes (before the app can have read it).
  'o.json[u]=r.then(function(x){return x.ok?x.clone().json():null}).catch(function(){return null})});' +
  `window.${EARLY_GETS_GLOBAL}=o` +
  '}catch(x){}})()';

/** The CSP source that allows EARLY_GETS_SCRIPT inline. */
export const EARLY_GETS_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_GETS_SCRIPT).digest('base64')}'`;

/** The page's early GETs and the script that starts them, for its head; '' for a page without any. */
export function earlyGetsHead(tenantId: string | null, path: string): string {
  const gets = tenantId ? earlyGets(tenantId, path) : [];
  if (gets.length === 0) return '';
  return `<script id="${EARLY_GETS_ID}" type="application/json">${jsonForScript(gets)}</script><script>${EARLY_GETS_SCRIPT}</script>`;
}
