// The board: the map (hexes and areas) when the rule set has one; off-map boxes, force pools and the board's tracks
// (turn, sequence of play, production, victory) as panels; a readable table of the view for rule sets without a
// board. Shared by the game, replay and editor screens.
import type { ComponentChildren, Ref } from 'preact';
import { memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import type { Json } from '../../engine/types.ts';
import type { Assets, BoardView, PieceView } from '../map/board-model.ts';
import { onMap, placeLabel } from '../map/board-model.ts';
import { CounterIcon } from '../map/counter.tsx';
import type { MapGeometry } from '../map/geometry.ts';
import { MapView, type MapHandle, type MapTransform } from '../map/map-view.tsx';
import { DataTable } from './log-panel.tsx';
import { Rule } from './rules.tsx';

export interface BoardPaneProps {
  assets: Assets;
  geo: MapGeometry | null;
  board: BoardView;
  /** The rule set's view, shown as a table when there is no board to draw. */
  state: Json;
  activeUnits: Set<string>;
  selectedUnit: string | null;
  selectedPlace: string | null;
  highlights: Set<string>;
  marked?: Set<string>;
  showIds: boolean;
  onPlace(id: string): void;
  onUnit(id: string, place: string): void;
  mapRef?: Ref<MapHandle>;
  initialView?: MapTransform | null;
  focus?: string[];
  onViewChange?(t: MapTransform): void;
  describe?(place: string, unit: string | null): string;
  cover?(): Element | null;
  /** Shown over the map's corner (the phone's floating buttons). */
  children?: ComponentChildren;
}

interface Place { id: string; name: string; note?: string; units: PieceView[]; isBox: boolean }

/** Units off the map, by place: boxes first (in board order), then pools and other places. */
function offMap(p: BoardPaneProps): Place[] {
  const boxes = p.assets.board.boxes ?? [];
  const out: Place[] = boxes.map((b) => ({
    id: b.id, name: b.name, units: [], isBox: true,
    note: [b.note, b.connects?.length ? `connects: ${b.connects.map((c) => placeLabel(p.assets, c)).join(', ')}` : ''].filter(Boolean).join('; ') || undefined,
  }));
  const byId = new Map(out.map((b) => [b.id, b]));
  for (const u of p.board.pieces) {
    if (onMap(p.assets, u.where) || u.aboard) continue;
    let b = byId.get(u.where);
    if (!b) {
      b = { id: u.where, name: placeLabel(p.assets, u.where), units: [], isBox: false };
      byId.set(u.where, b);
      out.push(b);
    }
    b.units.push(u);
  }
  return out;
}

/** One place beside (or, without a map, instead of) the map: its name, links and counters; clickable. */
function PlacePanel({ b, p, open, onFold, size = 36 }: { b: Place; p: BoardPaneProps; open: boolean; onFold(): void; size?: number }) {
  const n = b.units.reduce((a, u) => a + (u.count ?? 1), 0);
  return (
    <div class={'box' + (p.highlights.has(b.id) ? ' hl' : '') + (p.selectedPlace === b.id ? ' selected' : '')}
      data-box={b.id} data-testid={`box-${b.id}`} onClick={() => p.onPlace(b.id)}>
      <h3>
        {b.name} <span class="count">{n}</span>
        {b.units.length > 0 && (
          <button class="link" onClick={(e) => { e.stopPropagation(); onFold(); }}>{open ? 'fold' : 'show'}</button>
        )}
      </h3>
      {b.note && <p class="muted small box-note" title={b.note}>{b.note}</p>}
      <div class="box-units">
        {open && b.units.map((u) => (
          <span key={u.id} class="box-unit" data-unit={u.id} onClick={(e) => { e.stopPropagation(); p.onUnit(u.id, b.id); }}>
            <CounterIcon unit={u} counters={p.assets.counters} size={size} active={p.activeUnits.has(u.id)} selected={p.selectedUnit === u.id} marked={p.marked?.has(u.id)} />
          </span>
        ))}
      </div>
    </div>
  );
}

/** The board's tracks (BoardSchema tracks), each cell with the markers on it; the turn and phase cells lit. */
export function Tracks({ assets, board }: { assets: Assets; board: BoardView }) {
  const tracks = assets.board.tracks ?? [];
  const turns = assets.turns;
  const on = (track: string, cell: string) => board.markers.filter((m) => m.where === `${track}:${cell}`);
  // A long track (months of a campaign) shows the cells around its markers and the current turn.
  const window = (t: (typeof tracks)[number]) => {
    const all = t.cells.map((c, i) => ({ c, i, gap: 0 }));
    if (t.cells.length <= 20) return all;
    const hot = t.cells.map((c, i) => (on(t.id, c.id).length || (t.kind === 'turn' && board.turn?.index === i + 1) ? i : -1)).filter((i) => i >= 0);
    const keep = (i: number) => i < 2 || i >= t.cells.length - 1 || hot.some((h) => i >= h - 3 && i <= h + 6);
    const out: { c: (typeof t.cells)[number]; i: number; gap: number }[] = [];
    for (const x of all) {
      if (keep(x.i)) out.push(x);
      else if (out[out.length - 1]?.gap) out[out.length - 1]!.gap++;
      else out.push({ c: x.c, i: x.i, gap: 1 });
    }
    return out;
  };
  return (
    <>
      {tracks.map((t) => (
        <div key={t.id} class={`track track-${t.kind}`} data-testid={`track-${t.id}`} aria-label={t.name}>
          <span class="track-name">{t.name}</span>
          {window(t).map(({ c, i, gap }) => {
            if (gap) return <span key={`gap-${i}`} class="gap" title={`${gap} more`}>…</span>;
            // The current cell: the turn or phase of the board view, or one an unlabelled marker stands on.
            const current = (t.kind === 'turn' && board.turn?.index === i + 1) || (t.kind === 'sequence' && (board.phase === c.id || board.phase === c.label))
              || on(t.id, c.id).some((m) => !m.label);
            // A marker whose label starts with the cell's ("September 1939, fair weather") stands for the cell's text.
            const ms = on(t.id, c.id).filter((m) => m.label);
            const own = ms.find((m) => m.label!.toLowerCase().startsWith(c.label.toLowerCase()));
            return (
              <span key={c.id} class={'cell' + (current ? ' current' : '')} title={c.label}>
                {own ? <span class={`marker side-${own.side ?? 'none'}`} title={own.kind}>{own.label}</span> : c.label}
                {ms.filter((m) => m !== own).map((m, j) => (m.kind === 'victory-conditions'
                  ? <Rule key={j} cite={m.label!} />
                  : <span key={j} class={`marker side-${m.side ?? 'none'}`} title={m.kind}>{m.label}</span>))}
              </span>
            );
          })}
        </div>
      ))}
      {!tracks.some((t) => t.kind === 'turn') && turns && (
        <div class="track track-turn turn-track" aria-label="Turn track">
          <span class="track-name">Turn</span>
          {turns.map((t, i) => (
            <span key={t} class={'cell turn' + (board.turn?.index === i + 1 ? ' current' : '')} title={t}>{i + 1}</span>
          ))}
        </div>
      )}
    </>
  );
}

/** Memoised: the game screen's renders for its odds, previews and busy flags leave the board alone. */
export const BoardPane = memo(function BoardPane(p: BoardPaneProps) {
  const all = offMap(p);
  // Without a map, a board of boxes (sea areas...) is the board itself; other places stay beside it.
  const boxBoard = !p.geo && !!p.assets.board.boxes?.length;
  const areas = boxBoard ? all.filter((b) => b.isBox) : [];
  const places = boxBoard ? all.filter((b) => !b.isBox) : all;
  const hasTracks = !!p.assets.board.tracks?.length || !!p.assets.turns;
  const [open, setOpen] = useState(true);
  const [openPlaces, setOpenPlaces] = useState<Record<string, boolean>>({});
  // Boxes and places with few units show them; big pools start folded.
  const isOpen = (b: Place) => openPlaces[b.id] ?? (b.units.length <= 12 || p.highlights.has(b.id) || b.units.some((u) => u.id === p.selectedUnit));
  const panel = (b: Place, size?: number) => (
    <PlacePanel key={b.id} b={b} p={p} open={isOpen(b)} size={size} onFold={() => setOpenPlaces({ ...openPlaces, [b.id]: !isOpen(b) })} />
  );
  return (
    <div class="board">
      {p.geo ? (
        <MapView assets={p.assets} geo={p.geo} board={p.board} activeUnits={p.activeUnits} selectedUnit={p.selectedUnit}
          selectedPlace={p.selectedPlace} highlights={p.highlights} marked={p.marked} showIds={p.showIds} onPlace={p.onPlace}
          onUnit={p.onUnit} handle={p.mapRef} initial={p.initialView} focus={p.focus} onViewChange={p.onViewChange} describe={p.describe} cover={p.cover} />
      ) : boxBoard ? (
        <div class="area-board" data-testid="area-board">
          <div class="areas">{areas.map((b) => panel(b, 52))}</div>
        </div>
      ) : (
        <div class="state-view" data-testid="state-view">
          <h2>Game state</h2>
          <DataTable data={p.state} />
        </div>
      )}
      {p.children}
      {(places.length > 0 || hasTracks) && (
        <div class={'off-map' + (open ? '' : ' folded')} data-testid="off-map">
          <button class="fold" onClick={() => setOpen(!open)} title="Show or hide the off-map panels">{open ? '▾' : '▸'} Off map</button>
          {open && <Tracks assets={p.assets} board={p.board} />}
          {open && places.map((b) => panel(b))}
        </div>
      )}
    </div>
  );
});
