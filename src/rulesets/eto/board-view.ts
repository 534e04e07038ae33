// What a seat sees on ETO's board (src/engine/board.ts BoardView): land units, generals and HQs, air units and ships
// where they are, with their current factors and status marks; airfields, the turn and the offensives tracks; control.
// ETO hides nothing from either side in the implemented scenarios, so every seat sees the same board.
import type { BoardView, MarkerView, PieceView } from '../../engine/board.ts';
import { airFactors, landFactors, shipFactors, turnIndex, turnLabels } from './assets.ts';
import { SCENARIOS } from './scenarios.ts';
import { ratings, WEATHER_NAMES, type EtoState } from './state.ts';

/** The case of each scenario's victory conditions: the glance shows its summary as "how to win". */
const VICTORY_RULE: Readonly<Record<string, string>> = {
  'sink-the-bismarck': 'ETO scenario 1 [1.3]', 'their-finest-hour': 'ETO scenario 2 [2.3]', bulge: 'ETO scenario 3 [3.3]',
  'case-white': 'ETO scenario 4 [4.4]', 'northward-strike': 'ETO scenario 5 [5.4]',
};

/** The phase the innermost frame belongs to, in the sequence of play's words, and the side performing it. */
function phaseOf(s: EtoState): { phase?: string; side: string | null } {
  const stack = s.stack;
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i]!;
    const side = typeof f.side === 'string' ? f.side : null;
    switch (f.proc) {
      case 'set-up': return { phase: 'Set-up', side };
      case 'naval-and-air-steps': return { phase: 'Naval and Air phase', side };
      case 'naval-and-air-order': return { phase: 'Naval and Air phase', side: s.initiative };
      case 'offensive': return { phase: 'Offensive phase', side };
      case 'offensive-phase': return { phase: 'Offensive phase', side: String(f.next) };
      case 'movement-phase': return { phase: 'Movement phase', side };
      case 'end-phase': return { phase: 'End phase', side: null };
    }
  }
  return { side: null };
}

export function etoBoardView(s: EtoState): BoardView {
  const pieces: PieceView[] = [];
  const markers: MarkerView[] = [];
  const l = s.land;
  if (l) {
    for (const u of Object.values(l.units)) {
      const marks: string[] = [];
      if (u.oos) marks.push('out-of-supply');
      if (l.activated.includes(u.id)) marks.push('activated');
      if (u.kind === 'hq' && l.hqs.includes(u.id)) marks.push('previously-activated');
      if (u.kind === 'general' && u.eligible === false) marks.push('ineligible-to-exploit');
      pieces.push({
        id: u.id, where: u.where === 'map' && u.hex ? u.hex : u.where === 'aboard' ? s.ships[u.aboard!]!.space : u.where, side: u.side, power: u.nation, type: u.kind,
        ...(u.where === 'aboard' ? { aboard: u.aboard! } : {}),
        factors: landFactors(u), ...(u.depleted ? { reduced: true } : {}), ...(marks.length ? { marks } : {}),
      });
    }
    for (const a of Object.values(l.air)) {
      const marks = a.committed === 'CC' ? ['committed'] : a.committed === 'PC' ? ['previously-committed'] : [];
      pieces.push({
        id: a.id, where: a.where === 'map' && a.base ? a.base : a.where, side: a.side, power: a.nation, type: a.kind,
        factors: airFactors(a), ...(a.depleted ? { reduced: true } : {}), ...(marks.length ? { marks } : {}),
      });
    }
    for (const h of l.airfields) markers.push({ kind: 'airfield', where: h, label: 'Airfield (13.2)' });
    for (const m of l.markers ?? []) markers.push({ kind: 'supply', where: m.hex, side: m.side, label: m.air ? 'Air supply marker (32.6)' : 'Supply marker (32.4)' });
    for (const side of ['axis', 'allies'] as const) {
      const n = l.offensives?.[side];
      if (n !== undefined) markers.push({ kind: 'offensives', where: `offensives-${side}:${Math.min(15, n)}`, side, label: `${n} offensive(s) left` });
    }
  }
  for (const sh of Object.values(s.ships)) {
    pieces.push({
      // The ship's own name, as the rules' choices and log call it ("Hood", "German transport (1 STP)").
      id: sh.id, where: sh.sunk ? 'sunk' : sh.space === '' ? 'setup' : sh.space, side: sh.side, power: sh.nation, type: sh.type, name: sh.name,
      factors: shipFactors(ratings(sh)), ...(sh.damaged ? { reduced: true } : {}), ...(sh.inPort || sh.oos ? { marks: [...(sh.inPort ? ['in-port'] : []), ...(sh.oos ? ['out-of-supply'] : [])] } : {}),
    });
  }
  const index = turnIndex(s.month, s.year);
  const label = turnLabels()[index - 1] ?? `${s.month} ${s.year}`;
  markers.push({ kind: 'turn', where: `turn:${index}`, label: `${label}, ${WEATHER_NAMES[s.weather]} weather` });
  const { phase, side } = phaseOf(s);
  const how = VICTORY_RULE[s.scenario];
  if (how) markers.push({ kind: 'victory-conditions', where: 'victory:how', label: how });
  // Where the sides stand: the scenario's result, or the one its victory conditions give the position now.
  const result = s.outcome?.result ?? (phase && phase !== 'Set-up' ? SCENARIOS[s.scenario]?.victory(s).result : undefined);
  if (result) markers.push({ kind: 'victory', where: 'victory:now', label: s.outcome ? `Result: ${result}` : `If it ended now: ${result}` });
  return {
    pieces, markers, control: { ...(l?.control ?? {}) }, turn: { index, label },
    ...(phase ? { phase } : {}), activeSide: s.outcome ? null : side,
  };
}
