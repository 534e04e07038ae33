// Validation of a 2WW position: the schema (format.ts), then the rules (where a unit may stand, stacking, cargo,
// the procedure stack). Each problem names the field, the unit, the hex and the rule case. Browser-safe.
import type { DataProblem, Json } from '../../../engine/index.ts';
import { extraMapCountries } from '../campaign.ts';
import { twoWWProcedures } from '../procedures.ts';
import { initialCountries } from '../politics.ts';
import { entryForbidden } from '../neutrals.ts';
import { stackingExcesses } from '../stacking.ts';
import type { TwoWWState } from '../state.ts';
import { type World, isFleetType, isLandType, sideOfUnit, unitDef, worldById } from '../world.ts';
import { bodyOfPosition, KNOWN_KEYS, phaseOfStack, phaseStartStack } from './convert.ts';
import { PSEUDO_PLACES, positionSchema, type TwoWWPosition } from './format.ts';

const FILE = 'position';

const problem = (field: string, message: string): DataProblem => ({ file: FILE, field, message });

/** Schema problems, with the JSON path of each. */
function schemaProblems(position: unknown): { pos: TwoWWPosition | null; problems: DataProblem[] } {
  const r = positionSchema.safeParse(position);
  if (r.success) return { pos: r.data, problems: [] };
  return {
    pos: null,
    problems: r.error.issues.map((i) => problem(
      i.path.length ? i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') : '(root)',
      `${i.message}${i.code === 'unrecognized_keys' ? ' (docs/positions.md lists the fields)' : ''}`,
    )),
  };
}

/** Every problem of a position; empty when a game can start from it. */
export function validatePosition(position: Json | unknown): DataProblem[] {
  const { pos, problems } = schemaProblems(position);
  if (!pos) return problems;
  let w: World;
  try {
    w = worldById(pos.world ?? 'campaign');
  } catch (e) {
    return [problem('world', (e as Error).message)];
  }
  const out: DataProblem[] = [];
  // `extra` carries state fields the format does not name: a named one (or the kernel's) there would override it.
  for (const k of Object.keys(pos.extra ?? {})) {
    if (KNOWN_KEYS.has(k)) out.push(problem(`extra.${k}`, `"${k}" is a field of the position or of the kernel (${k === 'rng' ? 'dice.rng carries the generator' : 'set it where docs/positions.md names it'}); extra holds only fields the format does not name`));
  }
  // Counters: each once, each in the manifest, each somewhere that exists.
  const seen = new Map<string, number>();
  pos.units.forEach((e, i) => {
    const f = `units[${i}]`;
    if (!w.units[e.id]) out.push(problem(`${f}.id`, `no counter "${e.id}" in the counter manifest (data/counters.json); ids look like "ge-inf-4"`));
    const first = seen.get(e.id);
    if (first !== undefined) out.push(problem(`${f}.id`, `${e.id} appears twice (also units[${first}]); each counter is listed once`));
    else seen.set(e.id, i);
    if (!(PSEUDO_PLACES as readonly string[]).includes(e.at) && w.board.find(e.at) < 0) {
      out.push(problem(`${f}.at`, `${e.id}: "${e.at}" is no hex or box of the map, nor one of ${PSEUDO_PLACES.join(', ')}`));
    }
  });
  for (const hex of Object.keys(pos.control ?? {})) {
    const n = w.board.find(hex);
    if (n < 0 || !w.board.isHex(n)) out.push(problem(`control.${hex}`, `"${hex}" is no hex of the map`));
    else if (!w.hexes[n]?.city && !w.hexes[n]?.port) out.push(problem(`control.${hex}`, `2WW 3.4.7: hex ${hex} has no city or port, so nobody controls it`));
  }
  out.push(...stackProblems(pos));
  if (out.length) return out;
  const state = bodyOfPosition(pos) as unknown as TwoWWState;
  const powers = new Set([...Object.keys(initialCountries()), ...extraMapCountries(), ...Object.values(w.units).map((u) => u.nationality)]);
  for (const c of Object.keys(pos.countries ?? {})) {
    if (!powers.has(c)) out.push(problem(`countries.${c}`, `"${c}" is no power of this game (power ids: ${[...powers].sort().join(' ')})`));
  }
  out.push(...placementProblems(pos, state, w));
  out.push(...stackingProblems(pos, state));
  return out;
}

/** The procedure stack: known procedures, the game frame at the bottom, and agreement with `phase`. */
function stackProblems(pos: TwoWWPosition): DataProblem[] {
  const out: DataProblem[] = [];
  if (!pos.stack) {
    if (!phaseStartStack(pos.phase)) out.push(problem('phase', `"${pos.phase}" can be started only with an explicit "stack" (the placement queue)`));
    return out;
  }
  pos.stack.forEach((f, i) => {
    if (!Object.hasOwn(twoWWProcedures, f.proc)) out.push(problem(`stack[${i}].proc`, `2WW 4: no procedure "${f.proc}" in the sequence of play`));
  });
  if (pos.stack[0]?.proc !== 'game') out.push(problem('stack[0].proc', `2WW 4: the bottom frame must be the turn loop "game", not "${pos.stack[0]?.proc}"`));
  const derived = phaseOfStack(pos.stack as never);
  if (!out.length && derived !== pos.phase) out.push(problem('phase', `"${pos.phase}" does not match the stack, which is in the ${derived} phase`));
  return out;
}

/** Where each unit may stand (2WW 3.4.2, 5.1.2, 5.3.2, 8.3.4, 12.5). */
function placementProblems(pos: TwoWWPosition, state: TwoWWState, w: World): DataProblem[] {
  const out: DataProblem[] = [];
  const cargo = new Map<string, string>();
  pos.units.forEach((e, i) => {
    const f = `units[${i}]`;
    const d = unitDef(state, e.id);
    const onMap = !(PSEUDO_PLACES as readonly string[]).includes(e.at);
    if (e.aboard !== undefined) {
      const fleet = state.units[e.aboard];
      if (!fleet || !w.units[e.aboard] || w.units[e.aboard]!.type !== 'surface-fleet') {
        out.push(problem(`${f}.aboard`, `2WW 8.3.4: ${e.id} is aboard "${e.aboard}", which is no surface fleet`));
      } else if (fleet.where !== e.at) {
        out.push(problem(`${f}.aboard`, `2WW 8.3.4: ${e.id} is in ${e.at} but its fleet ${e.aboard} is in ${fleet.where}`));
      } else if (!onMap) {
        out.push(problem(`${f}.aboard`, `2WW 8.3.4: ${e.id} is aboard ${e.aboard} in the ${e.at}; only units on the map are carried`));
      } else if (cargo.has(e.aboard)) {
        out.push(problem(`${f}.aboard`, `2WW 8.3.4: ${e.aboard} carries ${cargo.get(e.aboard)} and ${e.id}; a fleet carries one unit`));
      } else {
        cargo.set(e.aboard, e.id);
      }
      if (isFleetType(d.type)) out.push(problem(`${f}.aboard`, `2WW 8.3.4: ${e.id} is a fleet and cannot be carried`));
    }
    if (!onMap) return;
    const n = w.board.find(e.at);
    const h = w.hexes[n];
    const box = w.boxes[e.at];
    if (box) {
      if (isLandType(d.type) && !box.land && e.aboard === undefined) {
        out.push(problem(`${f}.at`, `2WW 3.2: ${e.id} is a land unit in the ${e.at} box, which is all sea (land units there are aboard a fleet)`));
      }
      if (box.alliedOnly && sideOfUnit(state, e.id) === 'axis') {
        out.push(problem(`${f}.at`, `2WW 3.3.3: ${e.id} is an Axis unit in the ${e.at} box, which only Allied units may enter`));
      }
      return;
    }
    if (!h) return;
    if (isLandType(d.type) && h.kind === 'sea' && e.aboard === undefined) {
      out.push(problem(`${f}.at`, `2WW 5.1.2: ${e.id} is a land unit in all-sea hex ${e.at} (at sea a land unit must be aboard a fleet)`));
    }
    if (isFleetType(d.type) && h.kind === 'land') {
      out.push(problem(`${f}.at`, `2WW 5.1.2: ${e.id} is a fleet in all-land hex ${e.at}`));
    }
    if (h.country === 'ch') out.push(problem(`${f}.at`, `2WW 3.4.2: ${e.id} is in Switzerland (hex ${e.at}), which no unit may ever enter`));
    // Fleets may use Iraqi coastal hexes: the ban is on land and air units entering (neutrals.ts entryForbidden).
    if (h.country === 'iq' && state.politics.iraq === 'closed' && d.nationality !== 'iq' && !isFleetType(d.type)) {
      out.push(problem(`${f}.at`, `2WW 12.5: ${e.id} is in Iraq (hex ${e.at}) before the Iraqi rebellion; set politics.iraq to "rebel" first`));
    }
    if (h.country === 'us') {
      const side = sideOfUnit(state, e.id);
      const why = side ? entryForbidden(state, side, e.id, 'us') : null;
      if (why) out.push(problem(`${f}.at`, `${why.rule}: ${e.id} is in hex ${e.at}: ${why.why}`));
    }
  });
  return out;
}

/** Procedures during which a hex may hold more than the limits: stacking is checked when they end (2WW 5.2.2). */
const MAY_OVERSTACK = new Set(['game', 'player-turn', 'end-of-turn']);

/** 2WW 5.2.1, 12.4.3 stacking limits and 5.2.3 (no hex shared by the sides) where the phase has them hold. */
function stackingProblems(pos: TwoWWPosition, state: TwoWWState): DataProblem[] {
  const stack = pos.stack ?? phaseStartStack(pos.phase) ?? [];
  if (stack.some((f) => !MAY_OVERSTACK.has(f.proc))) return [];
  const at = pos.stack ? `in phase ${pos.phase}` : `at the start of ${pos.phase}`;
  const indexOf = new Map(pos.units.map((e, i) => [e.id, i]));
  const out: DataProblem[] = [];
  for (const x of stackingExcesses(state)) {
    const fields = x.candidates.map((id) => indexOf.get(id)).filter((i) => i !== undefined).map((i) => `units[${i}]`);
    out.push(problem(fields[0] ?? 'units',
      `${x.rule}: hex ${x.hex} holds ${x.why} for the ${x.side === 'axis' ? 'Axis' : 'Allies'} ${at}: ${x.candidates.join(', ')}`));
  }
  const sides = new Map<string, Set<string>>();
  const w = worldById(pos.world ?? 'campaign');
  for (const [id, u] of Object.entries(state.units)) {
    if ((PSEUDO_PLACES as readonly string[]).includes(u.where) || w.boxes[u.where]) continue;
    const s = sideOfUnit(state, id);
    if (!s) continue;
    const set = sides.get(u.where) ?? new Set<string>();
    set.add(s);
    sides.set(u.where, set);
  }
  for (const [hex, set] of sides) {
    if (set.size < 2) continue;
    const ids = Object.keys(state.units).filter((id) => state.units[id]!.where === hex && sideOfUnit(state, id));
    if (ids.some((id) => state.units[id]!.mustAttack === hex)) continue; // airdrop/assault awaiting its attack
    out.push(problem(`units[${indexOf.get(ids[0]!) ?? 0}]`, `2WW 5.2.3: hex ${hex} holds units of both sides ${at}: ${ids.join(', ')}`));
  }
  return out;
}
