import { createHash } from 'node:crypto';
import {
  EARLY_GETS_GLOBAL,
  EARLY_GETS_INSTITUTION,
  IMAGE_ORIGINAL_SRCSET_WIDTH,
  IMAGE_WIDTHS,
  NARROWABLE_IMAGE,
  STORAGE_KEYS,
} from '@tessera/domain';

/**
 * The first screens of signed-in pages, by their element's id: painted hidden (the page's HTML is the same for
 * everyone) and shown by MEMBER_SCRIPT when the session stored in this browser is one the app keeps on that page.
 */
export const MEMBER_SCREEN_IDS = {
  /** /investor/dashboard (first-screen-dashboard.ts). */
  investorDashboard: 'fs-dashboard',
  /** /institution/leads (first-screen-raise.ts). */
  leadList: 'fs-leads',
  /** /institution/dashboard (first-screen-raise.ts). */
  institutionDashboard: 'fs-institution',
} as const;

const { investorDashboard, leadList, institutionDashboard } = MEMBER_SCREEN_IDS;

/**
 * The inline scripts' check that the stored session (`v`, its token `t`) is one the app takes and keeps on its page:
 * the token decodes and has not expired (apps/web lib/session/session-store.ts), and no second factor is to be set up
 * first (app/mfa-setup-gate.tsx). Returns from the script otherwise. Shared with EARLY_GETS_SCRIPT (early-gets.ts).
 */
export const SESSION_TAKEN_JS =
  'var p=JSON.parse(atob(t.split(".")[1].replace(/-/g,"+").replace(/_/g,"/")));' +
  'if(!p||typeof p.exp!=="number"||p.exp*1000<=Date.now()||v.mfaSetupRequired)return;';

/**
 * The inline scripts' check that the member's preferences (`pr`) keep them in Raise mode on a picked institution, an
 * object id (features/raise institution-layout.tsx). Returns from the script otherwise.
 */
export const RAISE_PICK_JS =
  'if(pr.appMode!=="institution"||typeof pr.institution!=="string"||!/^[0-9a-f]{24}$/.test(pr.institution))return;';

/**
 * Fills the institution dashboard's first screen (`s`) from the page's early GETs (early-gets.ts) once both the offers
 * and the institution have answered: the institution's name goes into the card skeleton's hidden sizing text, so the
 * skeleton is as tall as the app's card will be with that name (wrapped on a phone or not); each of the first offers'
 * cards gets its image (with the srcset of the domain's imageSrcSet and the screen's `sizes`, set before the source so
 * the browser picks the copy the app's <img> will), name and short description, with skeletons for its chips and
 * metrics, and the skeletons past the list's end are removed. The Offers card is drawn as a new element that replaces
 * the skeleton's (a new element moves nothing, where a grown skeleton above the old one would have shifted it). Only the
 * API's own images are drawn; text is written as text. Nothing is drawn for an answer that is not a list.
 */
const FILL_INSTITUTION_DASHBOARD =
  `var E=window.${EARLY_GETS_GLOBAL},J=(E&&E.json)||{},` +
  `sub=function(a){return(s.getAttribute(a)||"").split("${EARLY_GETS_INSTITUTION}").join(pr.institution)},` +
  `ko=sub("data-offers"),ki=sub("data-institution"),re=new RegExp(${JSON.stringify(NARROWABLE_IMAGE.source)});` +
  'if(J[ko])Promise.all([J[ko],J[ki]||null]).then(function(r){' +
  'var b=r[0],it=r[1]&&r[1].data,d=b&&b.data;' +
  'if(it&&typeof it==="object"){var nm=ok(it.name)?it.name.trim():ok(it.slug)?it.slug.trim():String(it._id||"");' +
  'if(nm)s.querySelector(".fs-i-inst-name").textContent=nm}' +
  'if(!Array.isArray(d)||!d.length)return;' +
  'var old=s.querySelector(".fs-i-offers"),sec=old.cloneNode(true),sl=sec.querySelectorAll(".fs-i-slot");' +
  'function el(t,c,x){var e=document.createElement(t);e.className=c;if(x)e.textContent=x;return e}' +
  'for(var j=0;j<sl.length;j++){var c=sl[j],o=d[j];if(!o||typeof o!=="object"){c.parentNode.removeChild(c);continue}' +
  'var u=o.heroImageUrl,m;' +
  'if(typeof u==="string"&&u.indexOf("/api/")===0){m=el("img","fs-i-img");m.alt="";' +
  `if(re.test(u)){var q=u.indexOf("?")<0?"?":"&";m.sizes=s.getAttribute("data-sizes");m.srcset=${JSON.stringify(IMAGE_WIDTHS)}.map(function(w){return u+q+"w="+w+" "+w+"w"}).concat(u+" ${IMAGE_ORIGINAL_SRCSET_WIDTH}w").join(", ")}` +
  'm.src=u}else m=el("div","fs-i-img fs-i-noimg");' +
  'var bd=el("div","fs-i-body");bd.appendChild(el("h3","fs-i-title",String(o.name==null?"":o.name)));bd.appendChild(el("div","fs-i-sk fs-i-chips"));' +
  'if(typeof o.descriptionShort==="string"&&o.descriptionShort)bd.appendChild(el("p","fs-b2 fs-muted fs-i-desc",o.descriptionShort));' +
  'bd.appendChild(el("div","fs-i-sk fs-i-metrics"));' +
  'c.className="fs-i-slot fs-card fs-i-card";c.textContent="";c.appendChild(m);c.appendChild(bd)}' +
  'old.parentNode.replaceChild(sec,old)' +
  '})';

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
 * - the lead list and the institution dashboard: the member's stored mode is Raise, with an institution picked (an
 *   object id), and the member may use Raise mode (features/raise use-raise-mode.ts: a platform admin, or an active
 *   member who is the tenant's owner or holds institution:manage), as the institution area's layout requires
 *   (features/raise institution-layout.tsx). The dashboard's offers are filled in once their early GET has answered
 *   (FILL_INSTITUTION_DASHBOARD).
 * Inline, so the CSP allows it by its hash (MEMBER_SCRIPT_CSP_SOURCE); it writes only text (textContent).
 */
export const MEMBER_SCRIPT =
  '(function(){' +
  `var s=document.getElementById("${investorDashboard}")||document.getElementById("${leadList}")||document.getElementById("${institutionDashboard}");if(!s)return;` +
  'function get(st,k){try{return JSON.parse(st.getItem(k))}catch(e){return null}}' +
  'function ok(v){return typeof v==="string"&&["","-","- -"].indexOf(v.trim())<0}' +
  'try{' +
  `var v=get(localStorage,"${STORAGE_KEYS.session}"),t=v&&v.token,u=v&&v.user;` +
  'if(typeof t!=="string"||!u||typeof u!=="object")return;' +
  SESSION_TAKEN_JS +
  `var m=v.tenantMember||{},pr=m.preferences||{},c=get(sessionStorage,"${STORAGE_KEYS.appConfig}"),` +
  'am=pr.appMode||(c&&c.appMode),st=u.investOnboardingStage,r=m.rbac||{},at=r.attributes||{};' +
  `var ra=s.id==="${leadList}"||s.id==="${institutionDashboard}";` +
  'if(ra){' +
  RAISE_PICK_JS +
  'if(u.role!=="admin"&&!(m.membershipStatus==="active"&&(r.role==="owner"||at["institution:manage"]===true)))return' +
  '}else if(am==="institution"||(st&&st!=="complete"))return;' +
  `var tm=get(localStorage,"${STORAGE_KEYS.themeMode}");` +
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
  's.className+=" fs-on";' +
  `if(s.id==="${institutionDashboard}"){${FILL_INSTITUTION_DASHBOARD}}` +
  '}catch(e){}' +
  '})()';

/** The CSP source that allows MEMBER_SCRIPT inline. */
export const MEMBER_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(MEMBER_SCRIPT).digest('base64')}'`;
