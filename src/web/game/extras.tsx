// Smaller pieces of the game screen: the reconstructed-data notice (collapsible, folded once read) and the charts as
// tables, reconstructed cells marked.
import { memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import type { Assets, Chart } from '../map/board-model.ts';
import { Rule } from './rules.tsx';

const FOLDED = 'theater.notes-folded';

/** A notice when the rule set uses data that is not from the rulebook; folds to one line, remembered per rule set. */
export const NotesBanner = memo(function NotesBanner({ assets, ruleset }: { assets: Assets; ruleset: string }) {
  const folded0 = (() => { try { return (JSON.parse(localStorage.getItem(FOLDED) ?? '[]') as string[]).includes(ruleset); } catch { return false; } })();
  const [folded, setFolded] = useState(folded0);
  const [open, setOpen] = useState(false);
  const rec = assets.reconstructed ?? [];
  const notes = assets.notes ?? [];
  const chartsRec = (assets.charts ?? []).filter((c) => c.reconstructed);
  if (!rec.length && !chartsRec.length && !notes.length) return null;
  const fold = (f: boolean) => {
    setFolded(f);
    try {
      const l = (JSON.parse(localStorage.getItem(FOLDED) ?? '[]') as string[]).filter((x) => x !== ruleset);
      localStorage.setItem(FOLDED, JSON.stringify(f ? [...l, ruleset] : l));
    } catch { /* storage full or off: the fold lasts for this page */ }
  };
  if (folded) {
    return (
      <button class="notes-tab" data-testid="reconstructed-folded" onClick={() => fold(false)} title="This rule set uses reconstructed data: show the notice">
        <b class="note-mark">Note</b>
      </button>
    );
  }
  const n = rec.length + chartsRec.length;
  return (
    <div class="banner notes" data-testid="reconstructed">
      <span><b class="note-mark">Note</b> This rule set uses reconstructed data ({n} item{n === 1 ? '' : 's'}): where the rulebook
        lacks a chart or map detail, Theater fills it in and says so.</span>
      <button class="link" onClick={() => setOpen(!open)}>{open ? 'hide details' : 'details'}</button>
      <button class="link" data-testid="fold-notes" onClick={() => fold(true)}>fold</button>
      {open && (
        <ul>
          {rec.map((r, i) => <li key={i}><b>{r.subject}</b>: {r.text}</li>)}
          {chartsRec.map((c) => <li key={c.id}><b>{c.title}</b>: reconstructed {c.reconstructed === true ? 'chart' : 'cells, marked ◆ in the chart'}</li>)}
          {notes.map((n, i) => <li key={`n${i}`}>{n}</li>)}
        </ul>
      )}
    </div>
  );
});

function isRec(c: Chart, r: number, col: number): boolean {
  return c.reconstructed === true || (Array.isArray(c.reconstructed) && c.reconstructed.some(([a, b]) => a === r && b === col));
}

export function ChartTable({ c }: { c: Chart }) {
  return (
    <div class="chart" data-testid={`chart-${c.id}`}>
      <h2>{c.title} {c.rule && <Rule cite={c.rule} />} {c.reconstructed === true && <span class="tag">reconstructed</span>}</h2>
      <div class="chart-scroll">
        <table>
          {c.columns.some((h) => h) && <thead><tr>{c.columns.map((h, j) => <th key={j}>{h}</th>)}</tr></thead>}
          <tbody>{c.rows.map((r, i) => (
            <tr key={i}>{r.map((x, j) => {
              const rec = c.reconstructed !== true && isRec(c, i, j);
              return j === 0 ? <th key={j} class={rec ? 'rec' : ''}>{x}</th>
                : <td key={j} class={rec ? 'rec' : ''} title={rec ? 'reconstructed: not printed in the rulebook' : undefined}>{x}{rec ? ' ◆' : ''}</td>;
            })}</tr>
          ))}</tbody>
        </table>
      </div>
      {c.note && <p class="muted small">{c.note}</p>}
    </div>
  );
}

export function ChartsOverlay({ assets, onClose }: { assets: Assets; onClose(): void }) {
  const charts = assets.charts ?? [];
  const [pick, setPick] = useState(charts[0]?.id ?? '');
  const shown = charts.find((c) => c.id === pick) ?? charts[0];
  return (
    <div class="overlay" onClick={onClose} role="dialog" aria-label="Charts">
      <div class="overlay-box wide" data-testid="charts" onClick={(e) => e.stopPropagation()}>
        <nav class="chart-tabs">
          {charts.map((c) => <button key={c.id} aria-pressed={c.id === shown?.id} onClick={() => setPick(c.id)}>{c.title}</button>)}
        </nav>
        {shown && <ChartTable c={shown} />}
        <p class="muted small">◆ marks a figure Theater reconstructed where the rulebook prints none.</p>
        <button class="primary" onClick={onClose}>Close</button>
      </div>
    </div>
  );
}
