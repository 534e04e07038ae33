// The stack inspector: the selected place (terrain, country, city, area facts, control) and every unit there, with its
// factors, side up, status marks and the rule set's note on it (supply...). Beside the map, so it never covers a hex.
import { memo } from 'preact/compat';
import type { Assets, BoardView, PieceView } from '../map/board-model.ts';
import { factorText, markText, pieceFactors, pieceName, placeLabel, sideName } from '../map/board-model.ts';
import { CounterIcon } from '../map/counter.tsx';

/** Memoised (the game screen gives it stable handlers): a render for a flag it does not show skips it. */
export const Inspector = memo(function Inspector({ place, assets, board, activeUnits, selectedUnit, onUnit, onClose }: {
  place: string; assets: Assets; board: BoardView; activeUnits: Set<string>; selectedUnit: string | null;
  onUnit(id: string, place: string, direct?: boolean): void; onClose(): void;
}) {
  const b = assets.board;
  const h = b.hex?.hexes[place];
  const area = b.areas?.[place];
  const box = b.boxes?.find((x) => x.id === place);
  const units = board.pieces.filter((u) => u.where === place && !u.aboard);
  const cargo = (id: string) => board.pieces.filter((u) => u.aboard === id);
  const countryName = (c: string | undefined) => (c ? (b.countries?.[c]?.name ?? assets.counters?.powers[c]?.name ?? c) : null);
  const who = board.control[place];
  const facts: string[] = [];
  if (h) {
    facts.push(h.kind === 'land' ? (h.terrain && h.terrain !== 'clear' ? h.terrain : 'clear') : h.kind);
    const c = countryName(h.country);
    if (c) facts.push(c);
    if (h.city) facts.push(`${h.city.name}${h.city.capital ? ' (capital)' : ''}${h.city.port ? ', port' : ''}${h.city.production ? ', production city' : ''}${h.city.fort ? ', fortress' : ''}`);
  }
  if (area) {
    facts.push(area.kind === 'sea' ? 'sea area' : 'land area');
    const o = countryName(area.owner);
    if (o) facts.push(`owned by ${o}`);
    if (area.value !== undefined) facts.push(`value ${area.value}`);
    // Tags ("option:hr-regions", "host:…") are for the client's windows, not words: an option's says when it applies.
    const marks = (area.marks ?? []).flatMap((m) => (m.startsWith('option:') ? ['with an optional rule'] : m.includes(':') ? [] : [markText(m)]));
    if (marks.length) facts.push([...new Set(marks)].join(', '));
  }
  if (box?.note) facts.push(box.note);
  if (who) facts.push(`held by ${sideName(assets.counters, who)}`);
  const row = (u: PieceView, carried = false) => {
    const f = pieceFactors(u, assets.counters);
    const man = assets.counters?.units?.[u.id];
    return (
      <li key={u.id} class={'insp-unit' + (carried ? ' carried' : '') + (selectedUnit === u.id ? ' selected' : '')} data-testid="inspector-unit"
        data-unit-id={u.id} onClick={() => onUnit(u.id, place, true)}>
        <CounterIcon unit={u} counters={assets.counters} size={40} active={activeUnits.has(u.id)} selected={selectedUnit === u.id} />
        <span class="insp-text">
          <b>{pieceName(u, assets.counters)}</b>
          {carried && <span class="insp-aboard small"> aboard</span>}
          {!u.hidden && <span class="muted"> {assets.counters?.powers[u.power]?.name ?? ''}</span>}
          {!u.hidden && f !== undefined && (
            <span class="insp-factors"> {factorText(f)}{u.reduced ? ' (reduced side)' : man?.reduced !== undefined ? ` (full; reduced ${factorText(man.reduced)})` : ''}</span>
          )}
          {u.marks?.length ? <span class="insp-marks">{u.marks.map((m) => <span key={m} class={`mark mark-${m}`}>{markText(m)}</span>)}</span> : null}
          {u.note && <span class="insp-note small">{u.note}</span>}
          {activeUnits.has(u.id) && <span class="insp-active small">has choices</span>}
        </span>
      </li>
    );
  };
  return (
    <section class="inspector" data-testid="inspector" aria-label="Stack inspector">
      <header>
        <h2>{placeLabel(assets, place)}</h2>
        <button class="link" onClick={onClose} aria-label="Close the inspector">close</button>
      </header>
      {facts.length > 0 && <p class="insp-facts">{facts.join(' · ')}</p>}
      {units.length === 0 ? <p class="muted small">No units.</p> : (
        <ul class="insp-units">{units.flatMap((u) => [row(u), ...cargo(u.id).map((c) => row(c, true))])}</ul>
      )}
    </section>
  );
});
