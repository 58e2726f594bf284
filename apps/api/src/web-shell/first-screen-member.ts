import { createHash } from 'node:crypto';

/**
 * The first screens of signed-in pages, by their element's id: painted hidden (the page's HTML is the same for
 * everyone) and shown by MEMBER_SCRIPT when the session stored in this browser is one the app keeps on that page.
 */
export const MEMBER_SCREEN_IDS = {
  /** /investor/dashboard (first-screen-dashboard.ts). */
  investorDashboard: 'fs-dashboard',
  /** /institution/leads (first-screen-leads.ts). */
  leadList: 'fs-leads',
} as const;

const { investorDashboard, leadList } = MEMBER_SCREEN_IDS;

/**
 * Shows a signed-in page's first screen when the app will show that page, in the tenant's default colours: run by the
 * parser right after the screen's markup, before the first paint. The session is in this browser's storage (apps/web
 * lib/session/session-store.ts), so only a script can tell. The screen stays hidden (the top bar alone is painted, as
 * before) unless the stored session is one the app takes (its token decodes and has not expired), with no second factor
 * to set up first (app/mfa-setup-gate.tsx) and no other light/dark choice on this device or in the member's
 * preferences (components/tenant-theme-provider.tsx), and:
 * - the investor dashboard: not in Raise mode (the member's stored mode, or this tab's: app/routes/investor-area.tsx),
 *   onboarding complete or never started (domain needsOnboarding). It writes the member's name and initials, the
 *   domain's userDisplayName and initials written again here (first-screen-member.test.ts runs this script against them);
 * - the lead list: the member's stored mode is Raise, with an institution picked, and the member may use Raise mode
 *   (features/raise use-raise-mode.ts: a platform admin, or an active member who is the tenant's owner or holds
 *   institution:manage), as the institution area's layout requires (features/raise institution-layout.tsx).
 * Inline, so the CSP allows it by its hash (MEMBER_SCRIPT_CSP_SOURCE); it writes only text (textContent).
 */
export const MEMBER_SCRIPT =
  '(function(){' +
  `var s=document.getElementById("${investorDashboard}")||document.getElementById("${leadList}");if(!s)return;` +
  'function get(st,k){try{return JSON.parse(st.getItem(k))}catch(e){return null}}' +
  'function ok(v){return typeof v==="string"&&["","-","- -"].indexOf(v.trim())<0}' +
  'try{' +
  'var v=get(localStorage,"tessera.session"),t=v&&v.token,u=v&&v.user;' +
  'if(typeof t!=="string"||!u||typeof u!=="object")return;' +
  'var p=JSON.parse(atob(t.split(".")[1].replace(/-/g,"+").replace(/_/g,"/")));' +
  'if(!p||typeof p.exp!=="number"||p.exp*1000<=Date.now()||v.mfaSetupRequired)return;' +
  'var m=v.tenantMember||{},pr=m.preferences||{},c=get(sessionStorage,"tessera.app-config"),' +
  'am=pr.appMode||(c&&c.appMode),st=u.investOnboardingStage,r=m.rbac||{},at=r.attributes||{};' +
  `if(s.id==="${leadList}"){` +
  'if(pr.appMode!=="institution"||typeof pr.institution!=="string"||!pr.institution)return;' +
  'if(u.role!=="admin"&&!(m.membershipStatus==="active"&&(r.role==="owner"||at["institution:manage"]===true)))return' +
  '}else if(am==="institution"||(st&&st!=="complete"))return;' +
  'var tm=get(localStorage,"tessera.theme-mode");' +
  'if(tm!=="light"&&tm!=="dark")tm=pr.themeMode||s.getAttribute("data-mode");' +
  'if(tm!==s.getAttribute("data-mode"))return;' +
  `if(s.id==="${investorDashboard}"){` +
  'var n=ok(u.displayname)?u.displayname.trim():ok(u.firstname)&&ok(u.lastname)?u.firstname.trim()+" "+u.lastname.trim():' +
  'ok(u.firstname)?u.firstname.trim():ok(u.lastname)?u.lastname.trim():ok(u.email)?u.email.trim():String(u._id||"");' +
  'var w=n.trim().split(/\\s+/).filter(Boolean).map(function(x){return Array.from(x)});' +
  'var i=w.length>=2?(w[0][0]+w[1][0]).toUpperCase():w.length===1?w[0].slice(0,2).join("").toUpperCase():"XX";' +
  's.querySelector("h1").textContent="Welcome, "+n;' +
  's.querySelector(".fs-d-avatar").textContent=i' +
  '}' +
  's.className+=" fs-on"' +
  '}catch(e){}' +
  '})()';

/** The CSP source that allows MEMBER_SCRIPT inline. */
export const MEMBER_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(MEMBER_SCRIPT).digest('base64')}'`;
