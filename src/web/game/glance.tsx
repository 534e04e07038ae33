// The state of the game at a glance: turn and phase (on the sequence of play when the board has one), where each side
// stands on the victory and production tracks, what each side has in its pools, and who is out of supply.
import { memo } from 'preact/compat';
import { useContext, useState } from 'preact/hooks';
import type { Assets, BoardView } from '../map/board-model.ts';
import { onMap, pieceName, placeLabel, seatLabel, sideName } from '../map/board-model.ts';
import { humanize } from './names.ts';
import { caseOf, Rule, RulesContext } from './rules.tsx';

/** Markers on a track of `kind`, as "label: cell" per side. */
function standings(assets: Assets, board: BoardView, kind: string): { track: string; kind: string; side: string; cell: string; label?: string }[] {
  const out: { track: string; kind: string; side: string; cell: string; label?: string }[] = [];
  for (const t of assets.board.tracks ?? []) {
    if (t.kind !== kind) continue;
    for (const m of board.markers) {
      const [tid, cid] = m.where.split(':');
      if (tid !== t.id) continue;
      const cell = t.cells.find((c) => c.id === cid);
      if (cell) out.push({ track: t.name, kind: m.kind, side: m.side ?? '', cell: cell.label, label: m.label });
    }
  }
  return out;
}

/** Memoised (the game screen gives it stable handlers): a render for a flag it does not show skips it. */
export const Glance = memo(function Glance({ assets, board, status, title, overlay, onOverlay, deciding }: {
  assets: Assets; board: BoardView; status: string; title?: string; overlay: 'none' | 'supply'; onOverlay(o: 'none' | 'supply'): void;
  /** The seats deciding now (the prompt's waitingFor): who is to play, which need not be the phasing side. */
  deciding?: string[];
}) {
  const [open, setOpen] = useState(true);
  const rules = useContext(RulesContext).ref;
  const seq = assets.board.tracks?.find((t) => t.kind === 'sequence');
  // The phase in words: the sequence track's label for it, else its id made readable ("combat-move" -> "Combat move").
  const phase = board.phase ? (seq?.cells.find((c) => c.id === board.phase)?.label ?? humanize(board.phase)) : '';
  const toPlay = deciding?.length ? deciding.map((s) => seatLabel(assets, s)).join(', ')
    : board.activeSide ? sideName(assets.counters, board.activeSide) : '';
  const victory = standings(assets, board, 'victory');
  const production = standings(assets, board, 'production');
  // Pools: units of each side off the board and not in a box.
  const pools = new Map<string, Map<string, number>>();
  for (const p of board.pieces) {
    if (onMap(assets, p.where) || assets.board.boxes?.some((b) => b.id === p.where) || p.aboard) continue;
    const bySide = pools.get(p.where) ?? new Map<string, number>();
    bySide.set(p.side, (bySide.get(p.side) ?? 0) + (p.count ?? 1));
    pools.set(p.where, bySide);
  }
  const oos = board.pieces.filter((p) => p.marks?.includes('out-of-supply'));
  const oosBySide = new Map<string, number>();
  for (const p of oos) oosBySide.set(p.side, (oosBySide.get(p.side) ?? 0) + 1);
  const sides = (m: Map<string, number>) => [...m].map(([s, n]) => `${sideName(assets.counters, s)} ${n}`).join(', ');
  return (
    <section class="glance" data-testid="glance">
      <header>
        <h2>
          {board.turn ? board.turn.label : 'Game'}
          {phase ? <span class="glance-phase"> · {phase}</span> : null}
          {toPlay ? <span class="muted"> · {toPlay} to play</span> : null}
        </h2>
        <button class="link" onClick={() => setOpen(!open)} aria-expanded={open}>{open ? 'less' : 'more'}</button>
      </header>
      {open && (
        <div class="glance-body">
          {title && <p class="small muted glance-title">{title}</p>}
          {seq && (
            <ol class="sequence" data-testid="sequence" aria-label={seq.name}>
              {seq.cells.map((c) => (
                <li key={c.id} class={board.phase === c.id || board.phase === c.label ? 'current' : ''}>{c.label}</li>
              ))}
            </ol>
          )}
          {!seq && status && <p class="small">{status}</p>}
          {victory.filter((v) => v.kind === 'victory-conditions' && v.label).map((v) => (
            // A scenario's victory conditions: the summary of the case the marker cites, with its rule button.
            <p key={v.label} class="small" data-testid="glance-how-to-win"><b>How to win</b> {caseOf(rules, v.label!)?.c.summary ?? ''} <Rule cite={v.label!} /></p>
          ))}
          {victory.some((v) => v.kind !== 'victory-conditions') && (
            <p class="small" data-testid="glance-victory"><b>Victory</b> {victory.filter((v) => v.kind !== 'victory-conditions').map((v) => v.label ?? `${sideName(assets.counters, v.side)} ${v.cell}`).join(' · ')}</p>
          )}
          {production.length > 0 && (
            <p class="small" data-testid="glance-production"><b>Production</b> {production.map((v) => v.label ?? `${sideName(assets.counters, v.side)} ${v.cell}`).join(' · ')}</p>
          )}
          {pools.size > 0 && (
            <p class="small" data-testid="glance-pools"><b>Off the board</b> {[...pools].map(([w, m]) => `${placeLabel(assets, w)}: ${sides(m)}`).join(' · ')}</p>
          )}
          {board.holdings?.map((h) => (
            // Off the map: a hand of cards (the viewer's by name, others' counted), the cards in effect, the stack.
            <p key={h.title} class="small" data-testid="glance-holding">
              <b>{h.title}</b>{' '}
              {h.items.map((x, i) => (
                <span key={i}>{i > 0 ? ' · ' : ''}{x.rule ? <Rule cite={x.rule}>{x.label}</Rule> : x.label}{x.note ? <span class="muted"> ({x.note})</span> : null}</span>
              ))}
              {h.hidden ? <span class="muted">{h.items.length ? ' · ' : ''}{h.hidden} face down</span> : null}
              {!h.items.length && !h.hidden ? <span class="muted">none</span> : null}
            </p>
          ))}
          <p class="small">
            <b>Supply</b> {oos.length ? `out of supply: ${sides(oosBySide)}` : 'every unit in supply (as far as this view shows)'}{' '}
            <label class="inline"><input type="checkbox" data-testid="supply-overlay" checked={overlay === 'supply'}
              onChange={(e) => onOverlay((e.target as HTMLInputElement).checked ? 'supply' : 'none')} /> show on the map</label>
          </p>
          {overlay === 'supply' && oos.length > 0 && (
            <ul class="oos-list small" data-testid="oos-list">
              {oos.slice(0, 30).map((p) => <li key={p.id}><b>{pieceName(p, assets.counters)}</b> in {placeLabel(assets, p.where)}: {p.note ?? 'out of supply'}</li>)}
            </ul>
          )}
        </div>
      )}
    </section>
  );
});
