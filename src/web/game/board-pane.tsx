// The board: the map when the rule set has one, off-map boxes, force pools and the turn track as panels; a
// generic view of the state for rule sets without a map. Shared by the game and replay screens.
import type { Ref } from 'preact';
import { useState } from 'preact/hooks';
import type { Json } from '../../engine/types.ts';
import type { BoardAssets, BoardView, UnitView } from '../map/board-data.ts';
import { CounterIcon } from '../map/counter.tsx';
import type { MapGeometry } from '../map/geometry.ts';
import { MapView, type MapHandle } from '../map/map-view.tsx';

export interface BoardPaneProps {
  assets: BoardAssets;
  geo: MapGeometry | null;
  board: BoardView;
  state: Json;
  activeUnits: Set<string>;
  selectedUnit: string | null;
  selectedHex: string | null;
  highlights: Set<string>;
  expandedHex: string | null;
  showIds: boolean;
  onHex(id: string): void;
  onUnit(id: string, where: string): void;
  mapRef?: Ref<MapHandle>;
}

const PLACE_NAMES: Record<string, string> = {
  pool: 'Force pool', eliminated: 'Eliminated', removed: 'Removed from play', future: 'Arriving later',
  setup: 'To set up', 'force-pool': 'Force pool', replenishment: 'Replenishment', sunk: 'Sunk',
};

/** Units off the map, by place: boxes first (in map order), then pools and other places. */
function offMap(p: BoardPaneProps): { id: string; name: string; note?: string; units: UnitView[]; isBox: boolean }[] {
  const boxes = p.assets.map?.boxes ?? [];
  const out = boxes.map((b) => ({
    id: b.id, name: b.name, units: [] as UnitView[], isBox: true,
    note: [b.note, b.connects?.length ? `connects: ${b.connects.join(', ')}` : ''].filter(Boolean).join('; ') || undefined,
  }));
  const byId = new Map(out.map((b) => [b.id, b]));
  for (const u of p.board.units) {
    if (p.geo?.hexes.has(u.where)) continue;
    let b = byId.get(u.where);
    if (!b) {
      b = { id: u.where, name: PLACE_NAMES[u.where] ?? u.where, note: undefined, units: [], isBox: false };
      byId.set(u.where, b);
      out.push(b);
    }
    b.units.push(u);
  }
  return out;
}

export function StateTree({ value, depth = 0 }: { value: Json; depth?: number }) {
  if (value === null || typeof value !== 'object') return <span class="leaf">{JSON.stringify(value)}</span>;
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    return <span class="leaf">[{value.map((v) => JSON.stringify(v)).join(', ')}]</span>;
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return (
    <dl class={`tree depth-${depth}`}>
      {entries.map(([k, v]) => (
        <div key={k} class="tree-row"><dt>{k}</dt><dd><StateTree value={v} depth={depth + 1} /></dd></div>
      ))}
    </dl>
  );
}

/** One place beside (or, without a hex map, instead of) the map: its name, links and counters; clickable. */
function PlacePanel({ b, p, open, onFold, size = 36 }: {
  b: { id: string; name: string; note?: string; units: UnitView[] }; p: BoardPaneProps; open: boolean; onFold(): void; size?: number;
}) {
  return (
    <div class={'box' + (p.highlights.has(b.id) ? ' hl' : '') + (p.selectedHex === b.id ? ' selected' : '')}
      data-box={b.id} data-testid={`box-${b.id}`} onClick={() => p.onHex(b.id)}>
      <h3>
        {b.name} <span class="count">{b.units.length}</span>
        {b.units.length > 0 && (
          <button class="link" onClick={(e) => { e.stopPropagation(); onFold(); }}>{open ? 'fold' : 'show'}</button>
        )}
      </h3>
      {b.note && <p class="muted small box-note" title={b.note}>{b.note}</p>}
      <div class="box-units">
        {open && b.units.map((u) => (
          <span key={u.id} class="box-unit" onClick={(e) => { e.stopPropagation(); p.onUnit(u.id, b.id); }}>
            <CounterIcon unit={u} counters={p.assets.counters} size={size} active={p.activeUnits.has(u.id)} selected={p.selectedUnit === u.id} />
          </span>
        ))}
      </div>
    </div>
  );
}

export function BoardPane(p: BoardPaneProps) {
  const map = p.assets.map;
  const all = offMap(p);
  // Without hexes, a map of boxes (sea areas...) is the board itself; other places stay beside it.
  const areaBoard = !!map && !p.geo && !!map.boxes?.length;
  const areas = areaBoard ? all.filter((b) => b.isBox) : [];
  const places = areaBoard ? all.filter((b) => !b.isBox) : all;
  const turns = p.assets.turns;
  const [open, setOpen] = useState(true);
  const [openPlaces, setOpenPlaces] = useState<Record<string, boolean>>({});
  // Boxes and places with few units show them; big pools start folded.
  const isOpen = (b: { id: string; units: UnitView[] }) => openPlaces[b.id] ?? (b.units.length <= 12 || p.highlights.has(b.id) || b.units.some((u) => u.id === p.selectedUnit));
  const panel = (b: (typeof all)[number], size?: number) => (
    <PlacePanel key={b.id} b={b} p={p} open={isOpen(b)} size={size} onFold={() => setOpenPlaces({ ...openPlaces, [b.id]: !isOpen(b) })} />
  );
  return (
    <div class="board">
      {map && p.geo ? (
        <MapView map={map} geo={p.geo} counters={p.assets.counters} board={p.board} activeUnits={p.activeUnits}
          selectedUnit={p.selectedUnit} selectedHex={p.selectedHex} highlights={p.highlights} expandedHex={p.expandedHex}
          showIds={p.showIds} onHex={p.onHex} onUnit={p.onUnit} handle={p.mapRef} />
      ) : areaBoard ? (
        <div class="area-board" data-testid="area-board">
          <div class="areas">{areas.map((b) => panel(b, 52))}</div>
          <details class="state-view">
            <summary>Game state as data</summary>
            <StateTree value={p.state} />
          </details>
        </div>
      ) : (
        <div class="state-view" data-testid="state-view">
          <h2>Game state</h2>
          <p class="muted">This rule set has no map; its view is shown as data.</p>
          <StateTree value={p.state} />
        </div>
      )}
      {(places.length > 0 || turns) && (
        <div class={'off-map' + (open ? '' : ' folded')} data-testid="off-map">
          <button class="fold" onClick={() => setOpen(!open)} title="Show or hide the off-map panels">{open ? '▾' : '▸'} Off map</button>
          {open && turns && (
            <div class="turn-track" aria-label="Turn track">
              {turns.map((t, i) => (
                <span key={t} class={'turn' + (p.board.turn?.index === i + 1 ? ' current' : '')} title={t}>{i + 1}</span>
              ))}
            </div>
          )}
          {open && places.map((b) => panel(b))}
        </div>
      )}
    </div>
  );
}
