// Positions of the area test game (docs/positions.md): every unit by id with its area, the turn, the step of the
// sequence of play and control; with the optional exact fields (`stack`, `attacked`, units' `moved`) a game from the
// position plays exactly like the game it was taken from, without them it starts at the step's beginning.
import type { DataProblem, Frame, Json, PositionSupport } from '../../engine/types.ts';
import { AREAS, STEPS, TURNS, type Side, type Step } from './board.ts';
import type { AreasState, Unit } from './index.ts';

/** The units of the game, as the set-up creates them (Areas 2). */
export const UNIT_IDS: Record<string, Omit<Unit, 'at'>> = Object.fromEntries([
  ...[1, 2, 3, 4, 6, 7].map((i) => [`n${i}`, { side: 'north', type: 'inf' }]), ['n5', { side: 'north', type: 'fleet' }],
  ...[1, 2, 3, 4, 6, 7].map((i) => [`s${i}`, { side: 'south', type: 'inf' }]), ['s5', { side: 'south', type: 'fleet' }],
]) as Record<string, Omit<Unit, 'at'>>;

const OFF = ['pool', 'eliminated'];
const FILE = 'position';

export interface AreasPosition {
  format: 'theater-position';
  version: 1;
  ruleset: 'fixture-areas';
  turn: number;
  phase: Step;
  units: { id: string; at: string; moved?: boolean }[];
  control?: Record<string, Side>;
  /** Exact fields: the procedure stack, the areas attacked in this combat step. */
  stack?: Frame[];
  attacked?: string[];
  note?: string;
}

function validate(position: Json): DataProblem[] {
  const out: DataProblem[] = [];
  const bad = (field: string, message: string) => out.push({ file: FILE, field, message });
  const p = position as unknown as Partial<AreasPosition>;
  if (!p || typeof p !== 'object' || Array.isArray(p)) return [{ file: FILE, field: '(root)', message: 'a position is a JSON object' }];
  if (p.ruleset !== 'fixture-areas') bad('ruleset', 'must be "fixture-areas"');
  if (!Number.isInteger(p.turn) || p.turn! < 1 || p.turn! > TURNS) bad('turn', `Areas 1: a turn from 1 to ${TURNS}`);
  if (!STEPS.includes(p.phase as Step)) bad('phase', `Areas 1: one of ${STEPS.join(', ')}`);
  if (!Array.isArray(p.units)) bad('units', 'a list of {id, at}');
  const seen = new Set<string>();
  (p.units ?? []).forEach((u, i) => {
    const f = `units[${i}]`;
    const def = UNIT_IDS[u?.id];
    if (!def) { bad(`${f}.id`, `no unit "${String(u?.id)}" in this game; known: ${Object.keys(UNIT_IDS).join(', ')}`); return; }
    if (seen.has(u.id)) bad(`${f}.id`, `${u.id} is listed twice`);
    seen.add(u.id);
    const area = AREAS[u.at];
    if (!area && !OFF.includes(u.at)) { bad(`${f}.at`, `${u.id}: "${String(u.at)}" is neither an area nor ${OFF.join(' or ')}`); return; }
    if (area && (def.type === 'inf') !== (area.kind === 'land')) {
      bad(`${f}.at`, `Areas 3.2: ${u.id} is ${def.type === 'inf' ? 'infantry and must stand on land' : 'a fleet and must stand at sea'} (${area.name})`);
    }
  });
  for (const [a, side] of Object.entries(p.control ?? {})) {
    if (AREAS[a]?.kind !== 'land') bad(`control.${a}`, 'Areas 5: only land areas are held');
    else if (side !== 'north' && side !== 'south') bad(`control.${a}`, 'north or south');
  }
  return out;
}

export const fixturePositions: PositionSupport<AreasState> = {
  validate,
  fromPosition(_ctx, position) {
    const problems = validate(position);
    if (problems.length) throw new Error(`position: ${problems.map((x) => `${x.field}: ${x.message}`).join('; ')}`);
    const p = position as unknown as AreasPosition;
    const units: Record<string, Unit> = {};
    for (const u of p.units) if (u.at !== 'eliminated') units[u.id] = { ...UNIT_IDS[u.id]!, at: u.at, ...(u.moved ? { moved: true } : {}) };
    const control: Record<string, Side> = Object.fromEntries(Object.entries(AREAS).filter(([, a]) => a.owner).map(([id, a]) => [id, a.owner!]));
    return {
      turn: p.turn, step: p.phase, units, control: { ...control, ...(p.control ?? {}) }, attacked: [...(p.attacked ?? [])],
      stack: p.stack ? structuredClone(p.stack) : [{ proc: 'game' }],
    };
  },
  toPosition(s) {
    const units = Object.keys(UNIT_IDS).map((id) => ({ id, at: s.units[id]?.at ?? 'eliminated', ...(s.units[id]?.moved ? { moved: true } : {}) }));
    return {
      format: 'theater-position', version: 1, ruleset: 'fixture-areas', turn: s.turn, phase: s.step, units, control: { ...s.control },
      stack: structuredClone(s.stack), attacked: [...s.attacked],
    } as unknown as Json;
  },
};
