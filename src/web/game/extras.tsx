// Smaller pieces of the game screen: reconstructed-data banner, charts, the selected hex's details.
import { useState } from 'preact/hooks';
import type { BoardAssets, BoardView } from '../map/board-data.ts';
import { CounterIcon } from '../map/counter.tsx';
import { StateTree } from './board-pane.tsx';

/** A visible note when the rule set uses data that is not from the rulebook. */
export function NotesBanner({ assets }: { assets: BoardAssets }) {
  const [open, setOpen] = useState(false);
  const rec = assets.reconstructed ?? [];
  const notes = assets.notes ?? [];
  const chartsRec = (assets.charts ?? []).filter((c) => c.reconstructed);
  if (!rec.length && !chartsRec.length && !notes.length) return null;
  return (
    <div class="banner notes" data-testid="reconstructed">
      <span><b class="note-mark">Note</b> This rule set uses reconstructed data ({rec.length + chartsRec.length} item{rec.length + chartsRec.length === 1 ? '' : 's'}): where
        the rulebook lacks a chart or map detail, Theater fills it in and says so.</span>
      <button class="link" onClick={() => setOpen(!open)}>{open ? 'hide' : 'details'}</button>
      {open && (
        <ul>
          {rec.map((r, i) => <li key={i}><b>{r.subject}</b>: {r.text}</li>)}
          {chartsRec.map((c) => <li key={c.id}><b>{c.title}</b>: reconstructed chart</li>)}
          {notes.map((n, i) => <li key={`n${i}`}>{n}</li>)}
        </ul>
      )}
    </div>
  );
}

export function ChartsOverlay({ assets, onClose }: { assets: BoardAssets; onClose(): void }) {
  return (
    <div class="overlay" onClick={onClose} role="dialog" aria-label="Charts">
      <div class="overlay-box wide" onClick={(e) => e.stopPropagation()}>
        {(assets.charts ?? []).map((c) => (
          <div key={c.id} class="chart">
            <h2>{c.title} {c.reconstructed && <span class="tag">reconstructed</span>}</h2>
            {c.columns && c.rows ? (
              <table>
                <thead><tr>{c.columns.map((h) => <th key={h}>{h}</th>)}</tr></thead>
                <tbody>{c.rows.map((r, i) => <tr key={i}>{r.map((x, j) => <td key={j}>{x}</td>)}</tr>)}</tbody>
              </table>
            ) : <StateTree value={c.data ?? null} />}
          </div>
        ))}
        <button class="primary" onClick={onClose}>Close</button>
      </div>
    </div>
  );
}

export function HexInfo({ id, assets, board, onUnit, activeUnits }: {
  id: string; assets: BoardAssets; board: BoardView; onUnit(id: string, where: string, direct?: boolean): void; activeUnits: Set<string>;
}) {
  const h = assets.map?.hexes[id];
  const box = assets.map?.boxes?.find((b) => b.id === id);
  const units = board.units.filter((u) => u.where === id);
  const country = h?.country ? (assets.map?.countries?.[h.country]?.name ?? h.country) : null;
  return (
    <section class="hex-info" data-testid="hex-info">
      <h2>{box ? box.name : `Hex ${id}`}</h2>
      {h && (
        <p>
          {h.kind}{h.terrain && h.terrain !== 'clear' ? `, ${h.terrain}` : ''}{country ? ` · ${country}` : ''}
          {h.city && ` · ${h.city.name}${h.city.capital ? ' (capital)' : ''}${h.city.port ? ', port' : ''}${h.city.production ? ', production' : ''}`}
          {board.control[id] && ` · controlled by ${board.control[id]}`}
        </p>
      )}
      <div class="box-units">
        {units.map((u) => (
          <span key={u.id} class="box-unit" onClick={() => onUnit(u.id, id, true)} title={u.id}>
            <CounterIcon unit={u} counters={assets.counters} size={40} active={activeUnits.has(u.id)} />
          </span>
        ))}
      </div>
    </section>
  );
}
