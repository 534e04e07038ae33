// The map: terrain, coasts, borders, rivers, cities, hex ids, counters in stacks, highlights from the prompt.
// Pan and zoom change one transform attribute directly (no re-render), so dragging stays smooth.
import { memo } from 'preact/compat';
import { useEffect, useImperativeHandle, useMemo, useRef } from 'preact/hooks';
import type { Ref } from 'preact';
import type { BoardView, CounterManifest, MapData, UnitView } from './board-data.ts';
import { Counter, Patterns } from './counter.tsx';
import type { MapGeometry } from './geometry.ts';
import { borderSegments, hexsideSegments } from './geometry.ts';

export interface MapHandle {
  pan(dx: number, dy: number): void;
  zoom(factor: number): void;
  fit(): void;
  centerOn(hex: string): void;
  /** Current scale (pixels per map unit). */
  scale(): number;
}

export interface MapViewProps {
  map: MapData;
  geo: MapGeometry;
  counters?: CounterManifest;
  board: BoardView;
  /** Units the prompt lets the player pick. */
  activeUnits: Set<string>;
  selectedUnit: string | null;
  selectedHex: string | null;
  /** Hexes the engine allows for the current pick. */
  highlights: Set<string>;
  expandedHex: string | null;
  showIds: boolean;
  onHex(id: string): void;
  onUnit(id: string, hex: string): void;
  handle?: Ref<MapHandle>;
}

const TERRAIN_CLASS: Record<string, string> = {
  clear: 't-clear', forest: 't-forest', woods: 't-forest', mountain: 't-mountain', mountains: 't-mountain',
  marsh: 't-marsh', swamp: 't-marsh', desert: 't-desert', rough: 't-rough', hills: 't-rough', steppe: 't-clear',
};

const COUNTER = 1.2;

/** Terrain, coasts, borders, hexside features, cities: drawn once per map. */
const StaticLayer = memo(function StaticLayer({ map, geo }: { map: MapData; geo: MapGeometry }) {
  const hasLand = !!map.land?.length;
  const landPath = hasLand ? map.land!.map((ring) => 'M' + ring.map(([x, y]) => `${x},${y}`).join('L') + 'Z').join('') : '';
  const byTerrain = new Map<string, string[]>();
  const seaPaths: string[] = [];
  for (const [id, h] of Object.entries(map.hexes)) {
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
  const sides = hexsideSegments(map, geo);
  // Borders flagged on hexsides win; otherwise they are drawn where the country changes.
  const borders = sides.get('border')?.map((x) => x.seg) ?? borderSegments(map, geo);
  sides.delete('border');
  const seg = (s: { x1: number; y1: number; x2: number; y2: number }) => `M${s.x1},${s.y1}L${s.x2},${s.y2}`;
  const b = geo.bounds;
  return (
    <g class="static">
      <rect class="sea" x={b.x - 2} y={b.y - 2} width={b.w + 4} height={b.h + 4} />
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
        {Object.entries(map.hexes).map(([id, h]) => {
          const g = geo.hexes.get(id);
          if (!g || (!h.city && !h.label)) return null;
          if (!h.city) return <text key={id} class="hex-label" x={g.cx} y={g.cy + 0.1} text-anchor="middle">{h.label}</text>;
          const c = h.city;
          return (
            <g key={id} class={'city' + (c.capital ? ' capital' : '')} transform={`translate(${g.cx},${g.cy})`}>
              {c.capital ? <rect x={-0.16} y={0.28} width={0.32} height={0.32} class="city-mark" />
                : <circle cy={0.44} r={0.13} class="city-mark" />}
              {c.production && <path class="production" d="M0,0.3l0.05,0.1h0.11l-0.09,0.07l0.04,0.11l-0.11,-0.07l-0.11,0.07l0.04,-0.11l-0.09,-0.07h0.11Z" transform="translate(0,0.04)" />}
              {c.port && <text class="port" x={0.3} y={0.55} font-size={0.3}>⚓</text>}
              {c.fort && <path class="fort-mark" d="M-0.35,0.6h0.7" />}
              <text class="city-name" y={0.82} text-anchor="middle">{c.name}</text>
            </g>
          );
        })}
      </g>
    </g>
  );
});

const IdLayer = memo(function IdLayer({ geo }: { geo: MapGeometry }) {
  return (
    <g class="hex-ids">
      {[...geo.hexes.values()].map((g) => <text key={g.id} x={g.cx} y={g.cy - 0.55} text-anchor="middle">{g.id}</text>)}
    </g>
  );
});

/** Invisible hex shapes that take the clicks (one per hex, above terrain, below counters). */
const HitLayer = memo(function HitLayer({ geo }: { geo: MapGeometry }) {
  return <g class="hits">{[...geo.hexes.values()].map((g) => <path key={g.id} d={g.path} data-hex={g.id} />)}</g>;
});

function stacksByHex(units: UnitView[], geo: MapGeometry): Map<string, UnitView[]> {
  const m = new Map<string, UnitView[]>();
  for (const u of units) {
    if (!geo.hexes.has(u.where) || u.aboard) continue;
    let l = m.get(u.where);
    if (!l) m.set(u.where, (l = []));
    l.push(u);
  }
  return m;
}

export function MapView(p: MapViewProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const gRef = useRef<SVGGElement>(null);
  const t = useRef({ x: 0, y: 0, k: 20 });
  const fitted = useRef(false);
  const onHexRef = useRef(p.onHex);
  const onUnitRef = useRef(p.onUnit);
  onHexRef.current = p.onHex;
  onUnitRef.current = p.onUnit;

  // While the player drags or zooms, the svg element gets a CSS transform (cheap: no SVG repaint); the real
  // transform is committed when the gesture pauses.
  const committed = useRef({ x: 0, y: 0, k: 20 });
  const commitTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const apply = (live = false) => {
    const g = gRef.current, svg = svgRef.current, layer = layerRef.current;
    if (!g || !svg || !layer) return;
    const { x, y, k } = t.current;
    if (live) {
      const c = committed.current, sc = k / c.k;
      const move = `translate(${(x - sc * c.x).toFixed(1)}px,${(y - sc * c.y).toFixed(1)}px)`;
      layer.style.transform = sc === 1 ? move : `${move} scale(${sc.toFixed(4)})`;
      if (commitTimer.current) clearTimeout(commitTimer.current);
      commitTimer.current = setTimeout(() => apply(false), 150);
      return;
    }
    if (commitTimer.current) { clearTimeout(commitTimer.current); commitTimer.current = null; }
    layer.style.transform = '';
    committed.current = { x, y, k };
    g.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${k.toFixed(3)})`);
    svg.classList.toggle('zoom-far', k < 14);
    svg.classList.toggle('zoom-near', k >= 30);
  };
  const size = () => {
    const el = svgRef.current;
    return { w: el?.clientWidth || 800, h: el?.clientHeight || 600 };
  };
  const fit = () => {
    const { w, h } = size();
    const b = p.geo.bounds;
    const k = Math.min(w / b.w, h / b.h) * 0.98;
    t.current = { k, x: (w - b.w * k) / 2 - b.x * k, y: (h - b.h * k) / 2 - b.y * k };
    apply();
  };
  const zoomAt = (factor: number, px: number, py: number, live = false) => {
    const c = t.current;
    const k = Math.max(3, Math.min(160, c.k * factor));
    const f = k / c.k;
    t.current = { k, x: px - (px - c.x) * f, y: py - (py - c.y) * f };
    apply(live);
  };
  useImperativeHandle(p.handle as Ref<MapHandle>, () => ({
    pan: (dx, dy) => { t.current.x += dx; t.current.y += dy; apply(); },
    zoom: (f) => { const { w, h } = size(); zoomAt(f, w / 2, h / 2); },
    fit,
    centerOn: (hex) => {
      const g = p.geo.hexes.get(hex);
      if (!g) return;
      const { w, h } = size();
      t.current.x = w / 2 - g.cx * t.current.k;
      t.current.y = h / 2 - g.cy * t.current.k;
      apply();
    },
    scale: () => t.current.k,
  }));

  useEffect(() => {
    if (!fitted.current) { fit(); fitted.current = true; } else apply();
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
        const hexEl = down.closest('[data-hex]');
        const hex = hexEl?.getAttribute('data-hex');
        if (unit && hex) onUnitRef.current(unit.getAttribute('data-unit')!, hex);
        else if (hex) onHexRef.current(hex);
      }
      down = null;
    };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const { x, y } = local(e);
      zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), x, y, true);
    };
    svg.addEventListener('pointerdown', onDown);
    svg.addEventListener('pointermove', onMove);
    svg.addEventListener('pointerup', onUp);
    svg.addEventListener('pointercancel', onUp);
    svg.addEventListener('wheel', onWheel, { passive: false });
    const ro = new ResizeObserver(() => apply());
    ro.observe(svg);
    return () => {
      svg.removeEventListener('pointerdown', onDown);
      svg.removeEventListener('pointermove', onMove);
      svg.removeEventListener('pointerup', onUp);
      svg.removeEventListener('pointercancel', onUp);
      svg.removeEventListener('wheel', onWheel);
      ro.disconnect();
    };
  }, [p.geo]);

  const stacks = useMemo(() => stacksByHex(p.board.units, p.geo), [p.board, p.geo]);
  const expanded = p.expandedHex ? stacks.get(p.expandedHex) : undefined;

  return (
    <div class="map-layer" ref={layerRef}>
    <svg ref={svgRef} class="map" data-testid="map" tabIndex={0} aria-label="Game map">
      <defs><Patterns /></defs>
      <g ref={gRef}>
        <StaticLayer map={p.map} geo={p.geo} />
        {p.showIds && <IdLayer geo={p.geo} />}
        <ControlMarkers board={p.board} geo={p.geo} map={p.map} />
        <HitLayer geo={p.geo} />
        <g class="highlights">
          {[...p.highlights].map((h) => {
            const g = p.geo.hexes.get(h);
            return g && <path key={h} class="hl" d={g.path} data-hex={h} data-testid={`hl-${h}`} />;
          })}
          {p.selectedHex && p.geo.hexes.get(p.selectedHex) && <path class="sel-hex" d={p.geo.hexes.get(p.selectedHex)!.path} />}
        </g>
        <UnitsLayer stacks={stacks} geo={p.geo} counters={p.counters} activeUnits={p.activeUnits} selectedUnit={p.selectedUnit}
          expandedHex={p.expandedHex} />
        {expanded && p.expandedHex && (() => {
          const g = p.geo.hexes.get(p.expandedHex)!;
          const n = expanded.length, step = COUNTER + 0.1;
          const x0 = g.cx - ((n - 1) * step) / 2;
          return (
            <g class="expanded" data-hex={p.expandedHex}>
              <rect class="expanded-bg" x={x0 - step / 2 - 0.05} y={g.cy - step / 2 - 0.05} width={n * step + 0.1} height={step + 0.1} rx={0.1} />
              {expanded.map((u, i) => (
                <g key={u.id} transform={`translate(${x0 + i * step},${g.cy}) scale(${COUNTER})`}>
                  <Counter unit={u} counters={p.counters} active={p.activeUnits.has(u.id)} selected={p.selectedUnit === u.id} />
                </g>
              ))}
            </g>
          );
        })()}
      </g>
    </svg>
    </div>
  );
}

/** The stacks on the map; memoised, so a re-render that changes neither the units nor the selection skips them. */
const UnitsLayer = memo(function UnitsLayer(p: {
  stacks: Map<string, UnitView[]>; geo: MapGeometry; counters?: CounterManifest; activeUnits: Set<string>;
  selectedUnit: string | null; expandedHex: string | null;
}) {
  return (
    <g class="units">
      {[...p.stacks].map(([hex, list]) => {
        if (hex === p.expandedHex) return null;
        const g = p.geo.hexes.get(hex)!;
        const shown = list.slice(-3);
        return (
          <g key={hex} data-hex={hex} class="stack" transform={`translate(${g.cx},${g.cy})`}>
            {shown.map((u, i) => (
              <g key={u.id} transform={`translate(${(i - shown.length + 1) * -0.09},${(i - shown.length + 1) * 0.09}) scale(${COUNTER})`}>
                <Counter unit={u} counters={p.counters} active={p.activeUnits.has(u.id)} selected={p.selectedUnit === u.id} />
              </g>
            ))}
            {list.length > 1 && (
              <g class="stack-count" transform="translate(0.52,-0.55)">
                <circle r={0.2} />
                <text y={0.07} text-anchor="middle">{list.length}</text>
              </g>
            )}
          </g>
        );
      })}
    </g>
  );
});

/** Control markers where a hex is held by another side than its country's at the start (map.countries[c].start). */
const ControlMarkers = memo(function ControlMarkers({ board, geo, map }: { board: BoardView; geo: MapGeometry; map: MapData }) {
  const entries = Object.entries(board.control).filter(([h, side]) => {
    if (!geo.hexes.has(h)) return false;
    const c = map.hexes[h]?.country;
    const start = c ? map.countries?.[c]?.start : undefined;
    return start !== side;
  });
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
