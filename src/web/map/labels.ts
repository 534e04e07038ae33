// Area names placed as a map app places them: the most important first, each inside its own area and clear of every
// counter and of the names already placed; a name that does not fit is shortened, else left out at this zoom (it
// shows on zoom-in, where the font stays the same size on screen, and in the hover line). Pure, tested in Node.

export interface Box { x0: number; y0: number; x1: number; y1: number }

export interface LabelWish {
  id: string;
  /** Texts from the full one to the shortest acceptable one. */
  texts: string[];
  /** Baseline centres to try, best first (map units). */
  spots: [number, number][];
  /** Higher goes first. */
  priority: number;
  /** The area's polygons: the name stays inside them. */
  rings: [number, number][][];
}

export interface PlacedLabel { id: string; text: string; x: number; y: number; box: Box }

export const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Even-odd point-in-polygon over every ring (holes included). */
export function insideRings(rings: [number, number][][], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!, [xj, yj] = ring[j]!;
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** The text's middle line lies inside the area, from end to end (its corners may touch a border's bends). */
function boxInside(rings: [number, number][][], b: Box): boolean {
  const my = (b.y0 + b.y1) / 2;
  const pts: [number, number][] = [0.5, 0, 1, 0.25, 0.75].map((f) => [b.x0 + (b.x1 - b.x0) * f, my]);
  return pts.every(([x, y]) => insideRings(rings, x, y));
}

/**
 * Places the labels greedily by priority. `width(text, id)` is the text's width in map units at font size `size` (map
 * units too) for label `id`; a label's box is the text's ink from ascender to descender, with a small margin.
 */
export function placeLabels(wishes: LabelWish[], obstacles: Box[], size: number, width: (text: string, id: string) => number): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const pad = size * 0.08;
  const order = [...wishes].sort((a, b) => b.priority - a.priority || (a.id < b.id ? -1 : 1));
  for (const w of order) {
    // The area's bounding box, and only the counters that reach into it: the cheap tests first, the polygon last.
    let ax0 = Infinity, ax1 = -Infinity, ay0 = Infinity, ay1 = -Infinity;
    for (const ring of w.rings) for (const [x, y] of ring) { ax0 = Math.min(ax0, x); ax1 = Math.max(ax1, x); ay0 = Math.min(ay0, y); ay1 = Math.max(ay1, y); }
    const area = { x0: ax0, x1: ax1, y0: ay0 - size, y1: ay1 + size };
    const near = obstacles.filter((o) => overlaps(o, area));
    let done = false;
    for (const text of w.texts) {
      const half = width(text, w.id) / 2 + pad;
      if (2 * half > ax1 - ax0) continue;
      for (const [x, y] of w.spots) {
        const box = { x0: x - half, x1: x + half, y0: y - size * 0.95 - pad, y1: y + size * 0.3 + pad };
        if (box.x0 < ax0 || box.x1 > ax1 || near.some((o) => overlaps(o, box)) || placed.some((p) => overlaps(p.box, box)) || !boxInside(w.rings, box)) continue;
        placed.push({ id: w.id, text, x, y, box });
        done = true;
        break;
      }
      if (done) break;
    }
  }
  return placed;
}

/** Rings cut to about `max` vertices each (every n-th kept): enough to tell whether a name lies inside its area. */
export function coarseRings(rings: [number, number][][], max = 48): [number, number][][] {
  return rings.map((r) => (r.length <= max ? r : r.filter((_, i) => i % Math.ceil(r.length / max) === 0)));
}

/** A shorter form of a name: every word but the last cut to its initial ("Northern Italy" -> "N. Italy"). */
export function shortName(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length < 2) return name;
  return words.slice(0, -1).map((w) => w[0] + '.').join(' ') + ' ' + words[words.length - 1];
}
