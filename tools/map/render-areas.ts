// Renders an area board (BoardSchema: areas, adjacency, countries) to SVG for review: shaded areas, names, values,
// declared links (straits, canals) as dashed lines.
import type { Board } from '../../src/engine/board.ts';

const SEA = '#a8cce6';
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A light colour from an id, for owners without a colour. */
function pastel(id: string): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h}, 45%, 78%)`;
}

/** Approximate width of a line of DejaVu Sans at `size` pixels. */
const textWidth = (t: string, size: number): number => t.length * size * 0.6;

/** A name on one line, or on two split at the word boundary nearest its middle when one line is wider than `width`. */
function labelLines(name: string, width: number, size: number): string[] {
  const words = name.split(' ');
  if (words.length < 2 || textWidth(name, size) <= width) return [name];
  let best = 1;
  for (let i = 1; i < words.length; i++) {
    const d = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
    if (d < Math.abs(words.slice(0, best).join(' ').length - words.slice(best).join(' ').length)) best = i;
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

/** The largest font, at most `max` and at least 9, whose longest line fits `width`. */
function fontFor(lines: string[], width: number, max: number): number {
  const longest = Math.max(...lines.map((l) => l.length));
  return Math.max(9, Math.min(max, Math.floor(width / (0.6 * Math.max(1, longest)))));
}

export function renderAreaSvg(board: Board, title: string): string {
  const areas = board.areas ?? {};
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const a of Object.values(areas)) {
    for (const ring of a.polygons) {
      for (const [x, y] of ring) {
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
    }
  }
  const size = Math.max(x1 - x0, y1 - y0);
  // Scale so the longer side is about 2,400 pixels.
  const k = 2400 / size;
  const pad = 40;
  const W = Math.round((x1 - x0) * k + 2 * pad);
  const H = Math.round((y1 - y0) * k + 2 * pad + 40);
  const X = (x: number): string => ((x - x0) * k + pad).toFixed(1);
  const Y = (y: number): string => ((y - y0) * k + pad + 40).toFixed(1);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, sans-serif">`);
  out.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  out.push(`<text x="${pad}" y="32" font-size="26" font-weight="bold" fill="#222">${esc(title)} — area map (Natural Earth + config)</text>`);
  const ids = Object.keys(areas);
  // Seas first, land on top.
  for (const id of [...ids.filter((i) => areas[i].kind === 'sea'), ...ids.filter((i) => areas[i].kind !== 'sea')]) {
    const a = areas[id];
    const fill = a.kind === 'sea' ? SEA : (a.owner && board.countries?.[a.owner]?.color) || pastel(a.owner ?? id);
    const d = a.polygons.map((r) => 'M' + r.map(([x, y]) => `${X(x)},${Y(y)}`).join('L') + 'Z').join('');
    const stroke = a.kind === 'sea' ? '#5b8db8' : '#333';
    out.push(`<path d="${d}" fill="${fill}" fill-rule="evenodd" stroke="${stroke}" stroke-width="${a.kind === 'sea' ? 1 : 1.4}" stroke-linejoin="round"/>`);
  }
  for (const l of board.adjacency ?? []) {
    if (l.kind === 'land' || l.kind === 'sea' || l.kind === 'coast') continue;
    const a = areas[l.a];
    const b = areas[l.b];
    if (!a || !b) continue;
    out.push(`<path d="M${X(a.label[0])},${Y(a.label[1])}L${X(b.label[0])},${Y(b.label[1])}" stroke="#b0002a" stroke-width="2.5" stroke-dasharray="8,5" fill="none"/>`);
  }
  for (const id of ids) {
    const a = areas[id];
    const [lx, ly] = a.label;
    const colour = a.kind === 'sea' ? '#0b3d91' : '#1a1a1a';
    const style = a.kind === 'sea' ? ' font-style="italic"' : '';
    const bold = a.marks?.includes('capital') ? ' font-weight="bold"' : '';
    // Fit the name to the area's width (dense regions): two lines for a long name, a smaller font if still too wide.
    const ring = a.polygons.reduce((m, r) => (r.length > m.length ? r : m), a.polygons[0] ?? []);
    const width = ring.length ? (Math.max(...ring.map((q) => q[0])) - Math.min(...ring.map((q) => q[0]))) * k : 0;
    const lines = labelLines(a.name, width, 15);
    const size = a.kind === 'sea' ? 15 : fontFor(lines, width, 15);
    const y = Number(Y(ly)) - ((lines.length - 1) * size) / 2;
    const spans = lines.map((t, i) => `<tspan x="${X(lx)}" dy="${i === 0 ? 0 : size}">${esc(t)}</tspan>`).join('');
    out.push(`<text x="${X(lx)}" y="${y.toFixed(1)}" font-size="${size}"${style}${bold} text-anchor="middle" fill="${colour}" stroke="#fff" stroke-width="3" paint-order="stroke">${spans}</text>`);
    if (a.value !== undefined) out.push(`<text x="${X(lx)}" y="${(y + (lines.length - 1) * size + size + 2).toFixed(1)}" font-size="${Math.min(13, size)}" text-anchor="middle" fill="#7a0000" stroke="#fff" stroke-width="3" paint-order="stroke">${a.value}</text>`);
  }
  out.push('</svg>');
  return out.join('\n');
}
