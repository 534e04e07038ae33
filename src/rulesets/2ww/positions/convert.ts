// Position <-> state for 2WW (docs/positions.md). The position carries every state field in a documented form and
// the exact procedure stack, so a game continued from toPosition(s) plays exactly like s. Browser-safe.
import type { Frame, RngState } from '../../../engine/index.ts';
import '../campaign.ts';
import { extraMapCountries } from '../campaign.ts';
import { initialControl, initialCountries, initialPolitics } from '../politics.ts';
import type { CountryState, Side, TwoWWState, UnitState } from '../state.ts';
import { worldById } from '../world.ts';
import {
  type PhaseId, POSITION_FORMAT, POSITION_VERSION, type TwoWWPosition, type UnitEntry,
} from './format.ts';

/** The steps of the game frame (sequence-of-play.ts GAME_STEPS), by index; the tests check them against play. */
export const GAME_STEP_PHASE: PhaseId[] = [
  'turn-start', // 0 politics
  'strategic-warfare', // 1
  'production', // 2
  'production', // 3 stacking after production
  'axis-movement', // 4 Axis player turn
  'allied-movement', // 5 Allied player turn
  'axis-armored-action', // 6
  'allied-armored-action', // 7
  'supply', // 8
  'end-of-turn', // 9
  'end-of-turn', // 10 next turn (conquest, victory, turn marker)
];

/** The procedure stack at the start of each named phase (2WW 4). 'setup' needs an explicit stack. */
export function phaseStartStack(phase: PhaseId): Frame[] | null {
  const g = (step: number): Frame => ({ proc: 'game', step });
  switch (phase) {
    case 'setup': return null;
    case 'turn-start': return [g(0)];
    case 'strategic-warfare': return [g(1)];
    case 'production': return [g(2)];
    case 'axis-movement': return [g(4)];
    // 2WW 4.2 C.3: the combat phase follows the stacking check that ends the movement phase.
    case 'axis-combat': return [g(5), { proc: 'player-turn', side: 'axis', step: 2 }];
    case 'allied-movement': return [g(5)];
    case 'allied-combat': return [g(6), { proc: 'player-turn', side: 'allies', step: 2 }];
    case 'axis-armored-action': return [g(6)];
    case 'allied-armored-action': return [g(7)];
    case 'supply': return [g(8)];
    case 'end-of-turn': return [g(9)];
  }
}

const stepOf = (f: Frame): number => (typeof f.step === 'number' ? f.step : 0);

/** The phase a procedure stack is in. */
export function phaseOfStack(stack: Frame[]): PhaseId {
  if (stack.some((f) => f.proc === 'setup-placement')) return 'setup';
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i]!;
    if (f.proc === 'armored-action') return f.side === 'axis' ? 'axis-armored-action' : 'allied-armored-action';
    if (f.proc === 'player-turn') {
      const step = stepOf(f);
      const top = i === stack.length - 1;
      const combat = step >= 3 || (step === 2 && top);
      return `${f.side === 'axis' ? 'axis' : 'allied'}-${combat ? 'combat' : 'movement'}` as PhaseId;
    }
  }
  const game = stack[0];
  if (!game || game.proc !== 'game') return 'turn-start';
  const step = stepOf(game);
  const i = stack.length === 1 ? step : step - 1;
  return GAME_STEP_PHASE[(i + GAME_STEP_PHASE.length) % GAME_STEP_PHASE.length] ?? 'turn-start';
}

const PHASE_LABELS: Record<PhaseId, string> = {
  setup: 'Setup', 'turn-start': 'Start of turn', 'strategic-warfare': 'Strategic warfare', production: 'Production',
  'axis-movement': 'Axis movement', 'axis-combat': 'Axis combat', 'allied-movement': 'Allied movement',
  'allied-combat': 'Allied combat', 'axis-armored-action': 'Axis armored movement',
  'allied-armored-action': 'Allied armored movement', supply: 'Supply', 'end-of-turn': 'End of turn',
};

function phaseSide(phase: PhaseId): Side | null {
  if (phase.startsWith('axis-')) return 'axis';
  if (phase.startsWith('allied-')) return 'allies';
  return null;
}

/** State keys the position names; any other key of a state goes to `extra`. */
export const KNOWN_KEYS = new Set([
  'ruleset', 'scenario', 'rng', 'stack', 'seq', 'outcome', 'sealed',
  'world', 'options', 'turn', 'phase', 'activeSide', 'units', 'control', 'countries', 'politics', 'production',
]);

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export type PositionBody = Omit<TwoWWState, 'ruleset' | 'scenario' | 'rng' | 'seq' | 'outcome' | 'sealed'> & {
  stack: Frame[];
  /** Present when the position carries the generator's state: it replaces the kernel's fresh generator. */
  rng?: RngState;
  sealed?: TwoWWState['sealed'];
};

/**
 * The state body a (schema-valid) position describes. Units are built in the counter manifest's order, as the
 * campaign setup builds them, so the state matches the original key for key.
 */
export function bodyOfPosition(pos: TwoWWPosition): PositionBody {
  const w = worldById(pos.world ?? 'campaign');
  const byId = new Map<string, UnitEntry>(pos.units.map((e) => [e.id, e]));
  const units: Record<string, UnitState> = {};
  for (const id of Object.keys(w.units)) {
    const e = byId.get(id);
    if (!e) {
      units[id] = { where: pos.unlisted ?? 'removed', reduced: false, ops: false };
      continue;
    }
    const u: Record<string, unknown> = { where: e.at, reduced: e.reduced ?? false, ops: e.ops ?? false };
    for (const [k, v] of Object.entries(e)) if (k !== 'id' && k !== 'at' && k !== 'reduced' && k !== 'ops') u[k] = v;
    units[id] = u as unknown as UnitState;
  }
  const countries: Record<string, CountryState> = {};
  const defaults = initialCountries();
  for (const c of extraMapCountries()) defaults[c] ??= { controller: null, status: 'neutral' };
  for (const [c, v] of Object.entries(pos.countries ?? {})) countries[c] = clone(v) as CountryState;
  for (const [c, v] of Object.entries(defaults)) countries[c] ??= v;
  const phase = pos.phase;
  const stack = clone(pos.stack ?? phaseStartStack(phase) ?? [{ proc: 'game' }]) as Frame[];
  const body = {
    world: pos.world ?? 'campaign',
    options: clone(pos.options ?? { quickSetup: false }),
    turn: pos.turn,
    phase: pos.phaseLabel ?? PHASE_LABELS[phase],
    activeSide: pos.activeSide !== undefined ? pos.activeSide : phaseSide(phase),
    units,
    control: {} as Record<string, Side>,
    countries,
    politics: { ...initialPolitics(), ...clone(pos.politics ?? {}) },
    production: { bombed: [], points: {}, lendLease: { gb: 0, su: 0 }, convoyLosses: {}, ...clone(pos.production ?? {}) },
    stack,
  } as unknown as PositionBody;
  body.control = pos.control ? { ...pos.control } : initialControl(body as unknown as TwoWWState);
  for (const [k, v] of Object.entries(pos.extra ?? {})) (body as unknown as Record<string, unknown>)[k] = clone(v);
  if (pos.dice?.rng) body.rng = clone(pos.dice.rng) as RngState;
  if (pos.sealed && Object.keys(pos.sealed).length) body.sealed = clone(pos.sealed) as TwoWWState['sealed'];
  return body;
}

/** The position of a state: every field, the exact stack and the generator's state. */
export function positionOfState(state: TwoWWState): TwoWWPosition {
  const s = clone(state);
  const pos = { format: POSITION_FORMAT, version: POSITION_VERSION, ruleset: '2ww' } as TwoWWPosition;
  if (s.world !== undefined) pos.world = s.world;
  if (s.options !== undefined) pos.options = s.options;
  Object.assign(pos, {
    turn: s.turn, phase: phaseOfStack(s.stack), phaseLabel: s.phase, activeSide: s.activeSide, stack: s.stack,
    units: [], control: s.control, countries: s.countries, politics: s.politics, production: s.production,
  });
  for (const [id, u] of Object.entries(s.units)) {
    const { where, ...rest } = u;
    pos.units.push({ id, at: where, ...rest } as UnitEntry);
  }
  const rng: RngState = { s: s.rng.s, forced: s.rng.forced, drawn: s.rng.drawn };
  pos.dice = { rng: rng as NonNullable<TwoWWPosition['dice']>['rng'] };
  if (Object.keys(s.sealed ?? {}).length) pos.sealed = s.sealed as TwoWWPosition['sealed'];
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (!KNOWN_KEYS.has(k)) extra[k] = v;
  if (Object.keys(extra).length) pos.extra = extra;
  return pos;
}
