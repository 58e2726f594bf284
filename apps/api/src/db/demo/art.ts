/**
 * The demo data's illustrations as SVG: a scene per kind of asset for offer banners, a monogram per institution and a
 * portrait per team member, each in its tenant's palette. render.ts turns them into the committed WebP files; nothing
 * here runs when the app starts.
 */

export type Scene =
  | 'apartments'
  | 'storage'
  | 'logistics'
  | 'harbor'
  | 'hotel'
  | 'construction'
  | 'wind'
  | 'solar'
  | 'tech'
  | 'senior-living'
  | 'vineyard'
  | 'campus'
  | 'office'
  | 'townhomes'
  | 'resort'
  | 'retail';

export interface Palette {
  primary: string;
  secondary: string;
}

export const BANNER = { width: 1200, height: 600 } as const;

/** A small deterministic random source, so a scene renders the same every time. */
function random(seed: string) {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function hex(c: string): [number, number, number] {
  const n = Number.parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
/** c mixed toward `to` by t (0 = c, 1 = to). */
function mix(c: string, to: string, t: number): string {
  const a = hex(c);
  const b = hex(to);
  return `#${a
    .map((v, i) =>
      Math.round(v + (b[i]! - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
const light = (c: string, t: number) => mix(c, '#ffffff', t);
const dark = (c: string, t: number) => mix(c, '#000000', t);

const W = BANNER.width;
const H = BANNER.height;

function sky(p: Palette, kind: 'day' | 'dusk' | 'dawn'): string {
  const [top, bottom] =
    kind === 'dusk' ? [dark(p.primary, 0.2), light(p.secondary, 0.35)] : kind === 'dawn' ? ['#f6d7b8', '#fdf1e4'] : ['#a9cde8', '#e8f2f8'];
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>`;
}
const sun = (x: number, y: number, r: number, color: string) =>
  `<circle cx="${x}" cy="${y}" r="${r * 1.6}" fill="${color}" opacity="0.18"/><circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;

function clouds(rnd: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = rnd() * W;
    const y = 40 + rnd() * 140;
    const w = 80 + rnd() * 120;
    s += `<g fill="#ffffff" opacity="${0.55 + rnd() * 0.3}"><ellipse cx="${x}" cy="${y}" rx="${w}" ry="${w * 0.22}"/><ellipse cx="${x - w * 0.3}" cy="${y - w * 0.12}" rx="${w * 0.4}" ry="${w * 0.22}"/><ellipse cx="${x + w * 0.25}" cy="${y - w * 0.16}" rx="${w * 0.45}" ry="${w * 0.26}"/></g>`;
  }
  return s;
}

/** A ridge of hills from y (its mean height) with the given roughness. */
function hills(rnd: () => number, y: number, amp: number, color: string, steps = 6): string {
  let d = `M0 ${H} L0 ${y}`;
  const seg = W / steps;
  for (let i = 0; i < steps; i++) {
    const x1 = seg * i + seg / 2;
    const y1 = y - amp * (0.3 + rnd());
    const x2 = seg * (i + 1);
    const y2 = y - amp * rnd() * 0.5;
    d += ` Q${x1.toFixed(0)} ${y1.toFixed(0)} ${x2.toFixed(0)} ${y2.toFixed(0)}`;
  }
  return `<path d="${d} L${W} ${H} Z" fill="${color}"/>`;
}

function mountains(rnd: () => number, base: number, height: number, color: string, n = 5): string {
  let d = `M0 ${base}`;
  const seg = W / n;
  for (let i = 0; i < n; i++)
    d += ` L${seg * i + seg / 2} ${base - height * (0.5 + rnd() * 0.5)} L${seg * (i + 1)} ${base - height * rnd() * 0.3}`;
  return `<path d="${d} L${W} ${H} L0 ${H} Z" fill="${color}"/>`;
}

/** A building with a grid of windows, some lit. */
function building(
  rnd: () => number,
  x: number,
  w: number,
  h: number,
  ground: number,
  body: string,
  glass: string,
  opts: { cols?: number; rows?: number; roof?: 'flat' | 'gable' | 'antenna' } = {},
): string {
  const top = ground - h;
  let s = `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${body}"/>`;
  if (opts.roof === 'gable')
    s += `<path d="M${x - 8} ${top} L${x + w / 2} ${top - w * 0.35} L${x + w + 8} ${top} Z" fill="${dark(body, 0.25)}"/>`;
  if (opts.roof === 'antenna') s += `<rect x="${x + w / 2 - 2}" y="${top - 40}" width="4" height="40" fill="${dark(body, 0.3)}"/>`;
  const cols = opts.cols ?? Math.max(2, Math.floor(w / 26));
  const rows = opts.rows ?? Math.max(2, Math.floor(h / 34));
  const cw = w / cols;
  const rh = h / (rows + 0.5);
  for (let c = 0; c < cols; c++)
    for (let r = 0; r < rows; r++) {
      const lit = rnd() < 0.25;
      s += `<rect x="${(x + c * cw + cw * 0.22).toFixed(1)}" y="${(top + rh * 0.4 + r * rh).toFixed(1)}" width="${(cw * 0.56).toFixed(1)}" height="${(rh * 0.5).toFixed(1)}" rx="2" fill="${lit ? '#ffe9a8' : glass}"/>`;
    }
  return s;
}

function tree(x: number, ground: number, size: number, color: string, kind: 'round' | 'pine' = 'round'): string {
  const trunk = `<rect x="${x - size * 0.06}" y="${ground - size * 0.5}" width="${size * 0.12}" height="${size * 0.5}" fill="#6b4f3a"/>`;
  if (kind === 'pine')
    return `${trunk}<path d="M${x} ${ground - size * 1.5} L${x + size * 0.4} ${ground - size * 0.35} L${x - size * 0.4} ${ground - size * 0.35} Z" fill="${color}"/>`;
  return `${trunk}<circle cx="${x}" cy="${ground - size * 0.75}" r="${size * 0.42}" fill="${color}"/><circle cx="${x - size * 0.2}" cy="${ground - size * 0.62}" r="${size * 0.3}" fill="${dark(color, 0.12)}"/>`;
}

function water(y: number, color: string, rnd: () => number): string {
  let s = `<rect x="0" y="${y}" width="${W}" height="${H - y}" fill="${color}"/>`;
  for (let i = 0; i < 26; i++) {
    const x = rnd() * W;
    const yy = y + 10 + rnd() * (H - y - 20);
    s += `<rect x="${x}" y="${yy}" width="${30 + rnd() * 70}" height="3" rx="1.5" fill="#ffffff" opacity="0.25"/>`;
  }
  return s;
}

const ground = (y: number, color: string) => `<rect x="0" y="${y}" width="${W}" height="${H - y}" fill="${color}"/>`;

function skyline(rnd: () => number, base: number, p: Palette, n: number, tone: number): string {
  let s = '';
  let x = -20;
  while (x < W) {
    const w = 50 + rnd() * 70;
    const h = 80 + rnd() * 200;
    s += `<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="${mix(p.primary, '#c9d6e3', tone)}"/>`;
    x += w + 4 + rnd() * 10;
    if (--n <= 0) break;
  }
  return s;
}

const scenes: Record<Scene, (p: Palette, rnd: () => number) => string> = {
  apartments: (p, rnd) => {
    const g = 500;
    let s = sky(p, 'day') + clouds(rnd, 3) + sun(1040, 110, 42, '#ffd97a') + skyline(rnd, g - 40, p, 30, 0.7) + ground(g - 40, '#9cc29a');
    s += building(rnd, 120, 300, 260, g, light(p.primary, 0.15), light(p.primary, 0.55), { cols: 10, rows: 7 });
    s += building(rnd, 450, 260, 320, g, p.secondary, light(p.primary, 0.6), { cols: 8, rows: 9 });
    s += building(rnd, 740, 320, 230, g, light(p.primary, 0.3), light(p.primary, 0.65), { cols: 10, rows: 6 });
    s += ground(g, '#7fae7c') + `<rect x="0" y="${g + 30}" width="${W}" height="40" fill="#6d6f73"/>`;
    for (let x = 60; x < W; x += 140) s += tree(x, g + 26, 70, '#4f8f55');
    return s;
  },
  storage: (p, rnd) => {
    const g = 470;
    let s = sky(p, 'day') + clouds(rnd, 4) + mountains(rnd, 330, 120, '#a7b7c9') + ground(330, '#c7d3a0');
    for (let row = 0; row < 3; row++) {
      const y = 360 + row * 70;
      const w = 900 - row * 60;
      const x = 150 + row * 30;
      s += `<rect x="${x}" y="${y - 60}" width="${w}" height="60" fill="${light(p.primary, 0.85)}"/><rect x="${x - 6}" y="${y - 68}" width="${w + 12}" height="10" fill="${p.primary}"/>`;
      for (let d = x + 12; d < x + w - 50; d += 62)
        s += `<rect x="${d}" y="${y - 48}" width="48" height="48" fill="${p.secondary}"/>${[10, 20, 30, 40].map((o) => `<rect x="${d}" y="${y - 48 + o}" width="48" height="2" fill="${dark(p.secondary, 0.2)}"/>`).join('')}`;
    }
    s += ground(g + 20, '#8d8f92');
    return s;
  },
  logistics: (p, rnd) => {
    const g = 470;
    let s = sky(p, 'dawn') + sun(220, 170, 60, '#ffb36b') + hills(rnd, 360, 50, '#c6cba8') + ground(420, '#b9bea0');
    s += `<rect x="280" y="250" width="760" height="200" fill="${light(p.primary, 0.8)}"/><path d="M260 250 L1060 250 L1040 226 L280 226 Z" fill="${p.primary}"/>`;
    for (let d = 320; d < 1020; d += 80) s += `<rect x="${d}" y="340" width="56" height="110" fill="${light(p.primary, 0.35)}"/>`;
    s += `<rect x="300" y="270" width="720" height="10" fill="${p.secondary}"/>` + ground(g, '#5f6368');
    for (let i = 0; i < 6; i++) s += `<rect x="${60 + i * 190}" y="${g + 55}" width="90" height="6" fill="#f5f5f5"/>`;
    // Trucks at the docks.
    for (const x of [330, 570, 810]) {
      s += `<rect x="${x}" y="${g - 78}" width="150" height="70" fill="#f4f4f4" stroke="${dark(p.primary, 0.1)}" stroke-width="3"/><rect x="${x + 150}" y="${g - 55}" width="44" height="47" rx="6" fill="${p.secondary}"/><circle cx="${x + 30}" cy="${g - 4}" r="12" fill="#222"/><circle cx="${x + 170}" cy="${g - 4}" r="12" fill="#222"/>`;
    }
    return s;
  },
  harbor: (p, rnd) => {
    const wl = 400;
    let s = sky(p, 'dusk') + sun(900, 300, 70, light(p.secondary, 0.4)) + skyline(rnd, wl, p, 40, 0.35);
    s += water(wl, dark(p.primary, 0.15), rnd);
    s += `<rect x="120" y="${wl - 190}" width="36" height="190" fill="#f2f2f2"/><rect x="120" y="${wl - 150}" width="36" height="30" fill="#c0392b"/><rect x="120" y="${wl - 80}" width="36" height="30" fill="#c0392b"/><rect x="112" y="${wl - 214}" width="52" height="26" fill="#ffe9a8"/>`;
    for (const [x, y] of [
      [420, wl + 70],
      [700, wl + 120],
      [980, wl + 60],
    ] as const)
      s += `<path d="M${x} ${y} L${x + 120} ${y} L${x + 100} ${y + 24} L${x + 20} ${y + 24} Z" fill="#f4f4f4"/><path d="M${x + 60} ${y - 100} L${x + 60} ${y - 4} L${x + 10} ${y - 4} Z" fill="${light(p.secondary, 0.5)}"/><rect x="${x + 58}" y="${y - 104}" width="4" height="104" fill="#444"/>`;
    return s;
  },
  hotel: (p, rnd) => {
    const g = 420;
    let s = sky(p, 'dusk') + sun(1010, 200, 50, '#ffd08a') + mountains(rnd, 330, 150, dark(p.primary, 0.1), 4) + ground(330, '#5f8f6e');
    s += building(rnd, 380, 440, 240, g - 20, '#f1ece4', light(p.primary, 0.5), { cols: 14, rows: 6, roof: 'flat' });
    s += `<rect x="360" y="${g - 270}" width="480" height="14" fill="${p.secondary}"/><rect x="560" y="${g - 80}" width="80" height="60" fill="${dark(p.primary, 0.1)}"/>`;
    s += water(g, mix(p.primary, '#6fa8c9', 0.5), rnd);
    for (let x = 40; x < 360; x += 70) s += tree(x, g, 90, '#3f7a52', 'pine');
    for (let x = 880; x < W; x += 70) s += tree(x, g, 90, '#3f7a52', 'pine');
    return s;
  },
  construction: (p, rnd) => {
    const g = 480;
    let s = sky(p, 'day') + clouds(rnd, 3) + skyline(rnd, g, p, 30, 0.75) + ground(g, '#b59b74');
    // A frame going up and a tower crane.
    for (let f = 0; f < 6; f++) s += `<rect x="420" y="${g - 40 - f * 50}" width="360" height="8" fill="${p.primary}"/>`;
    for (let c = 0; c < 5; c++) s += `<rect x="${420 + c * 88}" y="${g - 290}" width="8" height="290" fill="${p.primary}"/>`;
    s += `<rect x="900" y="90" width="16" height="${g - 90}" fill="${p.secondary}"/><rect x="640" y="90" width="440" height="14" fill="${p.secondary}"/><rect x="1040" y="104" width="36" height="30" fill="${dark(p.secondary, 0.3)}"/><rect x="700" y="104" width="2" height="120" fill="#333"/><rect x="680" y="224" width="44" height="24" fill="${p.primary}"/>`;
    return s;
  },
  wind: (p, rnd) => {
    let s = sky(p, 'day') + clouds(rnd, 4) + hills(rnd, 380, 80, '#a8c98f', 5) + hills(rnd, 470, 60, '#86b27a', 4);
    for (const [x, base, size] of [
      [220, 420, 1],
      [520, 380, 0.8],
      [760, 430, 1.1],
      [1010, 400, 0.75],
    ] as const) {
      const h = 260 * size;
      const top = base - h;
      const r = 110 * size;
      s += `<path d="M${x - 6 * size} ${base} L${x - 3} ${top} L${x + 3} ${top} L${x + 6 * size} ${base} Z" fill="#f7f7f7"/>`;
      for (const a of [0, 120, 240].map((d) => d + rnd() * 60))
        s += `<path d="M${x} ${top} l${r * 0.06} ${-r * 0.08} L${x} ${top - r} Z" fill="#ffffff" stroke="#d9d9d9" transform="rotate(${a.toFixed(0)} ${x} ${top})"/>`;
      s += `<circle cx="${x}" cy="${top}" r="${8 * size}" fill="${p.primary}"/>`;
    }
    return s;
  },
  solar: (p, rnd) => {
    let s = sky(p, 'dawn') + sun(930, 150, 70, '#ffc766') + mountains(rnd, 330, 140, '#d8a47f', 4) + ground(330, '#e8c9a0');
    for (let row = 0; row < 4; row++) {
      const y = 360 + row * 60;
      const skew = 18 + row * 4;
      for (let x = -40 + row * 20; x < W; x += 150 + row * 10)
        s += `<path d="M${x} ${y} L${x + 130} ${y} L${x + 130 + skew} ${y + 36} L${x + skew} ${y + 36} Z" fill="${dark(p.primary, 0.2)}" stroke="${light(p.primary, 0.5)}" stroke-width="2"/><rect x="${x + 60}" y="${y + 36}" width="6" height="14" fill="#777"/>`;
    }
    for (let x = 80; x < W; x += 300) s += `<rect x="${x}" y="${300 - rnd() * 20}" width="10" height="40" rx="5" fill="#6f9a5a"/>`;
    return s;
  },
  tech: (p, rnd) => {
    let s = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark(p.primary, 0.35)}"/><stop offset="1" stop-color="${p.primary}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#bg)"/>`;
    const nodes = Array.from({ length: 26 }, () => [80 + rnd() * (W - 160), 60 + rnd() * (H - 120)] as const);
    for (let i = 0; i < nodes.length; i++)
      for (let j = i + 1; j < nodes.length; j++) {
        const [a, b] = [nodes[i]!, nodes[j]!];
        if (Math.hypot(a[0] - b[0], a[1] - b[1]) < 230)
          s += `<line x1="${a[0].toFixed(0)}" y1="${a[1].toFixed(0)}" x2="${b[0].toFixed(0)}" y2="${b[1].toFixed(0)}" stroke="${light(p.primary, 0.5)}" stroke-opacity="0.35" stroke-width="2"/>`;
      }
    for (const [x, y] of nodes)
      s += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(5 + rnd() * 9).toFixed(0)}" fill="${rnd() < 0.3 ? p.secondary : light(p.primary, 0.7)}"/>`;
    // A laptop and a rising chart in front.
    s += `<rect x="420" y="250" width="360" height="220" rx="12" fill="#e9eef4"/><rect x="436" y="266" width="328" height="188" fill="${dark(p.primary, 0.25)}"/><path d="M380 470 L820 470 L790 500 L410 500 Z" fill="#cfd6de"/>`;
    s += `<polyline points="460,420 520,400 580,410 640,350 700,330 740,290" fill="none" stroke="${p.secondary}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`;
    return s;
  },
  'senior-living': (p, rnd) => {
    const g = 450;
    let s = sky(p, 'day') + clouds(rnd, 3) + sun(180, 110, 46, '#ffe08a') + hills(rnd, 350, 40, '#b4d39c', 4) + ground(g, '#8cc084');
    s += building(rnd, 330, 540, 160, g, '#f4efe6', light(p.primary, 0.55), { cols: 12, rows: 3, roof: 'gable' });
    s += `<rect x="570" y="${g - 70}" width="60" height="70" fill="${p.primary}"/><path d="M520 ${g - 170} L600 ${g - 240} L680 ${g - 170} Z" fill="${p.secondary}"/>`;
    s += `<path d="M600 ${H} Q600 ${g + 60} 600 ${g}" stroke="#e7dcc4" stroke-width="60" fill="none"/>`;
    for (let x = 40; x < W; x += 120) if (x < 300 || x > 900) s += tree(x, g + 10, 100, '#5b9b5e');
    for (let x = 20; x < W; x += 28)
      s += `<circle cx="${x}" cy="${g + 100 + rnd() * 30}" r="6" fill="${rnd() < 0.5 ? '#f28ca8' : '#ffd166'}"/>`;
    return s;
  },
  vineyard: (p, rnd) => {
    let s = sky(p, 'dawn') + sun(900, 160, 60, '#ffc98b') + hills(rnd, 300, 60, '#9fb48a', 4) + hills(rnd, 360, 50, '#7f9f64', 4);
    s += `<rect x="0" y="380" width="${W}" height="${H - 380}" fill="#6f8f4e"/>`;
    for (let i = -8; i < 14; i++)
      s += `<path d="M${600 + i * 20} 380 L${600 + i * 110} ${H}" stroke="#3f6b34" stroke-width="${10 + Math.abs(i) * 0.6}" stroke-dasharray="10 8" fill="none"/>`;
    s += `<rect x="140" y="260" width="160" height="80" fill="#efe2c8"/><path d="M130 262 L220 210 L310 262 Z" fill="${dark(p.secondary, 0.25)}"/><rect x="200" y="300" width="30" height="40" fill="${p.primary}"/>`;
    for (let x = 60; x < 360; x += 60) s += tree(x, 370, 70 + rnd() * 20, '#4d7a3f', 'pine');
    return s;
  },
  campus: (p, rnd) => {
    const g = 470;
    let s = sky(p, 'day') + clouds(rnd, 4) + ground(g - 20, '#8cbf7d');
    s += building(rnd, 120, 320, 200, g, '#b5654a', '#f5e6c8', { cols: 9, rows: 5 });
    s += building(rnd, 760, 320, 200, g, '#b5654a', '#f5e6c8', { cols: 9, rows: 5 });
    s += `<rect x="530" y="${g - 320}" width="140" height="320" fill="#a75a41"/><path d="M520 ${g - 320} L600 ${g - 420} L680 ${g - 320} Z" fill="${p.primary}"/><circle cx="600" cy="${g - 260}" r="34" fill="#fff7e6" stroke="${p.primary}" stroke-width="6"/><path d="M600 ${g - 260} L600 ${g - 284} M600 ${g - 260} L616 ${g - 254}" stroke="${p.primary}" stroke-width="5"/>`;
    s += `<rect x="560" y="${g - 70}" width="80" height="70" fill="${p.secondary}"/>`;
    for (let x = 40; x < W; x += 180) s += tree(x, g + 40, 80, '#4f8f55');
    return s;
  },
  office: (p, rnd) => {
    const g = 520;
    let s = sky(p, 'day') + clouds(rnd, 3) + skyline(rnd, g, p, 40, 0.7);
    s += `<path d="M470 ${g} L470 110 L660 70 L730 110 L730 ${g} Z" fill="${light(p.primary, 0.25)}"/>`;
    for (let y = 130; y < g - 10; y += 22)
      s += `<rect x="482" y="${y}" width="236" height="12" fill="${light(p.primary, 0.6)}" opacity="0.8"/>`;
    s += building(rnd, 250, 180, 300, g, light(p.primary, 0.45), light(p.primary, 0.75));
    s += building(rnd, 780, 200, 260, g, p.secondary, light(p.secondary, 0.6), { roof: 'antenna' });
    s += ground(g, '#7d8286');
    return s;
  },
  townhomes: (p, rnd) => {
    const g = 460;
    let s = sky(p, 'day') + clouds(rnd, 4) + sun(1050, 100, 40, '#ffe08a') + hills(rnd, 360, 30, '#a9cf93', 3) + ground(g, '#8cc084');
    const colors = [light(p.primary, 0.2), p.secondary, '#e9d8c4', light(p.primary, 0.5), '#d9a38b', light(p.secondary, 0.4)];
    for (let i = 0; i < 7; i++) {
      const x = 110 + i * 140;
      const h = 190 + (i % 2) * 20;
      s += `<rect x="${x}" y="${g - h}" width="140" height="${h}" fill="${colors[i % colors.length]}"/><path d="M${x - 4} ${g - h} L${x + 70} ${g - h - 70} L${x + 144} ${g - h} Z" fill="${dark(p.primary, 0.2)}"/>`;
      s += `<rect x="${x + 20}" y="${g - h + 30}" width="38" height="44" fill="#f2f6fa"/><rect x="${x + 82}" y="${g - h + 30}" width="38" height="44" fill="#f2f6fa"/><rect x="${x + 52}" y="${g - 78}" width="36" height="78" fill="${dark(colors[i % colors.length]!, 0.35)}"/>`;
    }
    s += `<rect x="0" y="${g + 40}" width="${W}" height="40" fill="#6d6f73"/>`;
    return s;
  },
  resort: (p, rnd) => {
    let s =
      sky(p, 'dusk') +
      sun(300, 240, 50, '#ffd08a') +
      mountains(rnd, 320, 190, dark(p.primary, 0.05), 4) +
      mountains(rnd, 360, 110, '#4e7d62', 6);
    s += water(380, mix(p.primary, '#77b3d1', 0.55), rnd).replace(
      /height="\d+(\.\d+)?" fill="#[0-9a-f]{6}"\/>/,
      `height="90" fill="${mix(p.primary, '#77b3d1', 0.55)}"/>`,
    );
    s += ground(470, '#6a9a5b');
    for (const x of [180, 420, 760])
      s += `<rect x="${x}" y="490" width="160" height="64" rx="14" fill="#f4f1ea"/><rect x="${x + 16}" y="504" width="40" height="22" rx="4" fill="${light(p.primary, 0.5)}"/><rect x="${x + 100}" y="504" width="44" height="22" fill="${p.secondary}"/><circle cx="${x + 40}" cy="556" r="12" fill="#333"/>`;
    for (const x of [1000, 1090]) s += `<path d="M${x} 560 L${x + 45} 490 L${x + 90} 560 Z" fill="${p.secondary}"/>`;
    for (let x = 30; x < W; x += 150) s += tree(x, 480, 80, '#2f5e42', 'pine');
    return s;
  },
  retail: (p, rnd) => {
    const g = 470;
    let s = sky(p, 'day') + clouds(rnd, 3) + ground(g - 40, '#c9cdd1');
    s += `<rect x="100" y="220" width="1000" height="${g - 220}" fill="#efe9df"/><rect x="90" y="206" width="1020" height="20" fill="${p.primary}"/>`;
    for (let i = 0; i < 6; i++) {
      const x = 120 + i * 163;
      s += `<rect x="${x}" y="300" width="140" height="${g - 300}" fill="${light(p.primary, 0.7)}"/>`;
      for (let k = 0; k < 7; k++)
        s += `<path d="M${x + k * 20} 270 L${x + k * 20 + 20} 270 L${x + k * 20 + 20} 296 Q${x + k * 20 + 10} 308 ${x + k * 20} 296 Z" fill="${k % 2 ? '#ffffff' : i % 2 ? p.secondary : p.primary}"/>`;
      s += `<rect x="${x + 10}" y="240" width="120" height="22" rx="4" fill="${dark(p.primary, 0.2)}"/>`;
    }
    s += ground(g, '#6d6f73');
    for (let i = 0; i < 10; i++) s += `<rect x="${40 + i * 118}" y="${g + 50}" width="4" height="60" fill="#f5f5f5"/>`;
    return s;
  },
};

/** An offer's banner: its scene in the palette, 1200 × 600. */
export function bannerSvg(scene: Scene, palette: Palette, seed: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${scenes[scene](palette, random(seed))}</svg>`;
}

/** An institution's logo: its initials on a rounded tile with an emblem, 512 × 512. */
export function logoSvg(name: string, palette: Palette, emblem: 'peak' | 'wave' | 'leaf' | 'spark' | 'arch'): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const marks = {
    peak: `<path d="M96 360 L200 210 L256 290 L300 240 L416 360 Z" fill="${palette.secondary}" opacity="0.9"/>`,
    wave: `<path d="M80 330 Q168 270 256 330 T432 330 L432 372 Q344 312 256 372 T80 372 Z" fill="${palette.secondary}"/>`,
    leaf: `<path d="M256 150 C360 180 380 290 256 370 C132 290 152 180 256 150 Z" fill="${palette.secondary}" opacity="0.9"/><path d="M256 180 L256 360" stroke="${palette.primary}" stroke-width="8"/>`,
    spark: `<path d="M256 120 L284 228 L392 256 L284 284 L256 392 L228 284 L120 256 L228 228 Z" fill="${palette.secondary}" opacity="0.85"/>`,
    arch: `<path d="M136 380 L136 250 A120 120 0 0 1 376 250 L376 380 L332 380 L332 254 A76 76 0 0 0 180 254 L180 380 Z" fill="${palette.secondary}" opacity="0.9"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light(palette.primary, 0.1)}"/><stop offset="1" stop-color="${dark(palette.primary, 0.25)}"/></linearGradient></defs><rect width="512" height="512" rx="96" fill="url(#g)"/><g transform="translate(256 158) scale(0.52) translate(-256 -256)">${marks[emblem]}</g><text x="256" y="408" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-weight="700" font-size="${initials.length > 1 ? 150 : 180}" fill="#ffffff" letter-spacing="6">${initials}</text></svg>`;
}

export interface Portrait {
  skin: string;
  hair: string;
  hairStyle: 'short' | 'long' | 'bun' | 'bald' | 'curly';
  shirt: string;
  glasses?: boolean;
}

/** A team member's portrait: head and shoulders on a tinted disc, 256 × 256. */
export function avatarSvg(person: Portrait, background: string): string {
  const { skin, hair, shirt } = person;
  const hairBack = {
    short: '',
    long: `<path d="M70 130 Q70 50 128 50 Q186 50 186 130 L190 210 L66 210 Z" fill="${hair}"/>`,
    bun: `<circle cx="128" cy="44" r="24" fill="${hair}"/>`,
    bald: '',
    curly: `<g fill="${hair}">${[0, 1, 2, 3, 4, 5, 6].map((i) => `<circle cx="${78 + i * 17}" cy="${70 + (i % 2) * 10}" r="22"/>`).join('')}</g>`,
  }[person.hairStyle];
  const hairFront = {
    short: `<path d="M82 112 Q84 58 128 58 Q172 58 174 112 Q160 84 128 86 Q96 84 82 112 Z" fill="${hair}"/>`,
    long: `<path d="M80 118 Q84 56 128 56 Q172 56 176 118 Q150 80 110 86 Q92 96 80 118 Z" fill="${hair}"/>`,
    bun: `<path d="M82 110 Q86 60 128 60 Q170 60 174 110 Q150 82 128 84 Q106 82 82 110 Z" fill="${hair}"/>`,
    bald: `<path d="M84 104 Q86 92 92 86 M172 104 Q170 92 164 86" stroke="${hair}" stroke-width="8" fill="none"/>`,
    curly: '',
  }[person.hairStyle];
  const glasses = person.glasses
    ? `<g fill="none" stroke="#2b2b2b" stroke-width="4"><circle cx="110" cy="122" r="14"/><circle cx="146" cy="122" r="14"/><path d="M124 122 L132 122"/></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><rect width="256" height="256" fill="${background}"/>${hairBack}<path d="M40 256 Q44 190 128 186 Q212 190 216 256 Z" fill="${shirt}"/><path d="M112 170 L144 170 L140 196 L116 196 Z" fill="${dark(skin, 0.08)}"/><path d="M108 192 L128 214 L148 192" fill="#ffffff" opacity="0.9"/><ellipse cx="128" cy="120" rx="46" ry="56" fill="${skin}"/>${hairFront}<circle cx="110" cy="122" r="4" fill="#2b2b2b"/><circle cx="146" cy="122" r="4" fill="#2b2b2b"/>${glasses}<path d="M114 150 Q128 160 142 150" stroke="${dark(skin, 0.35)}" stroke-width="4" fill="none" stroke-linecap="round"/></svg>`;
}
