// The map of any contract board: hexes (terrain, coasts, borders, rivers, cities, ids) and areas (shaded polygons with
// names and values), counters in stacks, control markers, highlights from the prompt. Pan and zoom change one
// transform attribute directly (no re-render), so dragging stays smooth. A stack never spreads over the map: its
// units are listed in the inspector beside it.
import { memo } from 'preact/compat';
import { useEffect, useImperativeHandle, useMemo, useRef, useState } from 'preact/hooks';
import type { Ref } from 'preact';
import type { Assets, BoardView, CounterManifest, PieceView } from './board-model.ts';
import { controllerColor, piecesByPlace } from './board-model.ts';
import { MapCounter, Patterns } from './counter.tsx';
import type { MapGeometry } from './geometry.ts';
import { borderSegments, hexsideSegments } from './geometry.ts';
import type { Box, LabelWish, PlacedLabel } from './labels.ts';
import { coarseRings, placeLabels, shortName } from './labels.ts';

export interface MapTransform { x: number; y: number; k: number }

export interface MapHandle {
  pan(dx: number, dy: number): void;
  zoom(factor: number): void;
  fit(): void;
  centerOn(place: string): void;
  /** Centres on a place only when it is out of the part of the map in view. */
  reveal(place: string): void;
  /** Current scale (pixels per map unit). */
  scale(): number;
}

export interface MapViewProps {
  assets: Assets;
  geo: MapGeometry;
  board: BoardView;
  /** Units the prompt lets the player pick. */
  activeUnits: Set<string>;
  selectedUnit: string | null;
  selectedPlace: string | null;
  /** Places the engine allows for the current pick. */
  highlights: Set<string>;
  /** Units marked by an overlay (out of supply...), with a ring. */
  marked?: Set<string>;
  showIds: boolean;
  onPlace(id: string): void;
  onUnit(id: string, place: string): void;
  handle?: Ref<MapHandle>;
  /** The view to start with (kept from an earlier visit); else a legible zoom on `focus`, else the whole map. */
  initial?: MapTransform | null;
  /** Places to show first (the units that have choices). */
  focus?: string[];
  /** Called when a pan or zoom settles. */
  onViewChange?(t: MapTransform): void;
  /** A line about the place or unit under the pointer (mouse only). */
  describe?(place: string, unit: string | null): string;
  /** A panel that may lie over the map's lower part (the phone's bottom sheet): views are centred above it. */
  cover?(): Element | null;
}

const TERRAIN_CLASS: Record<string, string> = {
  clear: 't-clear', forest: 't-forest', woods: 't-forest', mountain: 't-mountain', mountains: 't-mountain',
  marsh: 't-marsh', swamp: 't-marsh', desert: 't-desert', rough: 't-rough', hills: 't-rough', steppe: 't-clear',
};

/** Counter size on hex maps (hex centre to vertex = 1). */
const HEX_COUNTER = 1.2;
/** Pixels per map unit below which counters are too small to read: the first view zooms in at least this far. */
export const LEGIBLE_SCALE = 34;

/** The attribute naming a place on the map: `data-hex` for a hex, `data-area` for an area. */
function placeAttr(geo: MapGeometry, id: string): Record<string, string> {
  return geo.hexes.has(id) ? { 'data-hex': id } : { 'data-area': id };
}

/** The place an element of the map stands for (a hex or an area), from the nearest element naming one. */
function placeOf(el: Element): string | null {
  const e = el.closest('[data-hex],[data-area]');
  return e?.getAttribute('data-hex') ?? e?.getAttribute('data-area') ?? null;
}

/** Counter size on an area map: a fraction of the typical area. */
function areaCounterSize(geo: MapGeometry): number {
  const sizes = [...geo.areas.values()].map((a) => a.size).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 6;
  // Areas drawn over a hex map (sea areas) hold counters the size of a hex's.
  return geo.hexes.size ? Math.min(1, Math.max(0.2, median / 4)) : Math.max(0.2, median / 4);
}

/** Terrain, coasts, borders, hexside features, cities: drawn once per map. */
const HexLayer = memo(function HexLayer({ assets, geo }: { assets: Assets; geo: MapGeometry }) {
  const hex = assets.board.hex;
  if (!hex || !geo.hexes.size) return null;
  const hasLand = !!hex.land?.length;
  const landPath = hasLand ? hex.land!.map((ring) => 'M' + ring.map(([x, y]) => `${x},${y}`).join('L') + 'Z').join('') : '';
  const byTerrain = new Map<string, string[]>();
  const seaPaths: string[] = [];
  for (const [id, h] of Object.entries(hex.hexes)) {
    const g = geo.hexes.get(id);
    if (!g) continue;
    if (h.kind === 'sea' || h.kind === 'lake') {
      if (!hasLand) seaPaths.push(g.path);
      continue;
    }
    const t = TERRAIN_CLASS[h.terrain ?? 'clear'] ?? 't-clear';
    if (hasLand && t === 't-clear') continue;
    let l = byTerrain.get(t);
    if (!l) byTerrain.set(t, (l = []));
    l.push(g.path);
  }
  const grid = [...geo.hexes.values()].map((g) => g.path).join('');
  const sides = hexsideSegments(assets.board, geo);
  // Borders flagged on hexsides win; otherwise they are drawn where the country changes.
  const borders = sides.get('border')?.map((x) => x.seg) ?? borderSegments(assets.board, geo);
  sides.delete('border');
  const seg = (s: { x1: number; y1: number; x2: number; y2: number }) => `M${s.x1},${s.y1}L${s.x2},${s.y2}`;
  return (
    <g class="static">
      {hasLand && <path class="land t-clear" d={landPath} />}
      {hasLand && <clipPath id="land-clip"><path d={landPath} /></clipPath>}
      <g clip-path={hasLand ? 'url(#land-clip)' : undefined}>
        {[...byTerrain].map(([t, paths]) => <path key={t} class={`terrain ${t}`} d={paths.join('')} />)}
      </g>
      {!hasLand && seaPaths.length > 0 && <path class="sea-hex" d={seaPaths.join('')} />}
      <path class="grid" d={grid} />
      {hasLand && <path class="coast" d={landPath} />}
      <path class="border" d={borders.map(seg).join('')} />
      {[...sides].map(([f, list]) => <path key={f} class={`hexside hs-${f}`} d={list.map((x) => seg(x.seg)).join('')} />)}
      <g class="cities">
        {Object.entries(hex.hexes).map(([id, h]) => {
          const g = geo.hexes.get(id);
          if (!g || (!h.city && !h.label)) return null;
          if (!h.city) return <text key={id} class="hex-label" x={g.cx} y={g.cy + 0.1} text-anchor="middle">{h.label}</text>;
          const c = h.city;
          // The name sits in the lower third of its own hex, the id (when shown) in the upper third: they never meet.
          return (
            <g key={id} class={'city' + (c.capital ? ' capital' : '')} transform={`translate(${g.cx},${g.cy})`}>
              {c.capital ? <rect x={-0.14} y={0.14} width={0.28} height={0.28} class="city-mark" />
                : <circle cy={0.28} r={0.12} class="city-mark" />}
              {c.production && <path class="production" d="M0,0.3l0.05,0.1h0.11l-0.09,0.07l0.04,0.11l-0.11,-0.07l-0.11,0.07l0.04,-0.11l-0.09,-0.07h0.11Z" transform="translate(0.3,-0.12)" />}
              {c.port && <text class="port" x={-0.5} y={0.4} font-size={0.26}>⚓</text>}
              {c.fort && <path class="fort-mark" d="M-0.3,0.47h0.6" />}
              <text class="city-name" y={0.72} text-anchor="middle">{c.name}</text>
            </g>
          );
        })}
      </g>
    </g>
  );
});

/** Areas: shaded by who controls them (else their owner), with names, printed values and marks. */
const AreaLayer = memo(function AreaLayer({ assets, geo, control }: {
  assets: Assets; geo: MapGeometry; control: Record<string, string>;
}) {
  const areas = assets.board.areas;
  if (!areas || !geo.areas.size) return null;
  return (
    <g class="areas-layer">
      {Object.entries(areas).map(([id, a]) => {
        const g = geo.areas.get(id);
        if (!g) return null;
        const sea = a.kind === 'sea';
        const who = control[id] ?? a.owner;
        const fill = sea ? undefined : (who && (controllerColor(assets.counters, who) ?? assets.board.countries?.[who]?.color));
        return (
          <g key={id} class={'area ' + (sea ? 'area-sea' : 'area-land')} data-area={id}>
            <path class="area-shape" d={g.path} style={fill ? { fill } : undefined} />
          </g>
        );
      })}
    </g>
  );
});

/** The borders of areas drawn over a hex map, above its hexes (no fill: the hexes show through). */
const AreaOutlines = memo(function AreaOutlines({ geo }: { geo: MapGeometry }) {
  return <g class="area-outlines">{[...geo.areas.values()].map((g) => <path key={g.id} d={g.path} data-area-outline={g.id} />)}</g>;
});

/** Area names where `placeAreaLabels` put them (those left out show on zoom-in and in the hover line). */
const AreaNames = memo(function AreaNames({ assets, labels, size }: { assets: Assets; labels: PlacedLabel[]; size: number }) {
  const areas = assets.board.areas ?? {};
  return (
    <g class="area-names">
      {labels.map((l) => (
        <g key={l.id} class={'area-name' + (areas[l.id]?.kind === 'sea' ? ' sea' : '')} data-area-label={l.id}>
          <text x={l.x} y={l.y} text-anchor="middle" font-size={size}>{l.text}</text>
        </g>
      ))}
    </g>
  );
});

/** Area-name font size on screen, in pixels: a fraction of the counters', kept between these bounds. */
const NAME_PX = { min: 10, max: 12 };
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const widths = new Map<string, number>();
let measurer: CanvasRenderingContext2D | null | undefined;
/** A text's width at font size 1, as the browser draws the area names (bold; sea names italic). */
function textWidth(text: string, italic: boolean): number {
  const key = (italic ? 'i' : 'n') + text;
  let w = widths.get(key);
  if (w === undefined) {
    if (measurer === undefined) measurer = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
    const ctx = measurer;
    if (ctx) { ctx.font = `${italic ? 'italic ' : ''}700 100px ${FONT}`; w = (ctx.measureText(text).width / 100) * 1.04; }
    else w = text.length * 0.62;
    widths.set(key, w);
  }
  return w;
}

/** Where an area's counters go, relative to its label point: side by side, `per` to a row, `step` apart. */
function areaSlots(n: number, step: number, per = 4): [number, number][] {
  const rows = Math.ceil(n / per);
  return Array.from({ length: n }, (_, i) => {
    const row = Math.floor(i / per), inRow = Math.min(per, n - row * per);
    return [((i % per) - (inRow - 1) / 2) * step, (row - (rows - 1) / 2) * step];
  });
}

/** An area counter's largest size on screen, in pixels: zoomed in, counters stop growing and more of a stack fits. */
const AREA_COUNTER_MAX_PX = 44;
/** How far a counter reaches from its centre, in counter sizes (its "×2" badge sticks out a little). */
const REACH = 0.62;

/** How far each area's label point is from its border, in map units (once per map). */
function areaBorders(assets: Assets, geo: MapGeometry): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of geo.areas.values()) {
    let border = Infinity;
    for (const ring of assets.board.areas?.[a.id]?.polygons ?? []) {
      for (let i = 0; i < ring.length; i++) {
        const [x1, y1] = ring[i]!, [x2, y2] = ring[(i + 1) % ring.length]!;
        const dx = x2 - x1, dy = y2 - y1, len = dx * dx + dy * dy;
        const t = len ? Math.max(0, Math.min(1, ((a.cx - x1) * dx + (a.cy - y1) * dy) / len)) : 0;
        border = Math.min(border, Math.hypot(a.cx - x1 - t * dx, a.cy - y1 - t * dy));
      }
    }
    out.set(a.id, border);
  }
  return out;
}

/**
 * The room of each area's stack, in map units, as half sides of a square around its label point: `apart`, half the
 * way (the larger of across and down) to the nearest other stack's, so that no two stacks' squares meet; `inside`,
 * about as far as its own border as well.
 */
interface Room { apart: number; inside: number }
function areaRooms(geo: MapGeometry, borders: Map<string, number>, stacks: Map<string, PieceView[]>): Map<string, Room> {
  const rooms = new Map<string, Room>();
  const pts = [...stacks.keys()].map((id) => geo.areas.get(id)).filter((a) => !!a);
  for (const a of pts) {
    let near = Infinity;
    for (const b of pts) if (b !== a) near = Math.min(near, Math.max(Math.abs(a.cx - b.cx), Math.abs(a.cy - b.cy)));
    rooms.set(a.id, { apart: near / 2, inside: Math.min(near / 2, (borders.get(a.id) ?? Infinity) * 1.2) });
  }
  return rooms;
}

/** How an area's stack is drawn: its counters' size and places, or (when they do not fit its room) one counter and a count. */
interface AreaStackLayout { size: number; slots: [number, number][]; collapsed: boolean }

/**
 * An area's stack of `n` counters at scale `k`: all of them, as many to a row as its room takes (four at most when
 * they fit in fewer), else one counter with the stack's count. Without a room (areas over a hex map, the sea zones'
 * fleets) the stack is drawn whole, four to a row.
 */
function areaStackLayout(n: number, s: number, k: number, room: Room | undefined): AreaStackLayout {
  if (room === undefined) return { size: s, slots: areaSlots(n, s * 1.08), collapsed: false };
  const c = Math.min(s, AREA_COUNTER_MAX_PX / k), step = c * 1.08;
  const fit = Math.max(0, Math.floor((2 * room.inside - 2 * REACH * c) / step) + 1);
  if (!n) return { size: c, slots: [], collapsed: false };
  if (fit >= 1) {
    let per = Math.min(fit, 4, n);
    if (Math.ceil(n / per) > fit) per = Math.min(fit, n);
    if (Math.ceil(n / per) <= fit) return { size: c, slots: areaSlots(n, step, per), collapsed: false };
  }
  // One counter (it may reach over a near border, never onto another stack), shrunk if even that does not fit.
  return { size: Math.min(c, room.apart / REACH), slots: [[0, 0]], collapsed: n > 1 };
}

/** What placing an area's name needs of its shape, once per map: coarse rings, and spots over it nearest its label point. */
function labelShapes(assets: Assets, geo: MapGeometry): Map<string, { rings: [number, number][][]; grid: [number, number][] }> {
  const out = new Map<string, { rings: [number, number][][]; grid: [number, number][] }>();
  for (const [id, a] of Object.entries(assets.board.areas ?? {})) {
    const g = geo.areas.get(id);
    if (!g) continue;
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const ring of a.polygons) for (const [x, y] of ring) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
    const grid: [number, number][] = [];
    for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) grid.push([x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * j) / 8]);
    grid.sort((p, q) => Math.hypot(p[0] - g.cx, p[1] - g.cy) - Math.hypot(q[0] - g.cx, q[1] - g.cy));
    out.set(id, { rings: coarseRings(a.polygons as [number, number][][]), grid });
  }
  return out;
}

/**
 * The area names that fit at scale `k` (pixels per map unit): inside their areas, clear of every counter and of each
 * other; the capitals and the areas worth most first, a shortened name before none.
 */
function placeAreaLabels(assets: Assets, geo: MapGeometry, shapes: ReturnType<typeof labelShapes>, stacks: Map<string, PieceView[]>, s: number, k: number, rooms: Map<string, Room> | null): { labels: PlacedLabel[]; size: number } {
  const areas = assets.board.areas ?? {};
  const size = Math.min(NAME_PX.max, Math.max(NAME_PX.min, s * 0.42 * k)) / k;
  const obstacles: Box[] = [];
  for (const [place, list] of stacks) {
    const h = geo.hexes.get(place);
    if (h) { const r = HEX_COUNTER / 2 + 0.2; obstacles.push({ x0: h.cx - r, x1: h.cx + r, y0: h.cy - r, y1: h.cy + r }); continue; }
    const a = geo.areas.get(place);
    if (!a) continue;
    const l = areaStackLayout(list.length, s, k, rooms?.get(place));
    const r = l.size * REACH;
    for (const [dx, dy] of l.slots) obstacles.push({ x0: a.cx + dx - r, x1: a.cx + dx + r, y0: a.cy + dy - r, y1: a.cy + dy + r });
  }
  const wishes: LabelWish[] = [];
  for (const [id, a] of Object.entries(areas)) {
    const g = geo.areas.get(id);
    if (!g) continue;
    const mark = (a.marks ?? []).includes('capital') ? '★ ' : '';
    const value = a.value !== undefined ? ` (${a.value})` : '';
    const texts = [...new Set([mark + a.name + value, mark + shortName(a.name) + value])];
    const l = areaStackLayout(stacks.get(id)?.length ?? 0, s, k, rooms?.get(id));
    const slots = stacks.get(id)?.length ? l.slots : [];
    const top = slots.length ? Math.min(...slots.map((q) => q[1])) - l.size * REACH : 0;
    const bottom = slots.length ? Math.max(...slots.map((q) => q[1])) + l.size * REACH : 0;
    const near: [number, number][] = slots.length
      ? [[g.cx, g.cy + top - size * 0.35], [g.cx, g.cy + bottom + size * 1]]
      : [[g.cx, g.cy + size * 0.3], [g.cx, g.cy - size * 0.9], [g.cx, g.cy + size * 1.4]];
    const shape = shapes.get(id)!;
    const spots = [...near, ...shape.grid.map(([x, y]): [number, number] => [x, y + size * 0.3])];
    const priority = (mark ? 1000 : 0) + (a.value ?? 0) * 10 + (a.kind === 'sea' ? 0 : 5) + Math.min(4, g.size / 100);
    wishes.push({ id, texts, spots, priority, rings: shape.rings });
  }
  return { labels: placeLabels(wishes, obstacles, size, (t, id) => textWidth(t, areas[id]?.kind === 'sea') * size), size };
}

const IdLayer = memo(function IdLayer({ geo }: { geo: MapGeometry }) {
  return (
    <g class="hex-ids">
      {[...geo.hexes.values()].map((g) => <text key={g.id} x={g.cx} y={g.cy - 0.58} text-anchor="middle">{g.id}</text>)}
    </g>
  );
});

/**
 * Invisible shapes that take the clicks (one per hex or area, above the drawing, below counters). Areas lie over the
 * hexes they hold (a sea area over its sea hexes): a click there is on the area.
 */
const HitLayer = memo(function HitLayer({ geo }: { geo: MapGeometry }) {
  return (
    <g class="hits">
      {[...geo.hexes.values()].map((g) => <path key={g.id} d={g.path} data-hex={g.id} />)}
      {[...geo.areas.values()].map((g) => <path key={g.id} d={g.path} data-area={g.id} />)}
    </g>
  );
});

export function MapView(p: MapViewProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const gRef = useRef<SVGGElement>(null);
  const t = useRef<MapTransform>({ x: 0, y: 0, k: 20 });
  const placed = useRef(false);
  /** The view still frames `framed` (the first view's focus): nothing (a gesture, a key) has moved it since. */
  const following = useRef(false);
  const framed = useRef<string[] | undefined>(undefined);
  const cb = useRef(p);
  cb.current = p;
  const [hover, setHover] = useState<{ x: number; y: number; text: string } | null>(null);
  const [labelK, setLabelK] = useState(20);
  const labelKRef = useRef(20);

  // While the player drags or zooms, the map layer gets a CSS transform (cheap: no SVG repaint); the real
  // transform is committed when the gesture pauses.
  const committed = useRef<MapTransform>({ x: 0, y: 0, k: 20 });
  const commitTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const apply = (live = false) => {
    const g = gRef.current, svg = svgRef.current, layer = layerRef.current;
    if (!g || !svg || !layer) return;
    const { x, y, k } = t.current;
    if (live) {
      following.current = false;
      const c = committed.current, sc = k / c.k;
      const move = `translate(${(x - sc * c.x).toFixed(1)}px,${(y - sc * c.y).toFixed(1)}px)`;
      layer.style.transform = sc === 1 ? move : `${move} scale(${sc.toFixed(4)})`;
      svg.dataset.moving = ''; // a gesture not committed yet (tests wait for its end)
      if (commitTimer.current) clearTimeout(commitTimer.current);
      commitTimer.current = setTimeout(() => apply(false), 150);
      return;
    }
    if (commitTimer.current) { clearTimeout(commitTimer.current); commitTimer.current = null; }
    layer.style.transform = '';
    delete svg.dataset.moving;
    const changed = committed.current.x !== x || committed.current.y !== y || committed.current.k !== k;
    committed.current = { x, y, k };
    g.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${k.toFixed(3)})`);
    svg.classList.toggle('zoom-far', k < 14);
    svg.classList.toggle('zoom-near', k >= 30);
    // Area names are placed anew at each quarter-octave of zoom (a re-render of the names only).
    const q = 2 ** (Math.round(Math.log2(k) * 4) / 4);
    if (q !== labelKRef.current) { labelKRef.current = q; setLabelK(q); }
    if (changed && placed.current) cb.current.onViewChange?.({ x, y, k });
  };
  const size = () => {
    const el = svgRef.current;
    return { w: el?.clientWidth || 800, h: el?.clientHeight || 600 };
  };
  /** The height of the map a player sees: the part above a panel lying over it. */
  const seenHeight = () => {
    const { h } = size();
    const c = p.cover?.()?.getBoundingClientRect();
    const m = svgRef.current?.getBoundingClientRect();
    if (!c || !m || c.left >= m.right || c.right <= m.left || c.top <= m.top || c.top >= m.bottom) return h;
    return Math.max(h / 3, c.top - m.top);
  };
  const fit = () => {
    const { w, h } = size();
    const b = p.geo.bounds;
    const k = Math.min(w / b.w, h / b.h) * 0.98;
    t.current = { k, x: (w - b.w * k) / 2 - b.x * k, y: (h - b.h * k) / 2 - b.y * k };
    apply();
  };
  /** The first view: the kept one, else the focus places framed at a legible zoom (the whole map when it fits legibly). */
  const firstView = () => {
    framed.current = p.focus;
    following.current = !p.initial;
    if (p.initial) { t.current = { ...p.initial }; apply(); return; }
    fit();
    // Counters about 40 px wide: a hex map's counter is 1.2 units, an area map's a fraction of its areas.
    const legible = p.geo.hexes.size ? LEGIBLE_SCALE : p.geo.areas.size ? 40 / areaCounterSize(p.geo) : 0;
    if (t.current.k >= legible) return;
    const pts = (p.focus ?? []).map((f) => p.geo.centre(f)).filter((c): c is [number, number] => !!c);
    if (!pts.length) return;
    const { w } = size();
    const h = seenHeight();
    // The places' bounds, not their average: spread places (a set-up's lit hexes) can average out in empty sea. When
    // they do not all fit at a legible zoom, the view frames the most of them it can.
    const [vw, vh] = [w / legible, h / legible];
    let best: [number, number][] = [];
    for (const c of pts) {
      const near = pts.filter((q) => Math.abs(q[0] - c[0]) <= vw / 2 && Math.abs(q[1] - c[1]) <= vh / 2);
      if (near.length > best.length) best = near;
    }
    const xs = best.map((q) => q[0]), ys = best.map((q) => q[1]);
    const [fx, fy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    t.current = { k: legible, x: w / 2 - fx * legible, y: h / 2 - fy * legible };
    apply();
  };
  const zoomAt = (factor: number, px: number, py: number, live = false) => {
    const c = t.current;
    const k = Math.max(2, Math.min(160, c.k * factor));
    const f = k / c.k;
    t.current = { k, x: px - (px - c.x) * f, y: py - (py - c.y) * f };
    apply(live);
  };
  const centerOn = (place: string) => {
    const c = p.geo.centre(place);
    if (!c) return;
    following.current = false;
    const { w } = size();
    const h = seenHeight();
    t.current.x = w / 2 - c[0] * t.current.k;
    t.current.y = h / 2 - c[1] * t.current.k;
    apply();
  };
  useImperativeHandle(p.handle as Ref<MapHandle>, () => ({
    pan: (dx, dy) => { following.current = false; t.current.x += dx; t.current.y += dy; apply(); },
    zoom: (f) => { following.current = false; const { w, h } = size(); zoomAt(f, w / 2, h / 2); },
    fit: () => { following.current = false; fit(); },
    centerOn,
    reveal: (place) => {
      const c = p.geo.centre(place);
      if (!c) return;
      const { w } = size();
      const h = seenHeight();
      const { x, y, k } = t.current;
      const [sx, sy] = [c[0] * k + x, c[1] * k + y];
      // A margin of about a counter: a place at the very edge is as good as hidden.
      const m = Math.min(40, w / 4, h / 4);
      if (sx < m || sx > w - m || sy < m || sy > h - m) centerOn(place);
    },
    scale: () => t.current.k,
  }));

  useEffect(() => {
    // A first view made before the focus was known (the fair-dice round) is made again while nothing has moved it.
    if (!placed.current || (following.current && p.focus !== framed.current)) { placed.current = false; firstView(); placed.current = true; } else apply();
  });

  // Pointer handling: drag pans, two pointers pinch, a press without movement is a click.
  useEffect(() => {
    const svg = svgRef.current!;
    const pts = new Map<number, { x: number; y: number }>();
    let moved = 0;
    let down: EventTarget | null = null;
    let pinch: { d: number; mx: number; my: number } | null = null;
    // Coordinates relative to the map's layout box (the moving layer's parent), unaffected by a live CSS transform.
    // The box is read once per gesture: reading it on every move would force a style pass per event.
    const frame = svg.parentElement!.parentElement!;
    let box: DOMRect | null = null;
    const local = (e: PointerEvent | WheelEvent) => {
      const r = box ?? frame.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0 && e.pointerType === 'mouse') return;
      if (pts.size === 0) box = frame.getBoundingClientRect();
      pts.set(e.pointerId, local(e));
      setHover(null);
      if (pts.size === 1) { moved = 0; down = e.target; }
      if (pts.size === 2) {
        const [a, b] = [...pts.values()];
        pinch = { d: Math.hypot(a!.x - b!.x, a!.y - b!.y), mx: (a!.x + b!.x) / 2, my: (a!.y + b!.y) / 2 };
        moved = 99;
      }
    };
    const onMove = (e: PointerEvent) => {
      const prev = pts.get(e.pointerId);
      if (!prev) return;
      const cur = local(e);
      pts.set(e.pointerId, cur);
      if (pts.size >= 2 && pinch) {
        const [a, b] = [...pts.values()];
        const d = Math.hypot(a!.x - b!.x, a!.y - b!.y);
        const mx = (a!.x + b!.x) / 2, my = (a!.y + b!.y) / 2;
        t.current.x += mx - pinch.mx;
        t.current.y += my - pinch.my;
        zoomAt(d / (pinch.d || 1), mx, my, true);
        pinch = { d, mx, my };
        return;
      }
      const dx = cur.x - prev.x, dy = cur.y - prev.y;
      moved += Math.abs(dx) + Math.abs(dy);
      if (moved > 4) {
        // While dragging, the map's shapes take no pointer events: no hit test of hundreds of paths per move.
        if (!svg.hasPointerCapture(e.pointerId)) { svg.setPointerCapture(e.pointerId); svg.classList.add('dragging'); }
        t.current.x += dx;
        t.current.y += dy;
        apply(true);
      }
    };
    const onUp = (e: PointerEvent) => {
      if (!pts.has(e.pointerId)) return;
      pts.delete(e.pointerId);
      if (pts.size < 2) pinch = null;
      if (pts.size === 0) { box = null; svg.classList.remove('dragging'); }
      if (pts.size === 0 && moved > 4) apply(false);
      if (pts.size === 0 && moved <= 4 && down instanceof Element) {
        const unit = down.closest('[data-unit]');
        const place = placeOf(down);
        if (unit && place) cb.current.onUnit(unit.getAttribute('data-unit')!, place);
        else if (place) cb.current.onPlace(place);
      }
      down = null;
    };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const { x, y } = local(e);
      zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), x, y, true);
    };
    // Hover details (mouse only, never while a button is down): one lookup per animation frame.
    let hoverFrame = 0;
    let last: PointerEvent | null = null;
    const onOver = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || pts.size || !cb.current.describe) return;
      last = e;
      if (hoverFrame) return;
      hoverFrame = requestAnimationFrame(() => {
        hoverFrame = 0;
        const ev = last!;
        const el = ev.target instanceof Element ? ev.target : null;
        const place = el ? placeOf(el) : null;
        const unit = el?.closest('[data-unit]')?.getAttribute('data-unit') ?? null;
        if (!place) { setHover(null); return; }
        const r = frame.getBoundingClientRect();
        setHover({ x: ev.clientX - r.left + 14, y: ev.clientY - r.top + 14, text: cb.current.describe!(place, unit) });
      });
    };
    const onLeave = () => setHover(null);
    svg.addEventListener('pointerdown', onDown);
    svg.addEventListener('pointermove', onMove);
    svg.addEventListener('pointerup', onUp);
    svg.addEventListener('pointercancel', onUp);
    svg.addEventListener('pointerover', onOver);
    svg.addEventListener('pointerleave', onLeave);
    svg.addEventListener('wheel', onWheel, { passive: false });
    // A resize (a phone turned, the panel opened) keeps the middle of the view in the middle.
    let seen = { w: svg.clientWidth, h: svg.clientHeight };
    const ro = new ResizeObserver(() => {
      const w = svg.clientWidth, h = svg.clientHeight;
      if (placed.current && seen.w && seen.h && (w !== seen.w || h !== seen.h)) {
        t.current.x += (w - seen.w) / 2;
        t.current.y += (h - seen.h) / 2;
      }
      seen = { w, h };
      apply();
    });
    ro.observe(svg);
    return () => {
      svg.removeEventListener('pointerdown', onDown);
      svg.removeEventListener('pointermove', onMove);
      svg.removeEventListener('pointerup', onUp);
      svg.removeEventListener('pointercancel', onUp);
      svg.removeEventListener('pointerover', onOver);
      svg.removeEventListener('pointerleave', onLeave);
      svg.removeEventListener('wheel', onWheel);
      if (hoverFrame) cancelAnimationFrame(hoverFrame);
      ro.disconnect();
    };
  }, [p.geo]);

  const stacks = useMemo(() => piecesByPlace(p.board), [p.board]);
  const areaSize = useMemo(() => areaCounterSize(p.geo), [p.geo]);
  const shapes = useMemo(() => labelShapes(p.assets, p.geo), [p.assets, p.geo]);
  // Rooms on area maps only: a hex map's sea areas are wide and hold a few fleets, drawn whole.
  const borders = useMemo(() => (p.geo.hexes.size ? null : areaBorders(p.assets, p.geo)), [p.assets, p.geo]);
  const rooms = useMemo(() => (borders ? areaRooms(p.geo, borders, stacks) : null), [p.geo, borders, stacks]);
  const names = useMemo(() => (p.geo.areas.size ? placeAreaLabels(p.assets, p.geo, shapes, stacks, areaSize, labelK, rooms) : null), [p.assets, p.geo, shapes, stacks, areaSize, labelK, rooms]);
  const b = p.geo.bounds;
  const sel = p.selectedPlace;

  return (
    <div class="map-frame">
      <div class="map-layer" ref={layerRef}>
        <svg ref={svgRef} class="map" data-testid="map" tabIndex={0} aria-label="Game map">
          <defs><Patterns /></defs>
          <g ref={gRef}>
            <rect class="sea" x={b.x - 2} y={b.y - 2} width={b.w + 4} height={b.h + 4} />
            <AreaLayer assets={p.assets} geo={p.geo} control={p.board.control} />
            {names && !p.geo.hexes.size && <AreaNames assets={p.assets} labels={names.labels} size={names.size} />}
            <HexLayer assets={p.assets} geo={p.geo} />
            {/* Areas over a hex map (ETO's sea areas): their borders and names above the hexes, or the hexes hide them. */}
            {p.geo.hexes.size > 0 && <AreaOutlines geo={p.geo} />}
            {names && p.geo.hexes.size > 0 && <AreaNames assets={p.assets} labels={names.labels} size={names.size} />}
            {p.showIds && <IdLayer geo={p.geo} />}
            <ControlMarkers board={p.board} geo={p.geo} />
            <HitLayer geo={p.geo} />
            <g class="highlights">
              {[...p.highlights].map((h) => {
                const d = p.geo.hexes.get(h)?.path ?? p.geo.areas.get(h)?.path;
                return d && <path key={h} class="hl" d={d} {...placeAttr(p.geo, h)} data-testid={`hl-${h}`} />;
              })}
              {sel && (p.geo.hexes.get(sel) ?? p.geo.areas.get(sel)) && (
                <path class="sel-place" data-testid="sel-place" d={(p.geo.hexes.get(sel) ?? p.geo.areas.get(sel))!.path} />
              )}
            </g>
            <UnitsLayer stacks={stacks} geo={p.geo} counters={p.assets.counters} activeUnits={p.activeUnits}
              selectedUnit={p.selectedUnit} marked={p.marked} areaSize={areaSize} rooms={rooms} k={labelK} />
          </g>
        </svg>
      </div>
      {hover && <div class="map-hover" data-testid="map-hover" style={{ left: `${hover.x}px`, top: `${hover.y}px` }}>{hover.text}</div>}
    </div>
  );
}

/** The stacks on the map; memoised, so a re-render that changes neither the units nor the selection skips them. */
const UnitsLayer = memo(function UnitsLayer(p: {
  stacks: Map<string, PieceView[]>; geo: MapGeometry; counters?: CounterManifest; activeUnits: Set<string>;
  selectedUnit: string | null; marked?: Set<string>; areaSize: number; rooms: Map<string, Room> | null; k: number;
}) {
  const counter = (u: PieceView, x: number, y: number, s: number) => (
    <g key={u.id} transform={`translate(${x},${y}) scale(${s})`}>
      <MapCounter unit={u} counters={p.counters} active={p.activeUnits.has(u.id)} selected={p.selectedUnit === u.id} marked={p.marked?.has(u.id)} />
    </g>
  );
  return (
    <g class="units">
      {[...p.stacks].map(([place, list]) => {
        const h = p.geo.hexes.get(place);
        if (h) {
          // A hex stack: its top three counters, offset, and how many units it holds.
          const shown = list.slice(-3);
          const n = list.reduce((a, u) => a + (u.count ?? 1), 0);
          return (
            <g key={place} data-hex={place} class="stack" transform={`translate(${h.cx},${h.cy})`}>
              {shown.map((u, i) => counter(u, (i - shown.length + 1) * -0.09, (i - shown.length + 1) * 0.09, HEX_COUNTER))}
              {n > 1 && (
                <g class="stack-count" transform="translate(0.52,-0.55)">
                  <circle r={0.2} />
                  <text y={0.07} text-anchor="middle">{n}</text>
                </g>
              )}
            </g>
          );
        }
        const a = p.geo.areas.get(place);
        if (!a) return null;
        const l = areaStackLayout(list.length, p.areaSize, p.k, p.rooms?.get(place));
        if (l.collapsed) {
          // Too many for the area at this zoom: the unit with a choice (else the top one) and how many units are here;
          // a click lists them all in the inspector, and zooming in spreads them out.
          const top = list.find((u) => p.activeUnits.has(u.id)) ?? list[list.length - 1]!;
          const n = list.reduce((m, u) => m + (u.count ?? 1), 0);
          return (
            <g key={place} data-area={place} class="stack area-stack collapsed" data-count={n} transform={`translate(${a.cx},${a.cy})`}>
              {counter(top, 0, 0, l.size)}
              <g class="stack-count" transform={`translate(${l.size * 0.42},${-l.size * 0.42}) scale(${l.size})`}>
                <circle r={0.2} />
                <text y={0.07} text-anchor="middle">{n}</text>
              </g>
            </g>
          );
        }
        return (
          <g key={place} data-area={place} class="stack area-stack" transform={`translate(${a.cx},${a.cy})`}>
            {list.map((u, i) => counter(u, l.slots[i]![0], l.slots[i]![1], l.size))}
          </g>
        );
      })}
    </g>
  );
});

/** Control markers where a place is held by another side than its owner at the start (BoardView.control). */
const ControlMarkers = memo(function ControlMarkers({ board, geo }: { board: BoardView; geo: MapGeometry }) {
  const entries = Object.entries(board.control).filter(([h]) => geo.hexes.has(h));
  return (
    <g class="control">
      {entries.map(([h, side]) => {
        const g = geo.hexes.get(h)!;
        return (
          <g key={h} class={`control-marker side-${side}`} transform={`translate(${g.cx - 0.62},${g.cy - 0.45})`}>
            <title>{`${h} controlled by ${side}`}</title>
            {side === 'axis' ? <path d="M0,-0.17L0.17,0L0,0.17L-0.17,0Z" /> : <circle r={0.15} />}
          </g>
        );
      })}
    </g>
  );
});
