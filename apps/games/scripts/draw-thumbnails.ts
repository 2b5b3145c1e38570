import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locale, locales } from '@chrysos/rules';
import type { StudioTitle } from '../src/studio-types.ts';
import { titles } from '../src/titles.ts';

/**
 * Draws every studio title's lobby thumbnail from its catalogue theme, so the artwork never drifts from
 * the catalogue: `apps/web/public/images/games/<id>.svg`, lettered in Greek under `games/el/<id>.svg`
 * (the web app's GameThumb picks the page's language), 640×480, self-contained (no fonts, images or
 * CSS to fetch) so the image optimiser's librsvg renders it exactly as a browser would.
 *   node apps/games/scripts/draw-thumbnails.ts
 * A scene is chosen by the theme's symbol (and the engine, and landmarks the title names); the emblem is
 * drawn in paths, the palette derived from the theme's background and accent. Output is deterministic.
 */

export const thumbnailDirectory = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../web/public/images/games',
);
export const thumbnailFile = (id: string, locale: Locale = 'en') =>
  join(thumbnailDirectory, locale === 'en' ? '' : locale, `${id}.svg`);

const W = 640;
const H = 480;
const FONT = "Georgia, 'DejaVu Serif', serif";
const TAU = Math.PI * 2;

// ─── numbers, colours ─────────────────────────────────────────────────────────────────────────────

const f = (value: number) => String(Math.round(value * 10) / 10);
const f2 = (value: number) => String(Math.round(value * 100) / 100);
const deg = (degrees: number) => (degrees * Math.PI) / 180;
const polar = (r: number, degrees: number): [number, number] => [
  r * Math.cos(deg(degrees)),
  r * Math.sin(deg(degrees)),
];

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};
const toHex = (color: Rgb) =>
  `#${color
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const mix = (from: string, to: string, t: number) => {
  const a = rgb(from);
  const b = rgb(to);
  return toHex([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
};
const lighten = (color: string, t: number) => mix(color, '#ffffff', t);
const darken = (color: string, t: number) => mix(color, '#000000', t);
const luma = (color: string) => {
  const [r, g, b] = rgb(color);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};
/** A warm, saturated accent reads as gold; otherwise gold details use the house gold. */
const isGolden = (color: string) => {
  const [r, g, b] = rgb(color).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 0.25) return false;
  const hue = max === r ? (60 * (g - b)) / (max - min) : max === g ? 60 * (2 + (b - r) / (max - min)) : 240;
  return hue >= 30 && hue <= 60;
};

/** A small seeded generator (mulberry32 of the title id's FNV-1a hash): the same id, the same stars. */
function seeded(id: string) {
  let seed = 2166136261;
  for (const char of id) seed = Math.imul(seed ^ (char.codePointAt(0) ?? 0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// ─── the drawing context ──────────────────────────────────────────────────────────────────────────

type Stop = readonly [offset: number, color: string, opacity?: number];

interface Art {
  title: StudioTitle;
  /** The language the title is lettered in (the scene is chosen from the English title in both). */
  locale: Locale;
  bg: string;
  accent: string;
  gold: string;
  light: boolean;
  random: () => number;
  defs: Map<string, string>;
}

const stops = (list: readonly Stop[]) =>
  list
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${f2(offset)}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${f2(opacity)}"`}/>`,
    )
    .join('');

/** Registers a definition once and returns its `url(#id)`. */
function define(art: Art, id: string, body: string) {
  if (!art.defs.has(id)) art.defs.set(id, body);
  return `url(#${id})`;
}

function linear(art: Art, id: string, list: readonly Stop[], vector = [0, 0, 0, 1], user = false) {
  const [x1, y1, x2, y2] = vector.map(f);
  const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
  return define(
    art,
    id,
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>${stops(list)}</linearGradient>`,
  );
}

function radial(art: Art, id: string, list: readonly Stop[], circle = [0.5, 0.5, 0.5], user = false) {
  const [cx, cy, r] = circle.map(f2);
  const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
  return define(
    art,
    id,
    `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${units}>${stops(list)}</radialGradient>`,
  );
}

const blur = (art: Art, id: string, deviation: number) =>
  define(
    art,
    id,
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
  );

const dropShadow = (art: Art) =>
  define(
    art,
    'ds',
    '<filter id="ds" x="-20%" y="-20%" width="140%" height="150%"><feGaussianBlur in="SourceAlpha" stdDeviation="7"/><feOffset dy="9" result="o"/><feFlood flood-color="#000" flood-opacity=".55"/><feComposite in2="o" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>',
  );

/** Polished metal from a base colour, in the emblem's user space (works on strokes of straight lines). */
const metal = (art: Art, id: string, base: string) =>
  linear(
    art,
    id,
    [
      [0, lighten(base, 0.75)],
      [0.22, lighten(base, 0.2)],
      [0.45, darken(base, 0.32)],
      [0.62, base],
      [0.8, lighten(base, 0.45)],
      [1, darken(base, 0.4)],
    ],
    [-90, -160, 90, 160],
    true,
  );
/** The same metal across any one shape's own box. */
const metalBox = (art: Art, id: string, base: string) =>
  linear(
    art,
    id,
    [
      [0, lighten(base, 0.7)],
      [0.35, base],
      [0.55, darken(base, 0.3)],
      [0.8, lighten(base, 0.3)],
      [1, darken(base, 0.35)],
    ],
    [0, 0, 0.3, 1],
  );

// ─── shape helpers ────────────────────────────────────────────────────────────────────────────────

const circle = (x: number, y: number, r: number) =>
  `M${f(x - r)} ${f(y)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z`;
/** Zero-length subpaths: with round caps, one dot each, a few bytes apiece. */
const dots = (points: readonly (readonly [number, number])[]) =>
  points.map(([x, y]) => `M${f(x)} ${f(y)}h0`).join('');
const rect = (x: number, y: number, w: number, h: number) => `M${f(x)} ${f(y)}h${f(w)}v${f(h)}h${f(-w)}Z`;
const sparkle = (x: number, y: number, r: number) =>
  `M${f(x)} ${f(y - r)}Q${f(x)} ${f(y)} ${f(x + r)} ${f(y)}Q${f(x)} ${f(y)} ${f(x)} ${f(y + r)}Q${f(x)} ${f(y)} ${f(x - r)} ${f(y)}Q${f(x)} ${f(y)} ${f(x)} ${f(y - r)}Z`;

/** Light rays: n wedges from a centre, spread between two angles. */
function rays(cx: number, cy: number, n: number, length: number, width: number, from = 0, to = 360) {
  let d = '';
  const step = (to - from) / n;
  for (let i = 0; i < n; i++) {
    const angle = from + step * (i + 0.5);
    const [x1, y1] = polar(length, angle - (step * width) / 2);
    const [x2, y2] = polar(length, angle + (step * width) / 2);
    d += `M${f(cx)} ${f(cy)}L${f(cx + x1)} ${f(cy + y1)}L${f(cx + x2)} ${f(cy + y2)}Z`;
  }
  return d;
}

/** A band of sea from y down to the bottom, its crest a run of smooth quadratic waves. */
function wave(y: number, amplitude: number, length: number, phase: number) {
  const start = -length + (phase % length);
  let d = `M${f(start)} ${f(y)}q${f(length / 4)} ${f(-amplitude)} ${f(length / 2)} 0`;
  for (let x = start + length / 2; x < W + length; x += length / 2) d += `t${f(length / 2)} 0`;
  return `${d}V${H + 10}H${f(start)}Z`;
}

function starField(art: Art, count: number, top: number, bottom: number, color: string) {
  const small: [number, number][] = [];
  const large: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const point: [number, number] = [art.random() * W, top + art.random() * (bottom - top)];
    (art.random() < 0.18 ? large : small).push(point);
  }
  return `<path d="${dots(small)}" stroke="${color}" stroke-width="1.6" stroke-linecap="round" opacity=".55"/><path d="${dots(large)}" stroke="${color}" stroke-width="3" stroke-linecap="round" opacity=".85"/>`;
}

function sparkles(art: Art, count: number, box: [number, number, number, number], color: string) {
  let d = '';
  for (let i = 0; i < count; i++)
    d += sparkle(box[0] + art.random() * box[2], box[1] + art.random() * box[3], 5 + art.random() * 9);
  return `<path d="${d}" fill="${color}" opacity=".8"/>`;
}

function cloud(x: number, y: number, scale: number) {
  const puffs: [number, number, number][] = [
    [-70, 12, 30],
    [-38, -8, 40],
    [4, -22, 48],
    [48, -4, 38],
    [78, 14, 26],
    [0, 14, 34],
  ];
  return puffs.map(([dx, dy, r]) => circle(x + dx * scale, y + dy * scale, r * scale)).join('');
}

function mountains(baseline: number, peaks: readonly [number, number][]) {
  return `M-10 ${f(baseline)}${peaks.map(([x, y]) => `L${f(x)} ${f(y)}`).join('')}L${W + 10} ${f(baseline)}V${H}H-10Z`;
}

/** A temple front: steps, columns, entablature and pediment, as one silhouette path. */
function temple(cx: number, base: number, width: number, height: number, columns: number) {
  const left = cx - width / 2;
  const stepH = height * 0.05;
  let d =
    rect(left - 12, base - stepH, width + 24, stepH) + rect(left - 6, base - 2 * stepH, width + 12, stepH);
  const colTop = base - height * 0.68;
  const colW = width / (columns * 1.9);
  for (let i = 0; i < columns; i++) {
    const x = left + colW * 0.45 + (i * (width - colW * 1.9)) / (columns - 1) + colW * 0.5;
    d += rect(x, colTop, colW, base - 2 * stepH - colTop);
  }
  const entablature = height * 0.12;
  d += rect(left, colTop - entablature, width, entablature);
  d += `M${f(left - 8)} ${f(colTop - entablature)}L${f(cx)} ${f(base - height)}L${f(left + width + 8)} ${f(colTop - entablature)}Z`;
  return d;
}

/** A Doric column with flutes, capital and base, in its own box. */
function column(art: Art, x: number, top: number, bottom: number, width: number, tone: string) {
  const shaft = linear(
    art,
    `col${tone.slice(1)}`,
    [
      [0, darken(tone, 0.25)],
      [0.3, lighten(tone, 0.5)],
      [0.6, tone],
      [1, darken(tone, 0.4)],
    ],
    [0, 0, 1, 0],
  );
  const taper = width * 0.08;
  const capital = width * 0.28;
  let flutes = '';
  for (let i = 1; i < 6; i++) {
    const at = i / 6;
    flutes += `M${f(x - width / 2 + taper + (width - 2 * taper) * at)} ${f(top + capital)}L${f(x - width / 2 + width * at)} ${f(bottom - 8)}`;
  }
  return [
    `<path d="M${f(x - width / 2 + taper)} ${f(top + capital)}H${f(x + width / 2 - taper)}L${f(x + width / 2)} ${f(bottom - 8)}H${f(x - width / 2)}Z" fill="${shaft}"/>`,
    `<path d="${flutes}" stroke="${darken(tone, 0.35)}" stroke-width="1.5" opacity=".6"/>`,
    `<path d="M${f(x - width / 2 - 10)} ${f(top)}h${f(width + 20)}v${f(capital * 0.4)}h${f(-width - 20)}Z M${f(x - width / 2 - 4)} ${f(top + capital * 0.4)}h${f(width + 8)}l${f(-8)} ${f(capital * 0.6)}h${f(-width + 8)}Z M${f(x - width / 2 - 8)} ${f(bottom - 8)}h${f(width + 16)}v8h${f(-width - 16)}Z" fill="${shaft}" stroke="${darken(tone, 0.4)}" stroke-width="1"/>`,
  ].join('');
}

/** The classic Greek key as a repeating band. */
function meander(art: Art, x: number, y: number, width: number, height: number, color: string) {
  const id = `mk${color.slice(1)}`;
  define(
    art,
    id,
    `<pattern id="${id}" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="translate(${f(x)} ${f(y)}) scale(${f2(height / 40)})"><path d="M0 37H40M0 3H40M30 37V11H10V29H22V19H16" fill="none" stroke="${color}" stroke-width="4"/></pattern>`,
  );
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(width)}" height="${f(height)}" fill="url(#${id})"/>`;
}

const LEAF = 'M0 0C20-12 50-12 72 0C50 10 20 10 0 0Z';
/** A leaf (defined once, then used): base at (x, y), pointing along the angle. */
function leaf(art: Art, x: number, y: number, angle: number, length: number, fill: string) {
  define(
    art,
    'lf',
    `<g id="lf"><path d="${LEAF}"/><path d="M4 0H62" stroke="#000" stroke-opacity=".25" stroke-width="1.5"/></g>`,
  );
  return `<use href="#lf" transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)}) scale(${f2(length / 72)})" fill="${fill}"/>`;
}

/** Leaves along a cubic Bézier, alternating sides, shortening towards the tip. */
function branch(art: Art, curve: readonly [number, number][], count: number, fills: readonly string[]) {
  const [p0, p1, p2, p3] = curve as [[number, number], [number, number], [number, number], [number, number]];
  const at = (t: number, i: 0 | 1) =>
    (1 - t) ** 3 * p0[i] + 3 * (1 - t) ** 2 * t * p1[i] + 3 * (1 - t) * t * t * p2[i] + t ** 3 * p3[i];
  const tangent = (t: number, i: 0 | 1) =>
    3 * (1 - t) ** 2 * (p1[i] - p0[i]) + 6 * (1 - t) * t * (p2[i] - p1[i]) + 3 * t * t * (p3[i] - p2[i]);
  let out = '';
  for (let i = 0; i < count; i++) {
    const t = 0.08 + (0.9 * i) / (count - 1);
    const heading = (Math.atan2(tangent(t, 1), tangent(t, 0)) * 180) / Math.PI;
    const side = i % 2 === 0 ? -1 : 1;
    out += leaf(art, at(t, 0), at(t, 1), heading + side * 42, 62 - 22 * t, fills[i % fills.length] ?? '#6a8');
  }
  return out;
}

const SPADE =
  'M0-50C20-25 50-10 50 12C50 32 30 42 12 32C14 42 18 50 26 56H-26C-18 50-14 42-12 32C-30 42-50 32-50 12C-50-10-20-25 0-50Z';
/** A gold coin seen face-on, with a rim, beading and a letter in relief. */
function coin(art: Art, x: number, y: number, r: number, letter: string, base: string) {
  const face = radial(
    art,
    `cf${base.slice(1)}`,
    [
      [0, lighten(base, 0.7)],
      [0.55, base],
      [1, darken(base, 0.45)],
    ],
    [0.35, 0.3, 0.8],
  );
  const beads: [number, number][] = [];
  for (let i = 0; i < 28; i++)
    beads.push(polar(r * 0.84, i * (360 / 28)).map((v, k) => v + (k ? y : x)) as [number, number]);
  return [
    `<circle cx="${f(x + r * 0.06)}" cy="${f(y + r * 0.08)}" r="${f(r)}" fill="${darken(base, 0.55)}"/>`,
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${face}" stroke="${darken(base, 0.35)}" stroke-width="${f(r * 0.05)}"/>`,
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.72)}" fill="none" stroke="${darken(base, 0.3)}" stroke-width="${f(r * 0.04)}" opacity=".7"/>`,
    `<path d="${dots(beads)}" stroke="${darken(base, 0.3)}" stroke-width="${f(r * 0.07)}" stroke-linecap="round" opacity=".8"/>`,
    letter
      ? `<text x="${f(x)}" y="${f(y + r * 0.3)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${f(r * 0.9)}" fill="${darken(base, 0.4)}">${letter}</text>`
      : '',
  ].join('');
}

/** A die in three-quarter view: top and two sides, each with its pips. */
function die(
  x: number,
  y: number,
  size: number,
  angle: number,
  faces: [number, number, number],
  tone: string,
) {
  const s = size;
  const h = s * 0.5;
  const top = `M0 ${f(-h)}L${f(s * 0.87)} 0L0 ${f(h)}L${f(-s * 0.87)} 0Z`;
  const leftFace = `M${f(-s * 0.87)} 0L0 ${f(h)}V${f(h + s)}L${f(-s * 0.87)} ${f(s)}Z`;
  const rightFace = `M${f(s * 0.87)} 0L0 ${f(h)}V${f(h + s)}L${f(s * 0.87)} ${f(s)}Z`;
  const layouts: Record<number, [number, number][]> = {
    1: [[0.5, 0.5]],
    2: [
      [0.25, 0.25],
      [0.75, 0.75],
    ],
    3: [
      [0.25, 0.25],
      [0.5, 0.5],
      [0.75, 0.75],
    ],
    4: [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ],
    5: [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.5, 0.5],
      [0.25, 0.75],
      [0.75, 0.75],
    ],
    6: [
      [0.25, 0.22],
      [0.75, 0.22],
      [0.25, 0.5],
      [0.75, 0.5],
      [0.25, 0.78],
      [0.75, 0.78],
    ],
  };
  // Each face maps the unit square (u, v) onto its parallelogram.
  const mapTop = (u: number, v: number): [number, number] => [(u - v) * s * 0.87, -h + (u + v) * h];
  const mapLeft = (u: number, v: number): [number, number] => [-s * 0.87 + u * s * 0.87, u * h + v * s];
  const mapRight = (u: number, v: number): [number, number] => [u * s * 0.87, h - u * h + v * s];
  const pips = (count: number, map: (u: number, v: number) => [number, number], ry: number) =>
    (layouts[count] ?? [])
      .map(([u, v]) => {
        const [px, py] = map(u, v);
        return `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(s * 0.085)}" ry="${f(ry)}"/>`;
      })
      .join('');
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})" stroke-linejoin="round"><path d="${top}" fill="${lighten(tone, 0.55)}"/><path d="${leftFace}" fill="${darken(tone, 0.08)}"/><path d="${rightFace}" fill="${darken(tone, 0.28)}"/><path d="${top}${leftFace}${rightFace}" fill="none" stroke="${darken(tone, 0.55)}" stroke-width="2"/><g fill="#1d1530">${pips(faces[0], mapTop, s * 0.05)}${pips(faces[1], mapLeft, s * 0.085)}${pips(faces[2], mapRight, s * 0.085)}</g></g>`;
}

/** A stack of casino chips, seen from a little above. */
function chips(x: number, y: number, count: number, color: string, edge: string) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const cy = y - i * 9;
    out += `<ellipse cx="${f(x)}" cy="${f(cy + 5)}" rx="34" ry="12" fill="${darken(color, 0.45)}"/><path d="M${f(x - 34)} ${f(cy)}v5a34 12 0 0 0 68 0v-5Z" fill="${darken(color, 0.2)}"/><path d="M${f(x - 24)} ${f(cy + 9)}v5M${f(x)} ${f(cy + 12)}v5M${f(x + 24)} ${f(cy + 9)}v5" stroke="${edge}" stroke-width="6"/>`;
  }
  const top = y - (count - 1) * 9;
  out += `<ellipse cx="${f(x)}" cy="${f(top)}" rx="34" ry="12" fill="${color}" stroke="${edge}" stroke-width="4" stroke-dasharray="9 7"/><ellipse cx="${f(x)}" cy="${f(top)}" rx="20" ry="7" fill="none" stroke="${lighten(color, 0.5)}" stroke-width="1.5"/>`;
  return out;
}

/** A roulette wheel's pockets as a ring: red and black dashes, the single zero green, gold frets. */
function pocketRing(r: number, width: number, withNumbers: boolean) {
  const order = [
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9,
    22, 18, 29, 7, 28, 12, 35, 3, 26,
  ];
  const pocket = (TAU * r) / 37;
  let frets = '';
  let numbers = '';
  for (let i = 0; i < 37; i++) {
    const angle = -90 + (i - 0.5) * (360 / 37);
    const [x1, y1] = polar(r - width / 2, angle);
    const [x2, y2] = polar(r + width / 2, angle);
    frets += `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
    if (withNumbers) {
      const middle = -90 + i * (360 / 37);
      const [nx, ny] = polar(r + width * 0.22, middle);
      numbers += `<text transform="translate(${f(nx)} ${f(ny)}) rotate(${f(middle + 90)})">${order[i]}</text>`;
    }
  }
  // Pocket i spans angles -90 + (i ± 0.5)·360/37: start the dashes half a pocket before the top.
  const start = `transform="rotate(${f(-90 - 180 / 37)})"`;
  return [
    `<circle r="${f(r)}" fill="none" stroke="#15110f" stroke-width="${f(width)}"/>`,
    `<circle r="${f(r)}" fill="none" stroke="#c0141c" stroke-width="${f(width)}" stroke-dasharray="${f2(pocket)} ${f2(pocket)}" stroke-dashoffset="${f2(pocket)}" ${start}/>`,
    `<circle r="${f(r)}" fill="none" stroke="#138a3c" stroke-width="${f(width)}" stroke-dasharray="${f2(pocket)} ${f2(TAU * r)}" ${start}/>`,
    `<path d="${frets}" stroke="#e6c36a" stroke-width="1.6"/>`,
    withNumbers
      ? `<g font-family="${FONT}" font-size="${f(width * 0.36)}" font-weight="700" fill="#fff" text-anchor="middle">${numbers}</g>`
      : '',
  ].join('');
}

/** Marquee bulbs around the frame of a classic slot. */
function bulbs(art: Art) {
  const points: [number, number][] = [];
  const inset = 13;
  const across = 20;
  const down = 15;
  for (let i = 0; i < across; i++) {
    const x = inset + ((W - 2 * inset) * (i + 0.5)) / across;
    points.push([x, inset], [x, H - inset]);
  }
  for (let i = 0; i < down; i++) {
    const y = inset + ((H - 2 * inset) * (i + 0.5)) / down;
    points.push([inset, y], [W - inset, y]);
  }
  const path = dots(points);
  return [
    `<rect x="4" y="4" width="${W - 8}" height="${H - 8}" rx="16" fill="none" stroke="${darken(art.accent, 0.45)}" stroke-width="18" opacity=".9"/>`,
    `<rect x="4" y="4" width="${W - 8}" height="${H - 8}" rx="16" fill="none" stroke="${art.accent}" stroke-width="1.5" opacity=".7"/>`,
    `<path d="${path}" stroke="${art.accent}" stroke-width="16" stroke-linecap="round" opacity=".28" filter="${blur(art, 'b3', 3)}"/>`,
    `<path d="${path}" stroke="${lighten(art.accent, 0.35)}" stroke-width="8" stroke-linecap="round"/>`,
    `<path d="${path}" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>`,
  ].join('');
}

// ─── scenes and emblems, by the theme's symbol ────────────────────────────────────────────────────

interface Drawing {
  /** Background layers, drawn over the base gradient. */
  scene: string;
  /** The emblem, in local coordinates around (0, 0), roughly ±200 × ±150. */
  emblem: string;
  /** Layers over the emblem (foreground water, petals). */
  front?: string;
  /** Whether the bottom of the scene is dark, so the title is lettered light on dark. */
  darkBottom?: boolean;
  /** Colour of the glow behind the emblem, or null for none. */
  glow?: string | null;
  /** Where the emblem sits, when not centred: a transform in its local coordinates. */
  place?: string;
}

type Painter = (art: Art) => Drawing;

const sea = (art: Art, top: number, base: string) => {
  const light = lighten(base, 0.2);
  return [
    `<path d="${wave(top, 10, 160, 20)}" fill="${light}" opacity=".5"/>`,
    `<path d="${wave(top + 26, 12, 200, 90)}" fill="${mix(base, art.accent, 0.25)}" opacity=".55"/>`,
    `<path d="${wave(top + 58, 14, 240, 10)}" fill="${darken(base, 0.3)}" opacity=".7"/>`,
  ].join('');
};

const underwater = (art: Art): string => {
  const beams = linear(
    art,
    'beam',
    [
      [0, lighten(art.accent, 0.6), 0.4],
      [1, art.accent, 0],
    ],
    [0, 0, 0, 1],
  );
  const bubbles: string[] = [];
  for (let i = 0; i < 16; i++) {
    const x = 30 + art.random() * 580;
    const y = 60 + art.random() * 320;
    bubbles.push(circle(x, y, 2 + art.random() * 6));
  }
  const weed = (x: number, height: number, sway: number) =>
    `M${f(x)} ${H}C${f(x + sway)} ${f(H - height * 0.4)} ${f(x - sway)} ${f(H - height * 0.7)} ${f(x + sway * 0.5)} ${f(H - height)}C${f(x - sway * 0.2)} ${f(H - height * 0.6)} ${f(x + sway * 1.2)} ${f(H - height * 0.4)} ${f(x + 12)} ${H}Z`;
  return [
    `<path d="${rays(320, -120, 9, 620, 0.45, 58, 122)}" fill="${beams}"/>`,
    `<path d="${wave(392, 8, 300, 40)}" fill="${darken(art.bg, 0.35)}"/>`,
    `<path d="${weed(40, 200, 26)}${weed(78, 150, -20)}${weed(566, 190, 24)}${weed(600, 140, -18)}" fill="${mix(art.bg, '#2f8f5b', 0.55)}" opacity=".75"/>`,
    `<path d="${bubbles.join('')}" fill="${lighten(art.accent, 0.7)}" fill-opacity=".15" stroke="${lighten(art.accent, 0.6)}" stroke-width="1.5" opacity=".6"/>`,
  ].join('');
};

const lightningBolt: Painter = (art) => {
  const bolt = 'M28-150L-72 12h58l-40 138L86-34H24l44-116Z';
  const fork = (x: number, y: number, s: number) =>
    `M${f(x)} ${f(y)}l${f(-14 * s)} ${f(40 * s)}l${f(12 * s)} ${f(4 * s)}l${f(-22 * s)} ${f(52 * s)}l${f(10 * s)} ${f(-2 * s)}l${f(-12 * s)} ${f(36 * s)}`;
  const clouds = `${cloud(80, 40, 1.3)}${cloud(560, 30, 1.4)}${cloud(300, -10, 1.2)}`;
  return {
    scene: [
      `<path d="${rays(320, 200, 24, 520, 0.5)}" fill="${art.accent}" opacity=".07"/>`,
      `<path d="${mountains(H, [
        [60, 380],
        [150, 300],
        [210, 340],
        [320, 250],
        [420, 330],
        [500, 290],
        [600, 370],
      ])}" fill="${darken(art.bg, 0.35)}"/>`,
      `<path d="M320 250l-24 26 10-2-18 20 32-24-12 2Z" fill="${lighten(art.bg, 0.6)}" opacity=".5"/>`,
      `<path d="${fork(120, 80, 1.2)}${fork(540, 70, 1)}" fill="none" stroke="${lighten(art.accent, 0.5)}" stroke-width="3" stroke-linejoin="round" opacity=".7" filter="${blur(art, 'b2', 2)}"/>`,
      `<path d="${cloud(190, 10, 1.1)}${cloud(450, 0, 1.2)}" fill="${darken(art.bg, 0.1)}" opacity=".8" transform="translate(0 12)"/>`,
      `<path d="${clouds}" fill="${linear(art, 'cloud', [
        [0, lighten(art.bg, 0.3)],
        [0.45, darken(art.bg, 0.1)],
        [1, darken(art.bg, 0.45)],
      ])}"/>`,
    ].join(''),
    emblem: [
      `<circle r="132" fill="${darken(art.bg, 0.4)}" opacity=".6"/>`,
      `<circle r="132" fill="none" stroke="${metal(art, 'm', art.accent)}" stroke-width="6"/>`,
      `<circle r="118" fill="none" stroke="${art.accent}" stroke-width="1.5" stroke-dasharray="3 6" opacity=".8"/>`,
      `<path d="${bolt}" fill="${art.accent}" opacity=".9" filter="${blur(art, 'b12', 12)}"/>`,
      `<path d="${bolt}" fill="url(#m)" stroke="${lighten(art.accent, 0.8)}" stroke-width="3" stroke-linejoin="round"/>`,
      `<path d="M28-150L-72 12h22L44-146Z" fill="#fff" opacity=".4"/>`,
      `<path d="${sparkle(62, -118, 18)}${sparkle(-60, 110, 12)}" fill="#fff"/>`,
    ].join(''),
    darkBottom: true,
  };
};

const trident: Painter = (art) => {
  const m = metal(art, 'm', art.gold);
  const gem = radial(art, 'gem', [
    [0, lighten(art.accent, 0.8)],
    [0.5, art.accent],
    [1, darken(art.accent, 0.6)],
  ]);
  const head = (x: number, y: number) =>
    `M${f(x)} ${f(y - 52)}L${f(x - 21)} ${f(y + 4)}L${f(x)} ${f(y - 8)}L${f(x + 21)} ${f(y + 4)}Z`;
  const shape =
    '<path d="M0 150V-110" /><path d="M-84-104V-64Q-84-18-36-14H36Q84-18 84-64V-104" fill="none"/>';
  return {
    scene: underwater(art),
    emblem: [
      `<circle r="150" fill="${radial(art, 'deep', [
        [0, lighten(art.accent, 0.3), 0.5],
        [0.7, art.accent, 0.12],
        [1, art.accent, 0],
      ])}"/>`,
      `<circle r="142" fill="none" stroke="${lighten(art.accent, 0.4)}" stroke-width="3" opacity=".55"/><circle r="128" fill="none" stroke="${lighten(art.accent, 0.5)}" stroke-width="2" stroke-dasharray="10 8 2 8" opacity=".5"/>`,
      `<path d="M-142 10C-120 70-60 110 0 112M142-10C120-70 60-110 0-112" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".35"/>`,
      `<g fill="none" stroke="${darken(art.gold, 0.6)}" stroke-width="23" stroke-linecap="round">${shape}</g>`,
      `<path d="${head(0, -112)}${head(-80, -104)}${head(80, -104)}" fill="${darken(art.gold, 0.6)}" stroke="${darken(art.gold, 0.6)}" stroke-width="7" stroke-linejoin="round"/>`,
      `<g fill="none" stroke="${m}" stroke-width="16" stroke-linecap="round">${shape}</g>`,
      `<path d="${head(0, -112)}${head(-80, -104)}${head(80, -104)}" fill="${m}"/>`,
      `<path d="M-10 40h20M-10 54h20M-10 68h20" stroke="${darken(art.gold, 0.5)}" stroke-width="4"/>`,
      `<circle cy="150" r="12" fill="${m}" stroke="${darken(art.gold, 0.6)}" stroke-width="3"/>`,
      `<circle cy="-18" r="17" fill="${gem}" stroke="${darken(art.gold, 0.5)}" stroke-width="4"/>`,
      `<circle cx="-5" cy="-23" r="5" fill="#fff" opacity=".8"/>`,
      `<path d="M-4-60V-150" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".45"/>`,
    ].join(''),
    front: `<path d="${wave(350, 12, 220, 60)}" fill="${lighten(art.bg, 0.15)}" opacity=".55"/><path d="${wave(372, 10, 180, 130)}" fill="${darken(art.bg, 0.2)}" opacity=".8"/><path d="${wave(348, 12, 220, 60).split('V')[0]}" fill="none" stroke="${lighten(art.accent, 0.5)}" stroke-width="2.5" opacity=".6"/>`,
    darkBottom: true,
  };
};

/** The little owl of the Athenian drachma, as one even-odd path (eyes and pupils punched through). */
const RELIEF_OWL =
  'M-30-40C-45-10-42 40-20 55H20C42 40 45-10 30-40C34-52 34-62 30-68L18-54C6-60-6-60-18-54L-30-68C-34-62-34-52-30-40Z' +
  'M-25-28a12 12 0 1 0 24 0a12 12 0 1 0-24 0Z M1-28a12 12 0 1 0 24 0a12 12 0 1 0-24 0Z' +
  'M-17-28a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z M9-28a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z' +
  'M0-14L-5-4H5Z M-14 8q6 5 12 0q6 5 12 0M-16 22q8 6 16 0q8 6 16 0M-12 36q6 5 12 0q6 5 12 0';

const drachmaCoin: Painter = (art) => {
  const base = art.accent;
  const face = radial(
    art,
    'face',
    [
      [0, lighten(base, 0.75)],
      [0.5, base],
      [0.85, darken(base, 0.3)],
      [1, darken(base, 0.5)],
    ],
    [0.36, 0.3, 0.85],
  );
  const beads: [number, number][] = [];
  for (let i = 0; i < 48; i++) beads.push(polar(106, i * 7.5));
  define(art, 'owl', `<path id="owl" fill-rule="evenodd" d="${RELIEF_OWL}"/>`);
  const scattered: string[] = [];
  const spots: [number, number, number][] = [
    [70, 120, 26],
    [560, 110, 30],
    [96, 300, 20],
    [548, 300, 22],
    [150, 60, 14],
    [470, 52, 16],
  ];
  for (const [x, y, r] of spots) scattered.push(coin(art, x, y, r, 'Δ', darken(base, 0.15)));
  return {
    scene: [
      `<path d="${rays(320, 196, 28, 560, 0.5)}" fill="${art.accent}" opacity=".1"/>`,
      `<g opacity=".75" filter="${blur(art, 'b1', 1.2)}">${scattered.join('')}</g>`,
      sparkles(art, 10, [40, 30, 560, 320], lighten(art.accent, 0.7)),
    ].join(''),
    emblem: [
      `<circle cx="6" cy="8" r="128" fill="${darken(base, 0.65)}"/>`,
      `<circle r="128" fill="${face}"/>`,
      `<circle r="128" fill="none" stroke="${metal(art, 'm', base)}" stroke-width="9"/>`,
      `<circle r="96" fill="${darken(base, 0.12)}" opacity=".35"/>`,
      `<path d="${dots(beads)}" stroke="${darken(base, 0.35)}" stroke-width="6" stroke-linecap="round"/>`,
      `<path d="${dots(beads)}" transform="translate(-1 -1)" stroke="${lighten(base, 0.6)}" stroke-width="2.5" stroke-linecap="round" opacity=".8"/>`,
      `<g transform="translate(-14 6) scale(1.25)"><use href="#owl" x="-2" y="-2" fill="${lighten(base, 0.75)}"/><use href="#owl" x="2" y="2.5" fill="${darken(base, 0.65)}"/><use href="#owl" fill="${darken(base, 0.08)}"/></g>`,
      `<g font-family="${FONT}" font-weight="700" font-size="34" text-anchor="middle"><text x="64" y="16" fill="${darken(base, 0.55)}">ΑΘΕ</text><text x="63" y="15" fill="${lighten(base, 0.3)}">ΑΘΕ</text></g>`,
      leaf(art, -60, -70, -130, 34, darken(base, 0.2)),
      leaf(art, -60, -70, -80, 30, darken(base, 0.28)),
      `<ellipse cx="-52" cy="-62" rx="60" ry="26" transform="rotate(-35 -52 -62)" fill="#fff" opacity=".25" filter="${blur(art, 'b8', 8)}"/>`,
      `<path d="${sparkle(82, -92, 24)}${sparkle(-98, 70, 12)}" fill="#fff"/>`,
    ].join(''),
    darkBottom: true,
  };
};

const oliveBranch: Painter = (art) => {
  const top = linear(art, 'lf1', [
    [0, lighten(art.accent, 0.1)],
    [1, darken(art.accent, 0.45)],
  ]);
  const under = linear(art, 'lf2', [
    [0, lighten(art.accent, 0.6)],
    [1, mix(art.accent, '#9aa59a', 0.5)],
  ]);
  const ripe = radial(
    art,
    'ol1',
    [
      [0, '#8a6a9a'],
      [0.35, '#4a2d4f'],
      [1, '#1a0f1c'],
    ],
    [0.35, 0.3, 0.75],
  );
  const green = radial(
    art,
    'ol2',
    [
      [0, lighten(art.accent, 0.6)],
      [0.4, art.accent],
      [1, darken(art.accent, 0.55)],
    ],
    [0.35, 0.3, 0.75],
  );
  const sun = radial(art, 'sun', [
    [0, '#fff6d8', 0.95],
    [0.3, '#ffe39a', 0.5],
    [1, '#ffd36a', 0],
  ]);
  const olive = (x: number, y: number, angle: number, fill: string) =>
    `<path d="M${f(x)} ${f(y - 22)}q-4-10 2-18" stroke="#4a3a20" stroke-width="2.5" fill="none"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="14" ry="19" transform="rotate(${f(angle)} ${f(x)} ${f(y)})" fill="${fill}"/><ellipse cx="${f(x - 5)}" cy="${f(y - 7)}" rx="4" ry="6" transform="rotate(${f(angle + 20)} ${f(x - 5)} ${f(y - 7)})" fill="#fff" opacity=".55"/>`;
  const trees = [90, 150, 480, 560]
    .map((x, i) => {
      const y = 330 - (i % 2) * 14;
      return `${circle(x, y - 24, 22)}${circle(x - 18, y - 12, 16)}${circle(x + 18, y - 12, 16)}${rect(x - 3, y - 6, 6, 26)}`;
    })
    .join('');
  const curve: [number, number][] = [
    [-170, 110],
    [-80, 80],
    [40, 10],
    [170, -110],
  ];
  return {
    scene: [
      `<circle cx="500" cy="90" r="220" fill="${sun}"/>`,
      `<path d="${rays(500, 90, 14, 600, 0.4, 90, 220)}" fill="#fff3c4" opacity=".08"/>`,
      `<path d="${trees}" fill="${darken(art.bg, 0.25)}" opacity=".8"/>`,
      `<path d="M-10 360Q160 290 330 340T650 320V480H-10Z" fill="${darken(art.bg, 0.2)}"/>`,
      `<path d="M-10 400Q200 340 420 390T650 380V480H-10Z" fill="${darken(art.bg, 0.4)}"/>`,
      sparkles(art, 8, [40, 30, 560, 300], '#fff6d0'),
    ].join(''),
    emblem: [
      `<path d="M-170 110C-80 80 40 10 170-110" fill="none" stroke="#3d2a14" stroke-width="11" stroke-linecap="round"/>`,
      `<path d="M-170 110C-80 80 40 10 170-110" fill="none" stroke="#7a5a32" stroke-width="5" stroke-linecap="round"/>`,
      branch(art, curve, 16, [top, under, top, top]),
      olive(-70, 110, 12, ripe),
      olive(-40, 118, -8, ripe),
      olive(40, 62, 18, green),
      olive(96, 8, -10, ripe),
      olive(124, 20, 14, green),
      leaf(art, -16, 58, 100, 56, top),
    ].join(''),
    darkBottom: true,
  };
};

const amphora: Painter = (art) => {
  const body =
    'M-38-132H38Q44-126 36-118Q28-100 30-80C92-62 104 18 60 80Q40 110 24 118L30 140H-30L-24 118Q-40 110-60 80C-104 18-92-62-30-80Q-28-100-36-118Q-44-126-38-132Z';
  const clay = radial(
    art,
    'clay',
    [
      [0, '#f0a56e'],
      [0.45, '#c86a36'],
      [1, '#5a2410'],
    ],
    [0.38, 0.35, 0.7],
  );
  const grape = radial(
    art,
    'gr',
    [
      [0, lighten(art.accent, 0.65)],
      [0.3, mix(art.accent, '#5a1a6a', 0.3)],
      [0.75, mix(art.accent, '#2a0632', 0.7)],
      [1, '#14031a'],
    ],
    [0.35, 0.3, 0.7],
  );
  define(art, 'amp', `<clipPath id="amp"><path d="${body}"/></clipPath>`);
  const rows = [5, 4, 4, 3, 2, 1];
  const berries: string[] = [];
  rows.forEach((count, row) => {
    for (let i = 0; i < count; i++) {
      const x = 100 + (i - (count - 1) / 2) * 29;
      const y = 36 + row * 24;
      berries.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="16.5" fill="${grape}" stroke="#14031a" stroke-width="1.2"/>`,
      );
    }
  });
  const vine = (x: number, y: number, s: number, angle: number) =>
    `<path transform="translate(${x} ${y}) rotate(${angle}) scale(${s})" d="M0 0C-20-10-40-4-44 14C-30 10-26 20-34 30C-20 30-14 38-14 50C-4 40 4 40 14 50C14 38 20 30 34 30C26 20 30 10 44 14C40-4 20-10 0 0Z"/>`;
  return {
    scene: [
      `<path d="${rays(320, 200, 20, 520, 0.45)}" fill="${art.accent}" opacity=".08"/>`,
      `<g fill="${mix(art.bg, '#4f7a2a', 0.45)}" opacity=".55">${vine(40, 40, 1.5, 150)}${vine(600, 40, 1.5, 210)}${vine(30, 330, 1.2, 40)}${vine(610, 320, 1.2, -40)}</g>`,
      `<path d="M-10 120C60 90 120 140 170 90S250 40 280 70M650 120C580 90 520 140 470 90S390 40 360 70" fill="none" stroke="${mix(art.bg, '#4f7a2a', 0.45)}" stroke-width="4" opacity=".6"/>`,
      sparkles(art, 8, [40, 30, 560, 300], lighten(art.accent, 0.6)),
    ].join(''),
    emblem: [
      `<path d="M30-100C84-112 100-66 68-42M-30-100C-84-112-100-66-68-42" fill="none" stroke="#3a180a" stroke-width="14" stroke-linecap="round"/>`,
      `<path d="M30-100C84-112 100-66 68-42M-30-100C-84-112-100-66-68-42" fill="none" stroke="#b45a2c" stroke-width="7" stroke-linecap="round"/>`,
      `<path d="${body}" fill="${clay}" stroke="#3a180a" stroke-width="4"/>`,
      `<g clip-path="url(#amp)"><rect x="-110" y="-44" width="220" height="58" fill="#1d0d08"/><path d="M-110-52H110M-110 22H110M-110 96H110" stroke="#1d0d08" stroke-width="4"/><path d="M-110-128H110" stroke="#1d0d08" stroke-width="10"/><path d="M-100-16C-80-36-60 0-40-16S0 0 20-16 60 0 80-16 110-8 110-8" fill="none" stroke="#d98a52" stroke-width="3"/><path d="${dots(
        [-80, -50, -20, 10, 40, 70].map((x) => [x, -30] as [number, number]),
      )}" stroke="#d98a52" stroke-width="6" stroke-linecap="round"/><path d="M-60-100Q-80 0-40 100" stroke="#fff" stroke-width="14" fill="none" opacity=".22" filter="${blur(art, 'b4', 4)}"/><path d="M40-80Q90 0 40 110" stroke="#000" stroke-width="40" fill="none" opacity=".25" filter="${blur(art, 'b8', 8)}"/></g>`,
      `<g fill="#4f7a2a" stroke="#2a4014" stroke-width="1.5">${vine(104, 18, 1.1, 10)}</g>`,
      `<path d="M110 20c10-14 26-12 24 0s-16 8-12-2" fill="none" stroke="#6b8f3a" stroke-width="3"/>`,
      berries.join(''),
      `<path d="${dots(rows.flatMap((count, row) => Array.from({ length: count }, (_, i) => [100 + (i - (count - 1) / 2) * 29 - 6, 36 + row * 24 - 6] as [number, number])))}" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".6"/>`,
    ].join(''),
    darkBottom: true,
  };
};

const bullHead: Painter = (art) => {
  const hide = radial(
    art,
    'hide',
    [
      [0, mix(art.accent, '#7a3f1c', 0.5)],
      [0.6, darken(art.accent, 0.6)],
      [1, darken(art.accent, 0.85)],
    ],
    [0.5, 0.35, 0.7],
  );
  const horn = linear(
    art,
    'horn',
    [
      [0, '#fff6e0'],
      [0.5, '#d8c49a'],
      [1, '#6b5533'],
    ],
    [0, 0, 1, 1],
  );
  const eyeGlow = radial(art, 'eye', [
    [0, '#fff5c0'],
    [0.4, lighten(art.accent, 0.3)],
    [1, art.accent, 0],
  ]);
  const torch = radial(art, 'torch', [
    [0, '#ffe9a0', 0.9],
    [0.35, art.accent, 0.4],
    [1, art.accent, 0],
  ]);
  let maze = '';
  for (let k = 1; k <= 8; k++) {
    const s = 44 * k;
    maze += `<rect x="${f(320 - s)}" y="${f(200 - s)}" width="${f(2 * s)}" height="${f(2 * s)}" stroke-dasharray="${f(s * 1.3)} 34 ${f(s * 0.9)} 34" stroke-dashoffset="${k * 57}"/>`;
  }
  const head = 'M-62-62C-74-20-58 40-38 80C-28 104 28 104 38 80C58 40 74-20 62-62C30-84-30-84-62-62Z';
  const hornPath = 'M-52-64C-110-70-146-112-132-158C-118-120-92-100-40-90Z';
  const ear = 'M-62-42C-98-50-114-28-104-14C-88-12-72-20-60-26Z';
  const flame = (x: number) =>
    `<circle cx="${x}" cy="150" r="90" fill="${torch}"/><path d="M${x} 118c14 14 18 28 8 40 12-2 16-10 16-18 8 16 2 32-10 38h-28c-14-8-16-24-6-40 2 8 6 12 12 14-8-12-6-24 8-34Z" fill="#ffd36a"/><path d="M${x - 12} 200h24l-6 70h-12Z" fill="#2a1a10"/>`;
  return {
    scene: [
      `<g fill="none" stroke="${art.accent}" stroke-width="14" opacity=".1">${maze}</g>`,
      flame(70),
      flame(570),
      `<path d="M-10 410L650 410V480H-10Z" fill="${darken(art.bg, 0.5)}"/>`,
    ].join(''),
    emblem: [
      `<g stroke="#2a1a10" stroke-width="4" stroke-linejoin="round"><path d="${hornPath}" fill="${horn}"/><path d="${hornPath}" transform="scale(-1 1)" fill="${horn}"/><path d="${ear}" fill="${darken(art.accent, 0.55)}"/><path d="${ear}" transform="scale(-1 1)" fill="${darken(art.accent, 0.55)}"/><path d="${head}" fill="${hide}"/></g>`,
      `<path d="M-112-130q8 6 20 6M-100-108q10 4 22 2" transform="translate(0 0)" stroke="#6b5533" stroke-width="2" fill="none"/><path d="M-112-130q8 6 20 6M-100-108q10 4 22 2" transform="scale(-1 1)" stroke="#6b5533" stroke-width="2" fill="none"/>`,
      `<path d="M-30-70C-20-50 0-58 0-40C0-58 20-50 30-70C10-60-10-60-30-70Z" fill="${darken(art.accent, 0.8)}" opacity=".8"/>`,
      `<ellipse cy="68" rx="44" ry="30" fill="${mix(art.accent, '#3a1c10', 0.55)}" stroke="#2a1a10" stroke-width="3"/>`,
      `<ellipse cx="-18" cy="70" rx="9" ry="6" fill="#1a0d08"/><ellipse cx="18" cy="70" rx="9" ry="6" fill="#1a0d08"/>`,
      `<circle cy="100" r="18" fill="none" stroke="${darken(art.gold, 0.5)}" stroke-width="9"/><circle cy="100" r="18" fill="none" stroke="${metal(art, 'm', art.gold)}" stroke-width="5"/>`,
      `<circle cx="-32" cy="-12" r="26" fill="${eyeGlow}"/><circle cx="32" cy="-12" r="26" fill="${eyeGlow}"/>`,
      `<path d="M-48-20L-18-8L-24-2L-46-10Z M48-20L18-8L24-2L46-10Z" fill="#fff4c8" stroke="#2a1a10" stroke-width="2"/>`,
      `<path d="M-56-34L-14-20M56-34L14-20" stroke="#1a0d08" stroke-width="6" stroke-linecap="round"/>`,
      `<path d="M-50 10C-40 30-30 40-20 44M50 10C40 30 30 40 20 44" stroke="#000" stroke-width="3" fill="none" opacity=".35"/>`,
    ].join(''),
    darkBottom: true,
  };
};

const dolphin: Painter = (art) => {
  const shape =
    'M130 6C118-2 104-8 92-14C80-34 30-46-10-40C-50-34-80-18-104-8L-132-36C-128-18-126-6-118 0C-126 6-128 18-134 34L-104 6C-70 22-20 34 30 30C70 26 100 20 130 6Z';
  const fin = 'M4-41C-6-60-22-74-44-80C-34-64-36-48-44-34Z';
  const flipper = 'M40 26C30 44 14 56-4 62C6 48 12 38 16 30Z';
  const body = linear(art, 'dol', [
    [0, lighten(art.accent, 0.15)],
    [0.5, art.accent],
    [1, darken(art.accent, 0.35)],
  ]);
  const ink = darken(art.accent, 0.65);
  define(
    art,
    'dolphin',
    `<g id="dolphin" stroke-linejoin="round"><path d="${fin}${flipper}" fill="${darken(art.accent, 0.2)}" stroke="${ink}" stroke-width="2.5"/><path d="${shape}" fill="${body}" stroke="${ink}" stroke-width="3"/><path d="M128 7C100 16 70 22 30 26C-10 28-50 20-100 6C-60 12-20 16 20 14C60 12 100 10 128 7Z" fill="#fbf3df"/><path d="M112 4C70 4 20 8-20 2C-50-2-80-4-104-2" fill="none" stroke="#f2b53c" stroke-width="5" stroke-linecap="round"/><path d="M110 4C70 4 20 8-20 2" fill="none" stroke="${ink}" stroke-width="1.2" stroke-dasharray="1 7" stroke-linecap="round"/><circle cx="92" cy="-6" r="5.5" fill="#fff" stroke="${ink}" stroke-width="2"/><circle cx="93" cy="-6" r="2.5" fill="${ink}"/><path d="M130 6Q112 7 100 3" fill="none" stroke="${ink}" stroke-width="2"/></g>`,
  );
  const fish = (x: number, y: number, s: number, flip: boolean) =>
    `<g transform="translate(${x} ${y}) scale(${flip ? -s : s} ${s})"><path d="M-18 0C-8-10 10-10 20 0C10 10-8 10-18 0ZM-16 0L-30-9V9Z" fill="#f2b53c" stroke="${ink}" stroke-width="1.5"/><path d="M-4-6V6M4-7V7" stroke="${art.accent}" stroke-width="2.5"/><circle cx="13" cy="-2" r="1.8" fill="${ink}"/></g>`;
  const plaster = radial(art, 'plaster', [
    [0, lighten(art.bg, 0.35)],
    [1, art.bg, 0],
  ]);
  const water = linear(art, 'water', [
    [0, lighten(art.accent, 0.62)],
    [1, lighten(art.accent, 0.38)],
  ]);
  const spiral = (x: number) => `M${x} 24a10 10 0 1 1 10 10a5 5 0 1 1 5-5M${x + 20} 34c10 0 20-20 30-20`;
  let band = '';
  for (let x = -20; x < W; x += 50) band += spiral(x);
  const ripples = [80, 120, 290, 330]
    .map((y, i) => `M${40 + i * 30} ${y}q20-10 40 0t40 0t40 0M${430 - i * 20} ${y + 20}q20-10 40 0t40 0t40 0`)
    .join('');
  return {
    scene: [
      `<ellipse cx="200" cy="160" rx="260" ry="180" fill="${plaster}" opacity=".8"/>`,
      `<ellipse cx="520" cy="380" rx="200" ry="120" fill="${darken(art.bg, 0.06)}" opacity=".6" filter="${blur(art, 'b24', 24)}"/>`,
      `<path d="M30 90C120 60 230 80 320 66S520 50 610 86V350C520 370 430 340 320 356S120 380 30 352Z" fill="${water}" opacity=".8"/>`,
      `<path d="M30 90C120 60 230 80 320 66S520 50 610 86V350C520 370 430 340 320 356S120 380 30 352Z" fill="none" stroke="#a33b2b" stroke-width="3" opacity=".55"/>`,
      `<path d="${ripples}" fill="none" stroke="${lighten(art.accent, 0.75)}" stroke-width="3" stroke-linecap="round" opacity=".8"/>`,
      `<rect width="${W}" height="48" fill="${darken(art.bg, 0.08)}"/><rect y="48" width="${W}" height="6" fill="#a33b2b"/><rect y="54" width="${W}" height="3" fill="${art.accent}"/>`,
      `<path d="${band}" fill="none" stroke="${art.accent}" stroke-width="3.5" stroke-linecap="round" transform="translate(0 -6)"/>`,
    ].join(''),
    emblem: [
      fish(-150, -40, 1.1, false),
      fish(160, 90, 1, true),
      fish(-120, 110, 0.8, false),
      fish(180, -90, 0.8, true),
      `<use href="#dolphin" transform="translate(20 -34) rotate(-8)"/>`,
      `<use href="#dolphin" transform="translate(-30 66) scale(-.78 .78) rotate(-6)"/>`,
      `<path d="${dots([
        [-186, 20],
        [-196, 4],
        [210, 10],
        [220, -6],
        [-60, -118],
      ])}" stroke="${lighten(art.accent, 0.4)}" stroke-width="8" stroke-linecap="round" opacity=".8"/>`,
    ].join(''),
    darkBottom: false,
    glow: null,
  };
};

const constellation: Painter = (art) => {
  const stars: Record<string, [number, number, number, string]> = {
    betelgeuse: [-66, -86, 1.4, '#ffb36b'],
    bellatrix: [62, -70, 1, '#ffffff'],
    meissa: [-2, -126, 0.7, '#ffffff'],
    alnitak: [-24, 8, 0.9, '#ffffff'],
    alnilam: [0, 0, 0.95, '#ffffff'],
    mintaka: [24, -8, 0.85, '#ffffff'],
    saiph: [-52, 108, 0.9, '#ffffff'],
    rigel: [72, 96, 1.35, '#bcd4ff'],
    bow1: [104, -118, 0.55, '#ffffff'],
    bow2: [116, -90, 0.55, '#ffffff'],
    bow3: [112, -60, 0.55, '#ffffff'],
    club1: [-96, -120, 0.55, '#ffffff'],
    club2: [-78, -148, 0.5, '#ffffff'],
  };
  const links: [string, string][] = [
    ['meissa', 'betelgeuse'],
    ['meissa', 'bellatrix'],
    ['betelgeuse', 'alnitak'],
    ['bellatrix', 'mintaka'],
    ['alnitak', 'alnilam'],
    ['alnilam', 'mintaka'],
    ['alnitak', 'saiph'],
    ['mintaka', 'rigel'],
    ['bellatrix', 'bow2'],
    ['bow1', 'bow2'],
    ['bow2', 'bow3'],
    ['betelgeuse', 'club1'],
    ['club1', 'club2'],
  ];
  const halo = radial(art, 'halo', [
    [0, '#ffffff', 0.9],
    [0.25, art.accent, 0.5],
    [1, art.accent, 0],
  ]);
  let lines = '';
  for (const [from, to] of links) {
    const a = stars[from];
    const b = stars[to];
    if (a && b) lines += `M${a[0]} ${a[1]}L${b[0]} ${b[1]}`;
  }
  let glows = '';
  let cores = '';
  for (const [x, y, size, color] of Object.values(stars)) {
    glows += `<circle cx="${x}" cy="${y}" r="${f(30 * size)}" fill="${halo}"/>`;
    cores += `<path d="${sparkle(x, y, 16 * size)}" fill="${color}"/><circle cx="${x}" cy="${y}" r="${f(4.5 * size)}" fill="#fff"/>`;
  }
  let ticks = '';
  for (let i = 0; i < 72; i++) {
    const [x1, y1] = polar(150, i * 5);
    const [x2, y2] = polar(i % 6 === 0 ? 138 : 144, i * 5);
    ticks += `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
  }
  const nebula = (cx: number, cy: number, rx: number, ry: number, color: string, id: string) =>
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${radial(art, id, [
      [0, color, 0.45],
      [1, color, 0],
    ])}"/>`;
  return {
    scene: [
      nebula(150, 140, 240, 150, '#7b3fb0', 'n1'),
      nebula(500, 330, 260, 160, art.accent, 'n2'),
      nebula(520, 90, 160, 110, '#2bb3c0', 'n3'),
      `<ellipse cx="320" cy="240" rx="420" ry="60" transform="rotate(-28 320 240)" fill="${lighten(art.accent, 0.4)}" opacity=".12" filter="${blur(art, 'b24', 24)}"/>`,
      starField(art, 150, 0, H, '#ffffff'),
      sparkles(art, 7, [20, 20, 600, 360], lighten(art.accent, 0.6)),
    ].join(''),
    emblem: [
      `<circle r="150" fill="${darken(art.bg, 0.3)}" opacity=".35"/>`,
      `<circle r="150" fill="none" stroke="${art.accent}" stroke-width="2" opacity=".6"/><circle r="130" fill="none" stroke="${art.accent}" stroke-width="1" opacity=".4"/>`,
      `<path d="${ticks}" stroke="${art.accent}" stroke-width="1.5" opacity=".6"/>`,
      `<path d="M-150 0H150M0-150V150" stroke="${art.accent}" stroke-width="1" stroke-dasharray="2 6" opacity=".35"/>`,
      glows,
      `<path d="${lines}" stroke="${lighten(art.accent, 0.4)}" stroke-width="2.5" stroke-linecap="round" opacity=".85"/>`,
      cores,
    ].join(''),
    darkBottom: true,
  };
};

const doubleHeadedEagle: Painter = (art) => {
  const m = metal(art, 'm', art.gold);
  const ink = darken(art.gold, 0.7);
  const shoulder: [number, number] = [22, -34];
  const tip: [number, number] = [124, -112];
  const base = (i: number, n: number): [number, number] => [
    shoulder[0] + ((tip[0] - shoulder[0]) * i) / n,
    shoulder[1] + ((tip[1] - shoulder[1]) * i) / n - Math.sin((Math.PI * i) / n) * 16,
  ];
  const feather = (from: [number, number], angle: number, length: number, width: number) => {
    const [dx, dy] = polar(length, angle);
    const d = `M${f(from[0])} ${f(from[1])}l${f(dx)} ${f(dy)}`;
    return `<path d="${d}" stroke="${ink}" stroke-width="${width + 5}"/><path d="${d}" stroke="${m}" stroke-width="${width}"/><path d="M${f(from[0])} ${f(from[1])}l${f(dx * 0.8)} ${f(dy * 0.8)}" stroke="${ink}" stroke-width="1.5" opacity=".6"/>`;
  };
  let primaries = '';
  for (let i = 8; i >= 0; i--) primaries += feather(base(i, 8), 100 - i * 9, 58 + i * 9, 19);
  let coverts = '';
  for (let i = 7; i >= 1; i--) coverts += feather(base(i, 8), 95 - i * 8, 26 + i * 4, 22);
  let tail = '';
  for (const [angle, length] of [
    [62, 82],
    [74, 94],
    [86, 100],
  ] as const)
    tail += feather([0, 40], angle, length, 18);
  const arm = `M${shoulder[0]} ${shoulder[1]}Q${f((shoulder[0] + tip[0]) / 2)} ${f((shoulder[1] + tip[1]) / 2 - 32)} ${tip[0]} ${tip[1]}`;
  define(
    art,
    'half',
    `<g id="half" fill="none" stroke-linecap="round">${tail}${primaries}${coverts}<path d="${arm}" stroke="${ink}" stroke-width="27"/><path d="${arm}" stroke="${m}" stroke-width="21"/><path d="M16 40L36 84" stroke="${ink}" stroke-width="15"/><path d="M16 40L36 84" stroke="${m}" stroke-width="10"/><path d="M36 84l14 4M36 84l8 12M36 84l-2 14" stroke="${ink}" stroke-width="6"/><path d="M6-44C8-70 22-86 36-96" stroke="${ink}" stroke-width="25"/><path d="M6-44C8-70 22-86 36-96" stroke="${m}" stroke-width="19"/><circle cx="40" cy="-102" r="18" fill="${m}" stroke="${ink}" stroke-width="3"/><path d="M54-110C72-112 80-98 72-84C68-92 62-94 54-94Z" fill="${darken(art.gold, 0.1)}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/><path d="M58-92l16 6" stroke="#b3262e" stroke-width="3"/><circle cx="44" cy="-106" r="4" fill="${ink}"/></g>`,
  );
  const tiles: string[] = [];
  const palette = [darken(art.bg, 0.2), art.bg, lighten(art.bg, 0.12), mix(art.bg, art.accent, 0.25)];
  for (let y = 0; y < 5; y++)
    for (let x = 0; x < 6; x++) {
      const color =
        art.random() < 0.12 ? art.accent : (palette[Math.floor(art.random() * palette.length)] ?? art.bg);
      tiles.push(
        `<rect x="${x * 16 + 1}" y="${y * 16 + 1}" width="14" height="14" rx="2" fill="${color}"${color === art.accent ? ' opacity=".5"' : ''}/>`,
      );
    }
  define(
    art,
    'mosaic',
    `<pattern id="mosaic" width="96" height="80" patternUnits="userSpaceOnUse">${tiles.join('')}</pattern>`,
  );
  const haloFill = radial(art, 'halo', [
    [0, lighten(art.gold, 0.5)],
    [0.6, art.gold],
    [1, darken(art.gold, 0.35)],
  ]);
  const crown = 'M-30-128L-34-156L-16-144L0-164L16-144L34-156L30-128Z';
  return {
    scene: [
      `<rect width="${W}" height="${H}" fill="url(#mosaic)" opacity=".9"/>`,
      `<path d="M120 480V210A200 200 0 0 1 520 210V480" fill="${darken(art.bg, 0.45)}" opacity=".7"/>`,
      `<path d="M120 480V210A200 200 0 0 1 520 210V480" fill="none" stroke="${art.accent}" stroke-width="6" opacity=".6"/>`,
      `<circle cx="320" cy="196" r="170" fill="${haloFill}" opacity=".35"/>`,
      `<circle cx="320" cy="196" r="170" fill="none" stroke="${art.gold}" stroke-width="4" opacity=".8"/><circle cx="320" cy="196" r="158" fill="none" stroke="${art.gold}" stroke-width="1.5" stroke-dasharray="2 8" stroke-linecap="round"/>`,
    ].join(''),
    emblem: [
      `<use href="#half"/><use href="#half" transform="scale(-1 1)"/>`,
      `<ellipse cy="-2" rx="32" ry="56" fill="${m}" stroke="${ink}" stroke-width="4"/>`,
      `<path d="M-22-20q11 10 22 0q11 10 22 0M-24 0q12 10 24 0q12 10 24 0M-20 20q10 10 20 0q10 10 20 0" fill="none" stroke="${ink}" stroke-width="2.5" opacity=".7"/>`,
      `<path d="M-16-40h32v30c0 16-16 24-16 24s-16-8-16-24Z" fill="#8c1d2a" stroke="${ink}" stroke-width="3"/><path d="M0-36V6M-12-20H12" stroke="${art.gold}" stroke-width="4"/>`,
      `<path d="${crown}" fill="${m}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/><path d="M-30-128H30" stroke="${ink}" stroke-width="4"/>`,
      `<circle cy="-164" r="5" fill="${m}" stroke="${ink}" stroke-width="2"/><circle cy="-140" r="5" fill="#c0283a"/><circle cx="-18" cy="-136" r="3.5" fill="#2a7ac0"/><circle cx="18" cy="-136" r="3.5" fill="#2a7ac0"/>`,
    ].join(''),
    darkBottom: true,
  };
};

const owl: Painter = (art) => {
  const feathers = linear(art, 'owlb', [
    [0, lighten(art.accent, 0.45)],
    [0.5, art.accent],
    [1, darken(art.accent, 0.55)],
  ]);
  const wing = linear(art, 'owlw', [
    [0, darken(art.accent, 0.25)],
    [1, darken(art.accent, 0.65)],
  ]);
  const iris = radial(art, 'iris', [
    [0, '#fff1b0'],
    [0.45, '#f2b233'],
    [1, '#a0520e'],
  ]);
  const moon = radial(art, 'moon', [
    [0, '#fffbea'],
    [0.7, '#e9e4cf'],
    [1, '#c9c3a8'],
  ]);
  const moonGlow = radial(art, 'mg', [
    [0, '#fff8e0', 0.35],
    [1, '#fff8e0', 0],
  ]);
  const body = 'M0-100C60-100 85-40 80 20C75 80 40 115 0 115C-40 115-75 80-80 20C-85-40-60-100 0-100Z';
  const wingPath = 'M-78-10C-104 40-88 96-40 118C-58 82-60 40-56 0Z';
  let chevrons = '';
  for (let row = 0; row < 4; row++)
    for (let i = -2; i <= 2; i++) {
      if (Math.abs(i) === 2 && row === 0) continue;
      chevrons += `M${i * 18 - 8 + (row % 2) * 9} ${24 + row * 18}q8 7 16 0`;
    }
  const leaves = linear(art, 'lf1', [
    [0, '#a9bb74'],
    [1, '#4d5e2a'],
  ]);
  return {
    scene: [
      `<circle cx="320" cy="180" r="250" fill="${moonGlow}"/>`,
      `<circle cx="320" cy="180" r="150" fill="${moon}" opacity=".9"/>`,
      `<path d="${circle(260, 110, 22)}${circle(380, 250, 30)}${circle(400, 130, 14)}${circle(240, 240, 12)}" fill="#b8b296" opacity=".35"/>`,
      starField(art, 70, 0, 300, '#ffffff'),
      `<path d="${temple(120, 412, 190, 130, 6)}${temple(540, 412, 150, 100, 5)}" fill="${darken(art.bg, 0.35)}"/>`,
      `<path d="M-10 410H650V480H-10Z" fill="${darken(art.bg, 0.45)}"/>`,
    ].join(''),
    emblem: [
      `<path d="M-150 132C-60 108 60 108 160 124" stroke="#3a2a18" stroke-width="12" stroke-linecap="round" fill="none"/>`,
      leaf(art, -120, 126, 150, 56, leaves),
      leaf(art, -96, 122, 200, 50, leaves),
      leaf(art, 120, 122, 20, 56, leaves),
      leaf(art, 140, 126, -30, 50, leaves),
      `<path d="M-62-70L-80-130L-26-94Z M62-70L80-130L26-94Z" fill="${darken(art.accent, 0.35)}" stroke="${darken(art.accent, 0.8)}" stroke-width="3" stroke-linejoin="round"/>`,
      `<path d="${body}" fill="${feathers}" stroke="${darken(art.accent, 0.8)}" stroke-width="4"/>`,
      `<path d="${chevrons}" fill="none" stroke="${darken(art.accent, 0.55)}" stroke-width="3" stroke-linecap="round"/>`,
      `<g stroke="${darken(art.accent, 0.8)}" stroke-width="3"><path d="${wingPath}" fill="${wing}"/><path d="${wingPath}" transform="scale(-1 1)" fill="${wing}"/></g>`,
      `<path d="M-70 30q10 20 8 40M-64 60q6 14 4 28M70 30q-10 20-8 40M64 60q-6 14-4 28" fill="none" stroke="${lighten(art.accent, 0.2)}" stroke-width="2" opacity=".6"/>`,
      `<circle cx="-34" cy="-40" r="38" fill="${lighten(art.accent, 0.6)}"/><circle cx="34" cy="-40" r="38" fill="${lighten(art.accent, 0.6)}"/>`,
      `<circle cx="-34" cy="-40" r="38" fill="none" stroke="${darken(art.accent, 0.3)}" stroke-width="3" stroke-dasharray="4 4"/><circle cx="34" cy="-40" r="38" fill="none" stroke="${darken(art.accent, 0.3)}" stroke-width="3" stroke-dasharray="4 4"/>`,
      `<circle cx="-34" cy="-40" r="25" fill="${iris}" stroke="#2a1a08" stroke-width="3"/><circle cx="34" cy="-40" r="25" fill="${iris}" stroke="#2a1a08" stroke-width="3"/>`,
      `<circle cx="-34" cy="-40" r="12" fill="#120c06"/><circle cx="34" cy="-40" r="12" fill="#120c06"/><circle cx="-39" cy="-46" r="4.5" fill="#fff"/><circle cx="29" cy="-46" r="4.5" fill="#fff"/>`,
      `<path d="M0-30L-11-10L0 6L11-10Z" fill="#d9a23a" stroke="#4a2e08" stroke-width="2.5" stroke-linejoin="round"/>`,
      `<path d="M-26 112v14M-18 112v16M-10 112v14M10 112v14M18 112v16M26 112v14" stroke="#4a2e08" stroke-width="5" stroke-linecap="round"/>`,
    ].join(''),
    darkBottom: true,
  };
};

const treasureChest: Painter = (art) => {
  const gold = art.gold;
  const m = metal(art, 'm', gold);
  const wood = linear(art, 'wood', [
    [0, '#9a6632'],
    [0.5, '#6b421c'],
    [1, '#3a220c'],
  ]);
  const inside = linear(art, 'inside', [
    [0, '#2a1608'],
    [1, '#5a3412'],
  ]);
  const shine = radial(art, 'shine', [
    [0, '#fffbe0', 0.95],
    [0.4, '#ffe27a', 0.6],
    [1, '#ffd040', 0],
  ]);
  const gem = (x: number, y: number, color: string, s: number) =>
    `<path d="M${f(x)} ${f(y - 12 * s)}l${f(12 * s)} ${f(8 * s)}l${f(-12 * s)} ${f(16 * s)}l${f(-12 * s)} ${f(-16 * s)}Z" fill="${color}" stroke="${darken(color, 0.5)}" stroke-width="2"/><path d="M${f(x)} ${f(y - 12 * s)}l${f(-6 * s)} ${f(8 * s)}h${f(12 * s)}Z" fill="#fff" opacity=".5"/>`;
  const pile: [number, number][] = [
    [-86, -44],
    [-58, -52],
    [-30, -58],
    [0, -62],
    [30, -58],
    [58, -52],
    [86, -44],
    [-44, -72],
    [-14, -80],
    [16, -80],
    [46, -72],
    [0, -94],
  ];
  const coins = pile
    .map(
      ([x, y]) =>
        `<ellipse cx="${x}" cy="${y}" rx="17" ry="9" fill="${darken(gold, 0.45)}"/><ellipse cx="${x}" cy="${y - 3}" rx="17" ry="9" fill="${lighten(gold, 0.15)}" stroke="${darken(gold, 0.3)}" stroke-width="1.5"/>`,
    )
    .join('');
  const pearls: [number, number][] = [];
  for (let i = 0; i <= 12; i++) {
    const t = i / 12;
    pearls.push([-70 + t * 120, -34 + Math.sin(t * Math.PI) * 46]);
  }
  return {
    scene: underwater(art),
    emblem: [
      `<path d="${rays(0, -50, 11, 260, 0.5, 200, 340)}" fill="#ffe9a0" opacity=".35"/>`,
      `<path d="M-120-40L-108-134Q0-158 108-134L120-40Z" fill="${wood}" stroke="#2a1608" stroke-width="4"/>`,
      `<path d="M-104-48L-96-122Q0-140 96-122L104-48Z" fill="${inside}"/>`,
      `<path d="M-112-40L-102-130M112-40L102-130M-60-42L-56-142M60-42L56-142" stroke="${m}" stroke-width="10"/>`,
      `<ellipse cy="-48" rx="150" ry="60" fill="${shine}"/>`,
      coins,
      gem(-70, -70, '#d81b3c', 1.1),
      gem(70, -66, art.accent, 1.2),
      gem(26, -100, '#7b3fe4', 0.9),
      `<rect x="-128" y="-44" width="256" height="146" rx="10" fill="${wood}" stroke="#2a1608" stroke-width="4"/>`,
      `<path d="M-124 0H124M-124 48H124" stroke="#2a1608" stroke-width="3" opacity=".6"/>`,
      `<path d="M-128-36H128" stroke="${m}" stroke-width="14"/>`,
      `<path d="M-88-44V102M88-44V102" stroke="${darken(gold, 0.6)}" stroke-width="20"/><path d="M-88-44V102M88-44V102" stroke="${m}" stroke-width="14"/>`,
      `<path d="${dots([
        [-88, -14],
        [-88, 30],
        [-88, 74],
        [88, -14],
        [88, 30],
        [88, 74],
      ])}" stroke="${lighten(gold, 0.6)}" stroke-width="6" stroke-linecap="round"/>`,
      `<path d="M-26-30H26V36Q0 56-26 36Z" fill="${m}" stroke="${darken(gold, 0.6)}" stroke-width="3"/><path d="M0-6a8 8 0 1 0 .1 0ZM-4 0h8l4 24h-16Z" fill="#1d1208"/>`,
      `<path d="${dots(pearls)}" stroke="#fdf8ee" stroke-width="10" stroke-linecap="round"/><path d="${dots(pearls.map(([x, y]) => [x - 2, y - 2]))}" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
      `<path d="${sparkle(-36, -110, 16)}${sparkle(104, -100, 12)}${sparkle(-110, -70, 10)}" fill="#fff"/>`,
    ].join(''),
    front: `<path d="M-10 452Q160 420 320 440T650 436V480H-10Z" fill="${mix(art.bg, '#c2a66a', 0.45)}" opacity=".9"/>`,
    darkBottom: true,
    glow: '#ffe27a',
  };
};

const windmill: Painter = (art) => {
  const sky = linear(art, 'sky', [
    [0, mix(art.accent, '#5b3a7a', 0.55)],
    [0.45, mix(art.accent, '#e86a6a', 0.3)],
    [0.75, lighten(art.accent, 0.35)],
    [1, '#ffe2b0'],
  ]);
  const sun = radial(art, 'sun', [
    [0, '#fffbe8'],
    [0.2, '#ffe9a6'],
    [0.45, '#ffc870', 0.6],
    [1, art.accent, 0],
  ]);
  const seaFill = linear(art, 'sea', [
    [0, '#3f7fb5'],
    [1, '#123a63'],
  ]);
  const tower = linear(
    art,
    'tower',
    [
      [0, '#ffffff'],
      [0.55, '#f1ebe2'],
      [1, '#c4b5a2'],
    ],
    [0, 0, 1, 0],
  );
  const thatch = linear(art, 'thatch', [
    [0, '#a8743c'],
    [1, '#5e3a18'],
  ]);
  // Eight spars, each with a triangular cloth sail, tips tied to each other by a rope.
  let sails = '';
  let spars = '';
  let rope = '';
  for (let i = 0; i < 8; i++) {
    const angle = 14 + i * 45;
    const [x1, y1] = polar(18, angle);
    const [x2, y2] = polar(150, angle);
    const [sx, sy] = polar(34, angle);
    const [cx, cy] = polar(128, angle + 17);
    spars += `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
    sails += `M${f(sx)} ${f(sy)}L${f(x2 * 0.96)} ${f(y2 * 0.96)}Q${f((x2 + cx) * 0.52)} ${f((y2 + cy) * 0.52)} ${f(cx)} ${f(cy)}Z`;
    rope += `${i ? 'L' : 'M'}${f(x2)} ${f(y2)}`;
  }
  const house = (x: number, y: number, w: number, h: number, dome: boolean) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fbf7f0"/><rect x="${x + w - 10}" y="${y}" width="10" height="${h}" fill="#d9cfc2"/><rect x="${x + w * 0.3}" y="${y + h * 0.45}" width="${f(w * 0.22)}" height="${f(h * 0.55)}" rx="3" fill="#2c5d8f"/>${dome ? `<path d="M${x + 6} ${y}a${f(w / 2 - 6)} ${f(w / 2 - 6)} 0 0 1 ${w - 12} 0Z" fill="#2a62a8"/><path d="M${f(x + w / 2)} ${f(y - w / 2 + 6)}v-14M${f(x + w / 2 - 6)} ${f(y - w / 2 - 2)}h12" stroke="#fbf7f0" stroke-width="3"/>` : ''}`;
  const houses = [
    house(10, 356, 70, 60, false),
    house(70, 330, 60, 70, true),
    house(140, 372, 80, 50, false),
    house(452, 366, 66, 56, false),
    house(506, 330, 64, 72, true),
    house(570, 358, 70, 60, false),
  ].join('');
  let glints = '';
  for (let i = 0; i < 9; i++) {
    const y = 300 + i * 12;
    const w = 70 - i * 5;
    glints += `M${f(470 - w / 2 + (i % 2) * 8)} ${y}h${f(w)}`;
  }
  return {
    scene: [
      `<rect width="${W}" height="${H}" fill="${sky}"/>`,
      `<circle cx="470" cy="286" r="190" fill="${sun}"/>`,
      `<circle cx="470" cy="286" r="46" fill="#fff6d8"/>`,
      `<path d="M-10 150Q60 120 130 140T260 130" stroke="#fff" stroke-width="10" stroke-linecap="round" fill="none" opacity=".25"/>`,
      `<path d="M380 70Q450 50 520 66T640 60" stroke="#fff" stroke-width="8" stroke-linecap="round" fill="none" opacity=".2"/>`,
      `<path d="M-10 290H650V480H-10Z" fill="${seaFill}"/>`,
      `<path d="M200 292Q260 270 330 290Z" fill="#6a4a6a" opacity=".55"/>`,
      `<path d="${glints}" stroke="#ffd9a0" stroke-width="3" stroke-linecap="round" opacity=".8"/>`,
      `<path d="M-10 330Q100 300 230 330T430 360T650 320V480H-10Z" fill="#e7dccb"/>`,
      houses,
      `<path d="M-10 410Q160 390 320 404T650 400V480H-10Z" fill="#cdbfa9"/>`,
    ].join(''),
    emblem: [
      `<path d="M-58 170L-44-30H44L58 170Z" fill="${tower}" stroke="#8a7a68" stroke-width="2"/>`,
      `<path d="M-16 170V116A16 16 0 0 1 16 116V170Z" fill="#2c5d8f"/><rect x="-12" y="30" width="20" height="26" rx="10" fill="#2c5d8f"/><rect x="20" y="-2" width="12" height="16" rx="6" fill="#2c5d8f" opacity=".85"/>`,
      `<path d="M-52-30Q0-120 52-30Z" fill="${thatch}" stroke="#3e250c" stroke-width="2"/>`,
      `<path d="M-30-36Q-10-80 0-88M0-36V-88M30-36Q10-80 0-88" stroke="#3e250c" stroke-width="1.5" fill="none" opacity=".6"/>`,
      `<g transform="translate(0 -58)"><path d="${rope}Z" fill="none" stroke="#5a3a1e" stroke-width="1.2" opacity=".7"/><path d="${sails}" fill="${linear(
        art,
        'canvas',
        [
          [0, '#fffdf6'],
          [1, '#e8dcc4'],
        ],
      )}" stroke="#8a6a4a" stroke-width="1.5" stroke-linejoin="round"/><path d="${spars}" stroke="#4a3018" stroke-width="4.5" stroke-linecap="round"/><path d="M0 0L-8 28" stroke="#4a3018" stroke-width="6" stroke-linecap="round"/><circle r="12" fill="#4a3018"/><circle r="5" fill="#c99a5a"/></g>`,
    ].join(''),
    place: 'translate(-96 12) scale(.86)',
    darkBottom: true,
    glow: null,
  };
};

const goldenFleece: Painter = (art) => {
  const m = metal(art, 'm', art.gold);
  const hull = linear(art, 'hull', [
    [0, '#7a4a24'],
    [1, '#2a160a'],
  ]);
  const sail = linear(
    art,
    'sail',
    [
      [0, '#7a1f16'],
      [0.5, '#b8432e'],
      [1, '#7a1f16'],
    ],
    [0, 0, 1, 0],
  );
  const moon = radial(art, 'moon', [
    [0, '#fffbe6'],
    [0.2, '#fff3c0', 0.9],
    [0.35, lighten(art.accent, 0.3), 0.25],
    [1, art.accent, 0],
  ]);
  const horizon = linear(art, 'hz', [
    [0, art.bg, 0],
    [1, mix(art.bg, art.accent, 0.35), 0.7],
  ]);
  let oars = '';
  for (let i = 0; i < 9; i++) oars += `M${-96 + i * 24} 58l-26 52`;
  let shields = '';
  for (let i = 0; i < 8; i++) shields += circle(-84 + i * 24, 40, 10);
  // A ram's fleece hung by its forelegs: hide with four dangling legs, the head and curled horns on top.
  const fleece =
    'M-30-102C-18-108 18-108 30-102L48-110L44-94C48-70 46-40 40-18L50-2L34-6C20 0-20 0-34-6L-50-2L-40-18C-46-40-48-70-44-94L-48-110Z';
  const curls: [number, number][] = [];
  for (let row = 0; row < 5; row++)
    for (let i = 0; i < 5 - (row % 2); i++) curls.push([-28 + i * 14 + (row % 2) * 7, -86 + row * 17]);
  return {
    scene: [
      `<rect y="120" width="${W}" height="200" fill="${horizon}"/>`,
      `<circle cx="510" cy="96" r="120" fill="${moon}"/>`,
      `<circle cx="510" cy="96" r="34" fill="#fff8dc"/><circle cx="524" cy="88" r="30" fill="${lighten(art.bg, 0.08)}"/>`,
      starField(art, 80, 0, 260, '#ffffff'),
      `<path d="M-10 276L40 246L90 262L150 238L220 276ZM420 276L480 252L520 262L580 240L650 276Z" fill="${darken(art.bg, 0.3)}"/>`,
      sea(art, 272, art.bg),
      `<path d="M470 284h80M490 296h50M480 308h60" stroke="#fff3c0" stroke-width="3" stroke-linecap="round" opacity=".35"/>`,
    ].join(''),
    emblem: [
      `<path d="M-4 50V-150" stroke="#3a220e" stroke-width="10"/><path d="M-110-142H102" stroke="#3a220e" stroke-width="8" stroke-linecap="round"/>`,
      `<path d="M-104-138Q-4-152 96-138Q110-60 92 14Q-4 -2-100 14Q-118-60-104-138Z" fill="${sail}" stroke="#3a120c" stroke-width="3"/>`,
      `<path d="M-70-140V8M-36-144V2M28-144V2M62-140V8" stroke="#3a120c" stroke-width="1.5" opacity=".45"/>`,
      `<path d="${fleece}" fill="${darken(art.gold, 0.55)}" transform="translate(2 4)"/>`,
      `<path d="${fleece}" fill="${m}" stroke="${darken(art.gold, 0.5)}" stroke-width="2.5"/>`,
      `<path d="${curls.map(([x, y]) => `M${x - 5} ${y}a5 5 0 1 1 5 5`).join('')}" fill="none" stroke="${darken(art.gold, 0.45)}" stroke-width="2.2" stroke-linecap="round"/>`,
      `<path d="M-11-124C-12-108-6-96 0-92C6-96 12-108 11-124C6-130-6-130-11-124Z" fill="${m}" stroke="${darken(art.gold, 0.5)}" stroke-width="2.5"/>`,
      `<path d="M-9-122C-24-134-40-122-34-108C-30-98-18-102-20-110M9-122C24-134 40-122 34-108C30-98 18-102 20-110" fill="none" stroke="${darken(art.gold, 0.55)}" stroke-width="7" stroke-linecap="round"/>`,
      `<path d="M-9-122C-24-134-40-122-34-108C-30-98-18-102-20-110M9-122C24-134 40-122 34-108C30-98 18-102 20-110" fill="none" stroke="${lighten(art.gold, 0.3)}" stroke-width="3.5" stroke-linecap="round"/>`,
      `<circle cx="-5" cy="-114" r="1.8" fill="#1a0d05"/><circle cx="5" cy="-114" r="1.8" fill="#1a0d05"/>`,
      `<path d="${oars}" stroke="#c9a06a" stroke-width="4" stroke-linecap="round"/>`,
      `<path d="M-166 -24C-150 12-138 32-118 42H112C134 36 152 10 160-30C168-42 180-34 172-24C160 20 140 70 100 78H-100C-140 70-162 40-170 6C-176-10-174-26-166-24Z" fill="${hull}" stroke="#1a0d05" stroke-width="3"/>`,
      `<path d="M-150 52C-120 60 100 60 146 48" stroke="${m}" stroke-width="6" fill="none"/>`,
      `<path d="${shields}" fill="${m}" stroke="#1a0d05" stroke-width="2"/>`,
      `<path d="M128 14q8-8 16 0q-8 8-16 0Z" fill="#fff"/><circle cx="136" cy="14" r="3" fill="#111"/>`,
      `<path d="M-166-24C-176-40-168-56-154-52" fill="none" stroke="#2a160a" stroke-width="6" stroke-linecap="round"/>`,
    ].join(''),
    front: `<path d="${wave(278, 8, 110, 40)}" fill="${darken(art.bg, 0.1)}" opacity=".92"/><path d="${wave(278, 8, 110, 40).split('V')[0]}" fill="none" stroke="${lighten(art.accent, 0.4)}" stroke-width="2" opacity=".55"/><path d="${wave(306, 10, 150, 90)}" fill="${darken(art.bg, 0.3)}"/>`,
    place: 'translate(0 30) scale(1.1)',
    darkBottom: true,
  };
};

const seven: Painter = (art) => {
  const path = 'M-78-108H82V-76C36-26 8 34 2 112H-54C-48 40-18-22 28-70H-78Z';
  const m = metal(art, 'm', art.accent);
  const red = linear(art, 'red7', [
    [0, '#ff6b5e'],
    [0.5, '#d01c1c'],
    [1, '#6e0606'],
  ]);
  const gloss = linear(art, 'gloss', [
    [0, '#fff', 0.7],
    [0.45, '#fff', 0],
  ]);
  const small = (x: number, angle: number) =>
    `<g transform="translate(${x} 26) rotate(${angle}) scale(.62)"><path d="${path}" fill="none" stroke="#2a0303" stroke-width="22" stroke-linejoin="round"/><path d="${path}" fill="${red}" stroke="${art.accent}" stroke-width="8" stroke-linejoin="round"/></g>`;
  return {
    scene: [
      `<path d="${rays(320, 200, 32, 560, 0.5)}" fill="${art.accent}" opacity=".12"/>`,
      `<circle cx="320" cy="200" r="200" fill="${radial(art, 'hot', [
        [0, lighten(art.bg, 0.35), 0.8],
        [1, art.bg, 0],
      ])}"/>`,
      sparkles(art, 10, [40, 40, 560, 320], lighten(art.accent, 0.5)),
    ].join(''),
    emblem: [
      small(-130, -14),
      small(130, 14),
      `<path d="${path}" fill="none" stroke="#2a0303" stroke-width="26" stroke-linejoin="round"/>`,
      `<path d="${path}" fill="none" stroke="${lighten(art.accent, 0.6)}" stroke-width="12" stroke-linejoin="round"/>`,
      `<path d="${path}" fill="${m}"/>`,
      `<path d="${path}" fill="${gloss}"/>`,
      `<path d="M-72-102H76" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".7"/>`,
      `<path d="M-44-150L-40-126H40L44-150L22-136L0-160L-22-136Z" fill="${m}" stroke="#2a0303" stroke-width="3" stroke-linejoin="round"/><circle cy="-160" r="5" fill="${lighten(art.accent, 0.6)}"/>`,
      `<path d="${sparkle(78, -96, 20)}${sparkle(-70, 96, 14)}" fill="#fff"/>`,
    ].join(''),
    darkBottom: true,
  };
};

/** One BAR plaque: dark inlay, metal frame, the word in metal. */
const barPlaque = (art: Art, y: number, width: number, height: number, fontSize: number, frame: string) =>
  `<rect x="${f(-width / 2)}" y="${f(y - height / 2 + 6)}" width="${f(width)}" height="${f(height)}" rx="${f(height * 0.24)}" fill="#000" opacity=".4"/><rect x="${f(-width / 2)}" y="${f(y - height / 2)}" width="${f(width)}" height="${f(height)}" rx="${f(height * 0.24)}" fill="${linear(
    art,
    'inlay',
    [
      [0, '#3a3a3e'],
      [0.5, '#141416'],
      [1, '#050506'],
    ],
  )}" stroke="${frame}" stroke-width="${f(height * 0.12)}"/><text y="${f(y + fontSize * 0.36)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${f(fontSize)}" letter-spacing="${f(fontSize * 0.08)}" fill="${frame}" stroke="#000" stroke-width="1.5">BAR</text>`;

const tripleBar: Painter = (art) => {
  const m = metalBox(art, 'mb', art.accent);
  let stripes = '';
  for (let x = -480; x < W; x += 44) stripes += `M${x} ${H}L${x + 480} 0`;
  return {
    scene: [
      `<path d="${stripes}" stroke="${lighten(art.bg, 0.08)}" stroke-width="14"/>`,
      `<path d="${rays(320, 200, 24, 560, 0.45)}" fill="${art.accent}" opacity=".1"/>`,
      coin(art, 120, 130, 54, 'Δ', art.accent),
      coin(art, 524, 260, 50, 'Δ', art.accent),
      sparkles(art, 8, [40, 40, 560, 320], lighten(art.accent, 0.6)),
    ].join(''),
    emblem: [
      barPlaque(art, -84, 240, 66, 46, m),
      barPlaque(art, 0, 240, 66, 46, m),
      barPlaque(art, 84, 240, 66, 46, m),
    ].join(''),
    darkBottom: true,
  };
};

const bar: Painter = (art) => {
  const m = metalBox(art, 'mb', art.accent);
  const sky = linear(art, 'sky', [
    [0, '#6fa3cf'],
    [0.5, '#cfe0ea'],
    [0.75, lighten(art.bg, 0.3)],
    [1, art.bg],
  ]);
  const rock = linear(art, 'rock', [
    [0, '#dcc094'],
    [0.5, '#b08a58'],
    [1, '#7a5a34'],
  ]);
  const marble = '#efe6d6';
  const entablature = linear(art, 'ent', [
    [0, '#fbf7ef'],
    [1, '#d2c5ae'],
  ]);
  let columns = '';
  for (let i = 0; i < 8; i++) columns += column(art, 160 + i * 46, 178, 298, 26, marble);
  return {
    scene: [
      `<rect width="${W}" height="${H}" fill="${sky}"/>`,
      `<circle cx="320" cy="170" r="260" fill="${radial(art, 'sun', [
        [0, '#fff8e0', 0.95],
        [1, '#fff1c8', 0],
      ])}"/>`,
      `<path d="${rays(320, 170, 22, 520, 0.45)}" fill="#fffaf0" opacity=".35"/>`,
      `<path d="M-10 364C60 334 96 304 150 300L490 296C550 300 584 334 650 360V480H-10Z" fill="${rock}"/>`,
      `<path d="M60 380l30-40M120 400l20-60M520 392l-24-56M580 396l-30-44" stroke="#6a4a28" stroke-width="2" opacity=".35"/>`,
      `<path d="M126 298H514V306H126ZM114 306H526V314H114Z" fill="${entablature}" stroke="#a08a6a" stroke-width="1"/>`,
      columns,
      `<path d="M136 150H504V178H136Z" fill="${entablature}" stroke="#a08a6a" stroke-width="1"/>`,
      `<path d="M136 162H504" stroke="${art.accent}" stroke-width="3" stroke-dasharray="12 6" opacity=".6"/>`,
      `<path d="M126 150L320 108L514 150Z" fill="${entablature}" stroke="#a08a6a" stroke-width="1.5" stroke-linejoin="round"/>`,
      leaf(art, 100, 270, -120, 64, '#6b7d3a'),
      leaf(art, 92, 280, -150, 54, '#8a9a4a'),
      leaf(art, 540, 270, -60, 64, '#6b7d3a'),
      leaf(art, 548, 280, -30, 54, '#8a9a4a'),
    ].join(''),
    emblem: [
      barPlaque(art, 14, 300, 112, 80, m),
      `<path d="${sparkle(142, -44, 20)}${sparkle(-142, 66, 14)}" fill="#fff"/>`,
    ].join(''),
    darkBottom: false,
    glow: null,
  };
};

const cherries: Painter = (art) => {
  const flesh = radial(
    art,
    'cherry',
    [
      [0, '#ff8a80'],
      [0.3, '#e8202a'],
      [0.8, '#8a0010'],
      [1, '#4a0008'],
    ],
    [0.36, 0.32, 0.72],
  );
  const stem = linear(art, 'stem', [
    [0, '#6b8f2a'],
    [1, '#4a3a14'],
  ]);
  const green = linear(art, 'lf1', [
    [0, '#9ccf4a'],
    [1, '#2f6b1a'],
  ]);
  const fruit = (x: number, y: number, r: number) =>
    `<ellipse cx="${x + 6}" cy="${y + r - 4}" rx="${r * 0.9}" ry="${r * 0.25}" fill="#000" opacity=".3"/><circle cx="${x}" cy="${y}" r="${r}" fill="${flesh}" stroke="#3a0006" stroke-width="3"/><ellipse cx="${f(x - r * 0.38)}" cy="${f(y - r * 0.38)}" rx="${f(r * 0.22)}" ry="${f(r * 0.13)}" transform="rotate(-40 ${f(x - r * 0.38)} ${f(y - r * 0.38)})" fill="#fff" opacity=".85"/><path d="M${f(x - r * 0.1)} ${f(y - r * 0.92)}q${f(r * 0.1)} ${f(r * 0.12)} ${f(r * 0.22)} 0" stroke="#3a0006" stroke-width="3" fill="none"/>`;
  const body = [
    `<path d="M-46 8C-40-46-8-96 14-116M50 30C42-24 28-80 14-116" fill="none" stroke="#2a1a08" stroke-width="11" stroke-linecap="round"/>`,
    `<path d="M-46 8C-40-46-8-96 14-116M50 30C42-24 28-80 14-116" fill="none" stroke="${stem}" stroke-width="6" stroke-linecap="round"/>`,
    leaf(art, 14, -116, -20, 100, green),
    leaf(art, 14, -116, -150, 64, green),
    fruit(-50, 60, 56),
    fruit(54, 80, 52),
  ];
  const words = art.title.title.en;
  // Olympus Fruits: a still life, a lemon and a plum around the cherries.
  if (/fruit/i.test(words)) {
    const lemon = radial(
      art,
      'lemon',
      [
        [0, '#fff7a8'],
        [0.5, '#f5d323'],
        [1, '#9a7a06'],
      ],
      [0.35, 0.3, 0.75],
    );
    const plum = radial(
      art,
      'plum',
      [
        [0, '#c590e0'],
        [0.45, '#6a2a8a'],
        [1, '#240a33'],
      ],
      [0.35, 0.3, 0.75],
    );
    body.unshift(
      `<path d="M-190 46C-176 8-110 0-84 36C-92 78-170 96-190 46Z" fill="${lemon}" stroke="#5a4606" stroke-width="3"/>`,
      `<circle cx="150" cy="26" r="46" fill="${plum}" stroke="#1a0624" stroke-width="3"/><path d="M150-20q-6 30 2 90" stroke="#1a0624" stroke-width="2" fill="none" opacity=".4"/>`,
      leaf(art, 170, -18, -40, 60, green),
    );
  }
  return {
    scene: [
      `<path d="${rays(320, 200, 28, 560, 0.5)}" fill="${art.accent}" opacity=".1"/>`,
      `<circle cx="320" cy="200" r="190" fill="${radial(art, 'hot', [
        [0, lighten(art.bg, 0.3), 0.8],
        [1, art.bg, 0],
      ])}"/>`,
      sparkles(art, 10, [40, 40, 560, 320], lighten(art.accent, 0.3)),
    ].join(''),
    emblem: body.join(''),
    darkBottom: true,
  };
};

const rouletteWheel = (art: Art, numbers = true) => {
  const m = metal(art, 'm', art.gold);
  const wood = radial(art, 'wood', [
    [0.6, '#8a5428'],
    [0.85, '#5a3214'],
    [1, '#2e1808'],
  ]);
  const cone = radial(
    art,
    'cone',
    [
      [0, '#c28a4e'],
      [0.7, '#6b3e18'],
      [1, '#3a200a'],
    ],
    [0.4, 0.35, 0.7],
  );
  let diamonds = '';
  for (let i = 0; i < 8; i++) {
    const [x, y] = polar(132, i * 45 + 22.5);
    diamonds += `M${f(x)} ${f(y - 7)}l5 7l-5 7l-5-7Z`;
  }
  const [bx, by] = polar(95, -90 + 7 * (360 / 37));
  return [
    `<circle r="158" fill="${wood}" stroke="#1a0d04" stroke-width="3"/>`,
    `<circle r="146" fill="none" stroke="${m}" stroke-width="5"/>`,
    `<circle r="140" fill="#2a1a0e"/><circle r="140" fill="none" stroke="#000" stroke-width="10" opacity=".35"/>`,
    `<path d="${diamonds}" fill="${m}"/>`,
    pocketRing(100, 40, numbers),
    `<circle r="120" fill="none" stroke="${m}" stroke-width="3"/><circle r="80" fill="none" stroke="${m}" stroke-width="3"/>`,
    `<circle r="78" fill="${cone}"/>`,
    `<path d="M0-58V58M-58 0H58" stroke="${darken(art.gold, 0.6)}" stroke-width="12" stroke-linecap="round"/><path d="M0-58V58M-58 0H58" stroke="${m}" stroke-width="7" stroke-linecap="round"/>`,
    `<path d="${dots([
      [0, -60],
      [0, 60],
      [-60, 0],
      [60, 0],
    ])}" stroke="${m}" stroke-width="16" stroke-linecap="round"/>`,
    `<circle r="20" fill="${m}" stroke="${darken(art.gold, 0.6)}" stroke-width="2"/><circle cx="-6" cy="-6" r="6" fill="#fff" opacity=".6"/>`,
    `<circle cx="${f(bx + 3)}" cy="${f(by + 3)}" r="8" fill="#000" opacity=".5"/><circle cx="${f(bx)}" cy="${f(by)}" r="8" fill="${radial(
      art,
      'ball',
      [
        [0, '#ffffff'],
        [0.7, '#e4e4e4'],
        [1, '#9a9a9a'],
      ],
      [0.35, 0.3, 0.7],
    )}"/>`,
  ].join('');
};

const felt = (art: Art) => {
  const light = radial(art, 'pool', [
    [0, lighten(art.bg, 0.28), 0.9],
    [1, art.bg, 0],
  ]);
  define(
    art,
    'felt',
    `<pattern id="felt" width="28" height="28" patternUnits="userSpaceOnUse"><path d="M14 2L26 14L14 26L2 14Z" fill="none" stroke="${lighten(art.bg, 0.2)}" stroke-width="1"/></pattern>`,
  );
  return [
    `<rect width="${W}" height="${H}" fill="url(#felt)" opacity=".35"/>`,
    `<ellipse cx="320" cy="200" rx="340" ry="250" fill="${light}"/>`,
  ].join('');
};

const roulette: Painter = (art) => ({
  scene: [
    felt(art),
    `<path d="M-20 330Q320 420 660 330" fill="none" stroke="${art.accent}" stroke-width="3" opacity=".5"/>`,
    `<path d="M-20 344Q320 434 660 344" fill="none" stroke="${art.accent}" stroke-width="1.5" opacity=".4"/>`,
    chips(70, 300, 5, '#c0141c', '#fff'),
    chips(118, 330, 3, '#1a1a1a', art.accent),
    chips(570, 310, 4, art.accent, '#fff'),
  ].join(''),
  emblem: rouletteWheel(art),
  darkBottom: true,
});

const tripod: Painter = (art) => {
  const m = metal(art, 'm', art.accent);
  const flame = linear(art, 'flame', [
    [0, '#fff6c0'],
    [0.4, '#ffb938'],
    [1, '#d2441a', 0.6],
  ]);
  const dusk = linear(art, 'dusk', [
    [0, darken(art.bg, 0.3)],
    [0.6, mix(art.bg, '#6a3a5a', 0.35)],
    [1, mix(art.bg, art.accent, 0.3)],
  ]);
  const ruin = (x: number, height: number) =>
    `${rect(x - 14, 380 - height, 28, height)}${rect(x - 20, 372 - height, 40, 10)}`;
  return {
    scene: [
      `<rect width="${W}" height="${H}" fill="${dusk}"/>`,
      starField(art, 50, 0, 200, '#fff'),
      `<path d="${mountains(340, [
        [80, 230],
        [170, 250],
        [260, 190],
        [360, 240],
        [470, 200],
        [560, 250],
        [640, 230],
      ])}" fill="${darken(art.bg, 0.25)}"/>`,
      `<path d="${ruin(60, 190)}${ruin(116, 170)}${ruin(524, 180)}${ruin(580, 150)}${rect(30, 380, 120, 10)}${rect(500, 380, 110, 10)}" fill="${darken(art.bg, 0.45)}"/>`,
      `<path d="M-10 380H650V480H-10Z" fill="${darken(art.bg, 0.45)}"/>`,
      `<g transform="translate(320 200)" opacity=".9">${pocketRing(168, 26, false)}<circle r="183" fill="none" stroke="${m}" stroke-width="4"/><circle r="153" fill="none" stroke="${m}" stroke-width="3"/></g>`,
    ].join(''),
    emblem: [
      `<path d="M-20-40C-40-90 20-110 0-160M20-40C40-80-10-110 30-150" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".18" filter="${blur(art, 'b4', 4)}"/>`,
      `<path d="M0-36C-40-50-50-90-20-120C-26-96-6-90 0-110C6-86 28-90 20-130C56-96 42-50 0-36Z" fill="${flame}"/>`,
      `<path d="M0-40C-20-50-24-70-10-86C-8-72 4-70 0-86C14-70 18-52 0-40Z" fill="#fffbe0"/>`,
      `<path d="M-60 40L-110 150M60 40L110 150M0 58V150" stroke="${darken(art.accent, 0.65)}" stroke-width="15" stroke-linecap="round"/>`,
      `<path d="M-60 40L-110 150M60 40L110 150M0 58V150" stroke="${m}" stroke-width="9" stroke-linecap="round"/>`,
      `<path d="M-84 96H84" stroke="${m}" stroke-width="5"/>`,
      `<g fill="none" stroke-width="8"><circle cx="-62" cy="-46" r="18" stroke="${darken(art.accent, 0.6)}"/><circle cx="62" cy="-46" r="18" stroke="${darken(art.accent, 0.6)}"/></g><g fill="none" stroke-width="4"><circle cx="-62" cy="-46" r="18" stroke="${m}"/><circle cx="62" cy="-46" r="18" stroke="${m}"/></g>`,
      `<path d="M-92-20C-92 44-50 66 0 66C50 66 92 44 92-20Z" fill="${m}" stroke="${darken(art.accent, 0.65)}" stroke-width="4"/>`,
      `<ellipse cy="-20" rx="92" ry="16" fill="${darken(art.accent, 0.5)}" stroke="${darken(art.accent, 0.65)}" stroke-width="4"/>`,
      `<path d="M-80 10Q0 30 80 10" fill="none" stroke="${darken(art.accent, 0.5)}" stroke-width="3"/><path d="M-70 26Q0 44 70 26" fill="none" stroke="${darken(art.accent, 0.5)}" stroke-width="2" stroke-dasharray="6 6"/>`,
      `<ellipse cx="-40" cy="20" rx="14" ry="30" transform="rotate(20 -40 20)" fill="#fff" opacity=".3"/>`,
    ].join(''),
    darkBottom: true,
  };
};

const columnPortal: Painter = (art) => {
  const marble = '#f4efe6';
  const stone = linear(art, 'ped', [
    [0, '#fbf8f2'],
    [1, '#d8cfc0'],
  ]);
  const sky = linear(art, 'sky', [
    [0, '#7fabd0'],
    [0.5, '#dfe3e2'],
    [0.8, art.bg],
    [1, darken(art.bg, 0.05)],
  ]);
  const hill = linear(art, 'hill', [
    [0, '#dcc59c'],
    [1, '#9c7c52'],
  ]);
  const edge = darken(art.bg, 0.4);
  return {
    scene: [
      `<rect width="${W}" height="${H}" fill="${sky}"/>`,
      `<circle cx="320" cy="200" r="250" fill="${radial(art, 'sun', [
        [0, '#fff8e6', 0.95],
        [1, '#fff1c8', 0],
      ])}"/>`,
      `<path d="${rays(320, 200, 24, 520, 0.45)}" fill="#fffaf0" opacity=".35"/>`,
      `<path d="M-10 356C70 330 120 318 200 318L440 316C520 318 570 330 650 352V480H-10Z" fill="${hill}"/>`,
    ].join(''),
    emblem: [
      `<g transform="translate(0 12) scale(.82)">${rouletteWheel(art)}</g>`,
      column(art, -190, -104, 160, 58, marble),
      column(art, 190, -104, 160, 58, marble),
      `<path d="M-240-104H240V-134H-240Z" fill="${stone}" stroke="${edge}" stroke-width="2"/>`,
      `<rect x="-240" y="-128" width="480" height="20" fill="${art.accent}"/>`,
      meander(art, -240, -128, 480, 20, '#f4e9d8'),
      `<path d="M-254-134L0-184L254-134Z" fill="${stone}" stroke="${edge}" stroke-width="2" stroke-linejoin="round"/>`,
      `<path d="M-212-140L0-176L212-140Z" fill="${lighten(art.accent, 0.25)}" stroke="${darken(art.accent, 0.3)}" stroke-width="1.5"/>`,
      `<circle cy="-154" r="10" fill="${metalBox(art, 'mb', art.gold)}" stroke="${darken(art.gold, 0.5)}" stroke-width="2"/>`,
      `<path d="M-254 160H254V172H-254ZM-266 172H266V184H-266Z" fill="${stone}" stroke="${edge}" stroke-width="2"/>`,
    ].join(''),
    place: 'translate(0 14) scale(.92)',
    darkBottom: false,
    glow: null,
  };
};

/** A playing card: white face, corner indices, and a centre drawn by the caller. */
function card(x: number, y: number, angle: number, rank: string, centre: string, ink: string) {
  const corner = (flip: boolean) =>
    `<g transform="${flip ? 'rotate(180) ' : ''}translate(-60 -84)"><text y="14" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="24" fill="${ink}">${rank}</text><path d="${SPADE}" transform="translate(0 30) scale(.18)" fill="${ink}"/></g>`;
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-72" y="-102" width="150" height="210" rx="12" fill="#000" opacity=".35"/><rect x="-75" y="-105" width="150" height="210" rx="12" fill="url(#cardface)" stroke="#9a8f7a" stroke-width="1.5"/>${corner(false)}${corner(true)}${centre}</g>`;
}

const playingCards: Painter = (art) => {
  linear(art, 'cardface', [
    [0, '#ffffff'],
    [1, '#ece4d2'],
  ]);
  const m = metalBox(art, 'mb', art.accent);
  const ace = `<path d="${SPADE}" transform="scale(1.1)" fill="#151515"/><path d="M-10-38C-20-24-34-14-38 4" stroke="#fff" stroke-width="4" fill="none" opacity=".35" stroke-linecap="round"/>`;
  const jack = `<rect x="-46" y="-70" width="92" height="140" rx="6" fill="none" stroke="${art.accent}" stroke-width="3"/><path d="M-26-36L-30-60L-14-48L0-66L14-48L30-60L26-36Z" fill="${m}" stroke="#3a2a10" stroke-width="2"/><text y="46" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="84" fill="#151515">J</text><path d="${SPADE}" transform="translate(28 52) scale(.2)" fill="#151515"/>`;
  return {
    scene: [
      felt(art),
      `<path d="M40 60Q320 -30 600 60" fill="none" stroke="${art.accent}" stroke-width="3" opacity=".45"/>`,
      `<path d="M30 80Q320 -14 610 80" fill="none" stroke="${art.accent}" stroke-width="1.5" opacity=".35"/>`,
      `<path d="${circle(130, 300, 40)}${circle(510, 300, 40)}" fill="none" stroke="${art.accent}" stroke-width="2" opacity=".35"/>`,
    ].join(''),
    emblem: [
      card(-54, 4, -13, 'J', jack, '#151515'),
      card(54, -4, 11, 'A', ace, '#151515'),
      chips(-178, 112, 4, '#c0141c', '#fff'),
      chips(-128, 132, 2, '#1a1a1a', art.accent),
      chips(176, 118, 5, art.accent, '#fff'),
    ].join(''),
    darkBottom: true,
  };
};

const laurelCrown: Painter = (art) => {
  const m = metal(art, 'm', art.accent);
  const leafFill = metalBox(art, 'mb', art.accent);
  let leaves = '';
  for (let i = 0; i < 11; i++) {
    const angle = 100 + i * 14;
    const [x, y] = polar(118, angle);
    const heading = angle + 90;
    leaves += leaf(art, x, y, heading - 34, 50 - i * 1.2, leafFill);
    leaves += leaf(art, x, y, heading + 30, 44 - i * 1.2, leafFill);
  }
  define(
    art,
    'wreath',
    `<g id="wreath"><path d="M${f(polar(118, 96)[0])} ${f(polar(118, 96)[1])}A118 118 0 0 1 ${f(polar(118, 250)[0])} ${f(polar(118, 250)[1])}" fill="none" stroke="${darken(art.accent, 0.5)}" stroke-width="6"/>${leaves}</g>`,
  );
  const crown = 'M-46-150L-52-196L-24-174L0-206L24-174L52-196L46-150Z';
  let pins = '';
  for (let i = 0; i < 18; i++) pins += `M${-W / 2 + i * 40} ${H}L${i * 40} 0`;
  return {
    scene: [
      `<path d="${pins}" stroke="${art.accent}" stroke-width="1" opacity=".08" transform="translate(320 0)"/>`,
      `<path d="${rays(320, 190, 20, 520, 0.35)}" fill="${art.accent}" opacity=".08"/>`,
      starField(art, 60, 0, 260, lighten(art.accent, 0.5)),
    ].join(''),
    emblem: [
      `<circle r="98" fill="${darken(art.bg, 0.35)}" stroke="${m}" stroke-width="5"/>`,
      `<circle r="86" fill="none" stroke="${art.accent}" stroke-width="1.5" stroke-dasharray="2 5" opacity=".8"/>`,
      `<path d="${SPADE}" transform="translate(0 -6) scale(1.2)" fill="${m}" stroke="${darken(art.accent, 0.6)}" stroke-width="2"/>`,
      `<use href="#wreath"/><use href="#wreath" transform="scale(-1 1)"/>`,
      `<path d="${crown}" fill="${m}" stroke="${darken(art.accent, 0.65)}" stroke-width="3" stroke-linejoin="round" transform="translate(0 30) scale(.8)"/>`,
      `<circle cy="-135" r="6" fill="#c0283a"/>`,
      `<path d="M-70 110L-96 148L-70 142L-58 160L-40 120Z M70 110L96 148L70 142L58 160L40 120Z" fill="#7a1a2a" stroke="#3a0a14" stroke-width="2"/>`,
      `<path d="M-56 98Q0 130 56 98L60 122Q0 152-60 122Z" fill="#a3223a" stroke="#3a0a14" stroke-width="2"/>`,
      `<text y="131" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="22" letter-spacing="4" fill="${lighten(art.accent, 0.4)}">VIP</text>`,
    ].join(''),
    darkBottom: true,
  };
};

const eyeOfOracle: Painter = (art) => {
  const m = metal(art, 'm', art.accent);
  const iris = radial(art, 'iris', [
    [0, lighten(art.accent, 0.7)],
    [0.45, art.accent],
    [0.85, darken(art.accent, 0.55)],
    [1, darken(art.accent, 0.8)],
  ]);
  const white = radial(art, 'sclera', [
    [0, '#ffffff'],
    [0.75, lighten(art.accent, 0.75)],
    [1, lighten(art.accent, 0.35)],
  ]);
  const smoke = `<path d="M80 480C60 400 140 380 110 300S150 200 120 140M560 480C580 410 500 380 530 300S490 200 520 130" fill="none" stroke="${lighten(art.accent, 0.4)}" stroke-width="16" stroke-linecap="round" opacity=".16" filter="${blur(art, 'b8', 8)}"/>`;
  const almond = 'M-140 0C-90-78 90-78 140 0C90 78-90 78-140 0Z';
  let streaks = '';
  for (let i = 0; i < 24; i++) {
    const [x1, y1] = polar(24, i * 15);
    const [x2, y2] = polar(48, i * 15 + 4);
    streaks += `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
  }
  let lashes = '';
  for (let i = 0; i < 9; i++) {
    const angle = -160 + i * 17.5;
    const [x1, y1] = polar(128, angle);
    const [x2, y2] = polar(150 + (i % 2) * 14, angle);
    lashes += `M${f(x1)} ${f(y1 * 0.82 + 6)}L${f(x2)} ${f(y2 * 0.85 + 4)}`;
  }
  define(art, 'almond', `<clipPath id="almond"><path d="${almond}"/></clipPath>`);
  return {
    scene: [
      `<g fill="none" stroke="${art.accent}">${[60, 110, 160, 210, 260]
        .map(
          (r, i) =>
            `<circle cx="320" cy="190" r="${r}" stroke-width="${i % 2 ? 1 : 2}" opacity="${f2(0.35 - i * 0.05)}"/>`,
        )
        .join('')}</g>`,
      `<path d="${rays(320, 190, 36, 480, 0.3)}" fill="${art.accent}" opacity=".08"/>`,
      starField(art, 90, 0, H, lighten(art.accent, 0.6)),
      smoke,
    ].join(''),
    emblem: [
      `<path d="${lashes}" stroke="${m}" stroke-width="6" stroke-linecap="round"/>`,
      `<path d="${almond}" fill="${white}"/>`,
      `<g clip-path="url(#almond)"><circle r="58" fill="${iris}"/><path d="${streaks}" stroke="${lighten(art.accent, 0.6)}" stroke-width="2" opacity=".6"/><circle r="58" fill="none" stroke="${darken(art.accent, 0.8)}" stroke-width="4"/><circle r="24" fill="#0c0814"/><circle cx="-16" cy="-18" r="9" fill="#fff" opacity=".9"/><circle cx="14" cy="14" r="4" fill="#fff" opacity=".6"/><path d="M-140-20C-90-90 90-90 140-20V-80H-140Z" fill="#000" opacity=".18"/></g>`,
      `<path d="${almond}" fill="none" stroke="${m}" stroke-width="8" stroke-linejoin="round"/>`,
      `<path d="M-140 0L-170 0M140 0L170 0" stroke="${m}" stroke-width="5" stroke-linecap="round"/>`,
      die(-168, 76, 38, -10, [6, 3, 5], lighten(art.accent, 0.75)),
      die(164, 70, 42, 8, [5, 2, 4], lighten(art.accent, 0.75)),
      `<path d="M-192-86l12-18l12 18ZM180-104l12 18l12-18Z" fill="${lighten(art.accent, 0.3)}" opacity=".9"/>`,
    ].join(''),
    darkBottom: true,
  };
};

const knucklebone: Painter = (art) => {
  const bone = radial(
    art,
    'bone',
    [
      [0, '#fffaf0'],
      [0.5, art.accent],
      [1, darken(art.accent, 0.45)],
    ],
    [0.4, 0.35, 0.7],
  );
  const clay = radial(art, 'clay', [
    [0, '#d98a52'],
    [0.8, '#a4502a'],
    [1, '#6a2c14'],
  ]);
  define(
    art,
    'astragal',
    `<g id="astragal"><path d="M-58-34C-40-44-22-30 0-30C22-30 40-44 58-34C72-26 70-8 62 0C70 8 72 26 58 34C40 44 22 30 0 30C-22 30-40 44-58 34C-72 26-70 8-62 0C-70-8-72-26-58-34Z" fill="${bone}" stroke="${darken(art.accent, 0.6)}" stroke-width="3"/><path d="M-40-20C-20-4-34 16-12 18C8 20 10-12 30-10C44-8 46 6 40 16" fill="none" stroke="${darken(art.accent, 0.45)}" stroke-width="5" stroke-linecap="round"/><ellipse cx="-30" cy="12" rx="9" ry="6" fill="${darken(art.accent, 0.4)}"/><ellipse cx="32" cy="-16" rx="7" ry="5" fill="${darken(art.accent, 0.3)}"/><path d="M-54-26C-40-36-26-26-12-24M12-22C26-24 40-36 52-28" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" opacity=".75"/></g>`,
  );
  let key = '';
  for (let i = 0; i < 36; i++) {
    const [x1, y1] = polar(146, i * 10);
    const [x2, y2] = polar(160, i * 10);
    const [x3, y3] = polar(160, i * 10 + 6);
    const [x4, y4] = polar(152, i * 10 + 6);
    key += `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}L${f(x3)} ${f(y3)}L${f(x4)} ${f(y4)}`;
  }
  let pattern = '';
  for (let y = 20; y < H; y += 40)
    for (let x = (y / 40) % 2 ? 20 : 40; x < W; x += 40) pattern += `M${x} ${y}h0`;
  return {
    scene: [
      `<path d="${pattern}" stroke="${art.accent}" stroke-width="4" stroke-linecap="round" opacity=".1"/>`,
      `<path d="${rays(320, 196, 24, 520, 0.4)}" fill="${art.accent}" opacity=".07"/>`,
    ].join(''),
    emblem: [
      `<circle cx="6" cy="10" r="172" fill="#000" opacity=".35"/>`,
      `<circle r="172" fill="${clay}" stroke="#1d0d06" stroke-width="4"/>`,
      `<circle r="164" fill="none" stroke="#1d0d06" stroke-width="3"/>`,
      `<path d="${key}" fill="none" stroke="#1d0d06" stroke-width="3"/>`,
      `<circle r="142" fill="none" stroke="#1d0d06" stroke-width="3"/>`,
      `<circle r="138" fill="${radial(art, 'tondo', [
        [0, '#e9a46e'],
        [1, '#b5602e'],
      ])}"/>`,
      `<use href="#astragal" transform="translate(-44 -58) rotate(-18) scale(.95)"/>`,
      `<use href="#astragal" transform="translate(58 -40) rotate(64) scale(.72)"/>`,
      `<use href="#astragal" transform="translate(-52 52) rotate(32) scale(.78)"/>`,
      `<use href="#astragal" transform="translate(54 62) rotate(-24) scale(.9)"/>`,
    ].join(''),
    darkBottom: true,
  };
};

/** A symbol this script has no drawing for yet: a medallion with the title's initial. */
const medallion: Painter = (art) => ({
  scene: `<path d="${rays(320, 196, 24, 520, 0.45)}" fill="${art.accent}" opacity=".1"/>`,
  emblem: `${coin(art, 0, 0, 130, escapeXml(art.title.title.en.charAt(0)), art.gold)}`,
  darkBottom: true,
});

const painters: Record<string, Painter> = {
  'lightning-bolt': lightningBolt,
  trident,
  'drachma-coin': drachmaCoin,
  'olive-branch': oliveBranch,
  amphora,
  'bull-head': bullHead,
  dolphin,
  constellation,
  'double-headed-eagle': doubleHeadedEagle,
  owl,
  'treasure-chest': treasureChest,
  windmill,
  'golden-fleece': goldenFleece,
  seven,
  'triple-bar': tripleBar,
  cherries,
  bar,
  'roulette-wheel': roulette,
  tripod,
  column: columnPortal,
  'playing-cards': playingCards,
  'laurel-crown': laurelCrown,
  'eye-of-oracle': eyeOfOracle,
  knucklebone,
};

/** The symbols with a drawing of their own (anything else gets a medallion). */
export const drawnSymbols = Object.keys(painters);

// ─── landmarks the title names ────────────────────────────────────────────────────────────────────

function landmarks(art: Art) {
  const words = art.title.title.en;
  const layers: string[] = [];
  if (/olympus/i.test(words)) {
    layers.push(
      `<path d="${mountains(H, [
        [40, 380],
        [140, 300],
        [230, 350],
        [330, 262],
        [430, 340],
        [520, 296],
        [620, 372],
      ])}" fill="${darken(art.bg, 0.35)}"/><path d="M310 282L330 262L352 284L340 280L330 290L320 280Z M124 316L140 300L156 318L146 314L140 320L132 314Z M506 310L520 296L536 312L526 310L520 316L514 310Z" fill="${lighten(art.bg, 0.7)}" opacity=".75"/>`,
    );
  }
  if (/santorini|cyclades/i.test(words) && art.title.theme.symbol !== 'windmill') {
    // A caldera village either side: red-brown cliffs topped with whitewashed houses and blue domes.
    const houses: [number, number, number, number, boolean][] = [
      [0, 236, 54, 44, false],
      [44, 214, 52, 48, true],
      [96, 250, 46, 40, false],
      [10, 280, 70, 40, false],
      [70, 292, 60, 44, true],
      [128, 300, 50, 36, false],
      [0, 330, 60, 40, false],
    ];
    const cliff = linear(art, 'cliff', [
      [0, '#a0604a'],
      [1, '#4a2418'],
    ]);
    const side = (mirror: boolean) => {
      const x = (value: number, width = 0) => (mirror ? W - value - width : value);
      let walls = '';
      let shade = '';
      let roofs = '';
      let windows = '';
      for (const [hx, hy, w, h, dome] of houses) {
        walls += rect(x(hx, w), hy, w, h);
        shade += rect(mirror ? x(hx, w) : x(hx, w) + w - 9, hy, 9, h);
        windows += rect(x(hx, w) + w * 0.4, hy + h * 0.4, w * 0.2, h * 0.35);
        if (dome) {
          const r = w / 2 - 6;
          roofs += `M${f(x(hx, w) + 6)} ${hy}a${f(r)} ${f(r)} 0 0 1 ${f(2 * r)} 0Z`;
          windows += `M${f(x(hx, w) + w / 2)} ${f(hy - r)}v-12M${f(x(hx, w) + w / 2 - 5)} ${f(hy - r - 7)}h10`;
        }
      }
      const rockPath = mirror
        ? `M${W + 10} 200C${W - 60} 214 ${W - 150} 240 ${W - 200} 330C${W - 230} 380 ${W - 230} 440 ${W - 240} ${H}H${W + 10}Z`
        : 'M-10 200C60 214 150 240 200 330C230 380 230 440 240 480H-10Z';
      return `<path d="${rockPath}" fill="${cliff}"/><path d="${walls}" fill="#fbf8f2"/><path d="${shade}" fill="#d7cfc4"/><path d="${roofs}" fill="#2a62a8"/><path d="${windows}" fill="#2a62a8" stroke="#fbf8f2" stroke-width="2.5"/>`;
    };
    layers.push(
      `<path d="${wave(250, 6, 140, 30)}" fill="${lighten(art.bg, 0.15)}" opacity=".35"/>`,
      side(false),
      side(true),
    );
  }
  return layers.join('');
}

// ─── lettering ────────────────────────────────────────────────────────────────────────────────────

/** Advance widths (em) of DejaVu Serif Bold, the widest face the stack falls back to. */
const advance: Record<string, number> = {
  A: 0.776,
  B: 0.845,
  C: 0.796,
  D: 0.867,
  E: 0.762,
  F: 0.71,
  G: 0.854,
  H: 0.945,
  I: 0.468,
  J: 0.473,
  K: 0.869,
  L: 0.703,
  M: 1.107,
  N: 0.914,
  O: 0.871,
  P: 0.752,
  Q: 0.871,
  R: 0.831,
  S: 0.722,
  T: 0.744,
  U: 0.872,
  V: 0.776,
  W: 1.123,
  X: 0.776,
  Y: 0.714,
  Z: 0.73,
  ' ': 0.348,
  '’': 0.348,
  "'": 0.306,
  '-': 0.415,
  '.': 0.348,
  '&': 0.903,
};
// Greek capitals (Georgia, DejaVu Serif) are as wide as the Latin letters they look like.
for (const [greek, latin] of Object.entries({
  Α: 'A',
  Β: 'B',
  Γ: 'F',
  Δ: 'A',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Θ: 'O',
  Ι: 'I',
  Κ: 'K',
  Λ: 'A',
  Μ: 'M',
  Ν: 'N',
  Ξ: 'E',
  Ο: 'O',
  Π: 'H',
  Ρ: 'P',
  Σ: 'E',
  Τ: 'T',
  Υ: 'Y',
  Φ: 'Q',
  Χ: 'X',
  Ψ: 'W',
  Ω: 'O',
}))
  advance[greek] = advance[latin] ?? 0.75;
const textWidth = (text: string, size: number, spacing: number) =>
  [...text].reduce((sum, char) => sum + (advance[char] ?? 0.75) * size, 0) + spacing * (text.length - 1);

/** The title in one line, or two balanced lines when one would be too small to read. */
export function layoutTitle(text: string) {
  // Greek in capitals drops its accents (Η ΒΡΟΝΤΗ ΤΟΥ ΔΙΑ, not Η ΒΡΟΝΤΉ ΤΟΥ ΔΊΑ).
  const upper = text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC').toUpperCase();
  const maxWidth = 560;
  const spacing = (size: number) => size * 0.04;
  const fit = (line: string, cap: number) => {
    let size = cap;
    while (size > 20 && textWidth(line, size, spacing(size)) > maxWidth) size -= 1;
    return size;
  };
  const single = fit(upper, 64);
  const words = upper.split(' ');
  if (single >= 46 || words.length < 2) return { lines: [upper], size: single, spacing: spacing(single) };
  let best = { lines: [upper], size: single };
  for (let cut = 1; cut < words.length; cut++) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const size = Math.min(...lines.map((line) => fit(line, 50)));
    if (size > best.size) best = { lines, size };
  }
  return { ...best, spacing: spacing(best.size) };
}

function lettering(art: Art, darkBottom: boolean) {
  const { lines, size, spacing } = layoutTitle(art.title.title[art.locale]);
  const baseline = H - 30;
  const lineHeight = size * 1.02;
  const fill = darkBottom
    ? linear(art, 'tt', [
        [0, lighten(art.accent, 0.75)],
        [0.45, lighten(art.accent, 0.2)],
        [0.55, art.accent],
        [1, darken(art.accent, 0.3)],
      ])
    : linear(art, 'tt', [
        [0, darken(art.accent, 0.05)],
        [1, darken(art.accent, 0.55)],
      ]);
  const outline = darkBottom ? darken(mix(art.bg, art.accent, 0.15), 0.7) : '#fffaf0';
  const shadow = darkBottom ? '#000' : darken(art.bg, 0.6);
  const soft = blur(art, 'ts', 3);
  const attributes = `text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${size}" letter-spacing="${f(spacing)}"`;
  return lines
    .map((line, i) => {
      const y = baseline - (lines.length - 1 - i) * lineHeight;
      const text = escapeXml(line);
      return `<g ${attributes}><text x="320" y="${f(y + 5)}" fill="${shadow}" opacity="${darkBottom ? '.75' : '.35'}" filter="${soft}">${text}</text><text x="320" y="${f(y)}" fill="none" stroke="${outline}" stroke-width="${f(size / 8)}" stroke-linejoin="round">${text}</text><text x="320" y="${f(y)}" fill="${fill}">${text}</text></g>`;
    })
    .join('\n');
}

// ─── brand mark ───────────────────────────────────────────────────────────────────────────────────

const brandNames: Record<StudioTitle['brand'], string> = {
  'chrysos-originals': 'CHRYSOS ORIGINALS',
  'aegean-reels': 'AEGEAN REELS',
  'olympus-tables': 'OLYMPUS TABLES',
};

function brandMark(art: Art, darkTop: boolean) {
  const name = brandNames[art.title.brand];
  const size = 12;
  const width = 54 + textWidth(name, size, 1.6);
  const glyphs: Record<StudioTitle['brand'], string> = {
    'chrysos-originals': `<path d="M-4.5-5L4.5 5M4.5-5L-4.5 5" stroke="${darken(art.gold, 0.6)}" stroke-width="2.4" stroke-linecap="round"/>`,
    'aegean-reels': `<path d="M-7 1q3.5-5 7 0t7 0M-7 5q3.5-5 7 0t7 0" fill="none" stroke="${darken(art.gold, 0.6)}" stroke-width="1.8" stroke-linecap="round"/>`,
    'olympus-tables': `<path d="M-8 5L-3-4L0 1L3-6L8 5Z" fill="${darken(art.gold, 0.6)}"/>`,
  };
  const coinFill = radial(
    art,
    'brand',
    [
      [0, lighten(art.gold, 0.6)],
      [0.6, art.gold],
      [1, darken(art.gold, 0.35)],
    ],
    [0.35, 0.3, 0.8],
  );
  return `<g><rect x="18" y="18" width="${f(width)}" height="30" rx="15" fill="${darkTop ? '#000' : '#fff'}" fill-opacity="${darkTop ? '.45' : '.7'}" stroke="${darkTop ? art.accent : darken(art.accent, 0.2)}" stroke-opacity=".55"/><g transform="translate(34 33)"><circle r="11" fill="${coinFill}"/>${glyphs[art.title.brand]}</g><text x="52" y="37.5" font-family="${FONT}" font-weight="700" font-size="${size}" letter-spacing="1.6" fill="${darkTop ? lighten(art.accent, 0.55) : darken(art.accent, 0.5)}">${name}</text></g>`;
}

// ─── the tile ─────────────────────────────────────────────────────────────────────────────────────

/** The thumbnail of one title, lettered in `locale`, as a standalone SVG document. */
export function drawThumbnail(title: StudioTitle, locale: Locale = 'en'): string {
  const { background, accent } = title.theme;
  const art: Art = {
    title,
    locale,
    bg: background,
    accent,
    gold: isGolden(accent) ? accent : '#e0b341',
    light: luma(background) > 0.55,
    random: seeded(title.id),
    defs: new Map(),
  };
  const painter = painters[title.theme.symbol] ?? medallion;
  const drawing = painter(art);
  const darkBottom = drawing.darkBottom ?? !art.light;
  const twoLines = layoutTitle(title.title[locale]).lines.length > 1;
  const base = art.light
    ? linear(art, 'bg', [
        [0, lighten(background, 0.4)],
        [1, darken(background, 0.1)],
      ])
    : radial(
        art,
        'bg',
        [
          [0, lighten(background, 0.22)],
          [0.6, background],
          [1, darken(background, 0.55)],
        ],
        [0.5, 0.4, 0.75],
      );
  const glowColor = drawing.glow === undefined ? accent : drawing.glow;
  const glow = glowColor
    ? `<circle cx="320" cy="196" r="210" fill="${radial(art, 'glow', [
        [0, glowColor, 0.45],
        [0.5, glowColor, 0.14],
        [1, glowColor, 0],
      ])}"/>`
    : '';
  const shade = darkBottom
    ? linear(art, 'shade', [
        [0, darken(background, 0.6), 0],
        [1, darken(background, 0.75), 0.92],
      ])
    : linear(art, 'shade', [
        [0, lighten(background, 0.5), 0],
        [1, lighten(background, 0.6), 0.85],
      ]);
  const vignette = radial(art, 'vig', [
    [0.55, '#000', 0],
    [1, art.light ? darken(background, 0.6) : '#000', art.light ? 0.35 : 0.6],
  ]);
  const emblemAt = twoLines ? 'translate(320 180) scale(.86)' : 'translate(320 196) scale(.95)';
  const frame =
    title.engine === 'classic-slot'
      ? bulbs(art)
      : `<rect x="9" y="9" width="${W - 18}" height="${H - 18}" rx="14" fill="none" stroke="${accent}" stroke-opacity=".45" stroke-width="2"/>`;
  const body = [
    `<rect width="${W}" height="${H}" fill="${base}"/>`,
    drawing.scene,
    landmarks(art),
    glow,
    `<g transform="${emblemAt}${drawing.place ? ` ${drawing.place}` : ''}" filter="${dropShadow(art)}">${drawing.emblem}</g>`,
    drawing.front ?? '',
    `<rect y="${twoLines ? 270 : 310}" width="${W}" height="${twoLines ? 210 : 170}" fill="${shade}"/>`,
    `<rect width="${W}" height="${H}" fill="${vignette}"/>`,
    frame,
    lettering(art, darkBottom),
    brandMark(art, !art.light || title.theme.symbol === 'windmill'),
  ];
  const label = escapeXml(title.title[locale]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}">
<title>${label}</title>
<defs>${[...art.defs.values()].join('')}</defs>
${body.filter(Boolean).join('\n')}
</svg>
`;
}

/** Writes every title's thumbnail in every language; returns the files written. */
export function writeThumbnails(list: readonly StudioTitle[] = titles): string[] {
  return locales.flatMap((locale) => {
    mkdirSync(dirname(thumbnailFile('x', locale)), { recursive: true });
    return list.map((title) => {
      const file = thumbnailFile(title.id, locale);
      writeFileSync(file, drawThumbnail(title, locale));
      return file;
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of writeThumbnails()) console.log(file);
}
