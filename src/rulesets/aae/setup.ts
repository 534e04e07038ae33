// The starting position (AAE set-up chart: data/setup.json, data/map.json) and the game's options.
import type { Frame, OptionInfo, Options } from '../../engine/index.ts';
import { AAE_DATA, ALL_POWERS, AXIS_MINOR, VICHY, type Power, type UnitType } from './data/index.ts';
import { setUpAxisMinor } from './house/axis-minor.ts';
import { setUpVichy } from './house/vichy.ts';
import { HOUSE_OPTIONS, houseSwitches } from './house/options.ts';
import { markMinorNations } from './house/surrender.ts';
import type { AaeOptions, AaeState, Unit } from './state.ts';

export const SCENARIO = 'spring-1941';

/** The base game has no round limit; Theater ends the game after this round unless told otherwise (ruling). */
export const DEFAULT_ROUND_LIMIT = 16;

export const BASE_OPTIONS: OptionInfo[] = [
  {
    id: 'bid', name: 'Special cash advance',
    description: 'Before the first turn Germany spends 12 IPCs and the Allies share 12 on units placed where they already have units (AAE Special Cash Advance).',
    default: true, values: [true, false],
  },
  {
    id: 'roundLimit', name: 'Round limit',
    description: `The game ends after this round (0: play until a side wins). At the limit the Axis win holding 2 victory cities, the Allies holding all 4; otherwise it is a draw (ruling).`,
    default: DEFAULT_ROUND_LIMIT,
  },
];

export function resolveOptions(o: Options): AaeOptions {
  return {
    bid: o.bid !== false,
    roundLimit: typeof o.roundLimit === 'number' && Number.isInteger(o.roundLimit) && o.roundLimit >= 0 ? o.roundLimit : DEFAULT_ROUND_LIMIT,
    house: houseSwitches(o),
  };
}

export const ALL_OPTIONS: OptionInfo[] = [...BASE_OPTIONS, ...HOUSE_OPTIONS];

type SetupResult = Omit<AaeState, 'ruleset' | 'scenario' | 'rng' | 'seq' | 'outcome' | 'sealed'> & { stack: Frame[] };

/** The powers a game holds: the four, then the Axis Minor and Vichy only with their options (so a game without them keeps its old state). */
export function powersInPlay(opts: AaeOptions): Power[] {
  return ALL_POWERS.filter((p) => (p !== AXIS_MINOR || opts.house['axis-minor']) && (p !== VICHY || opts.house.vichy));
}

/** No unit bought yet, for every power in play. */
export function emptyPending(opts: AaeOptions): Record<Power, UnitType[]> {
  return Object.fromEntries(powersInPlay(opts).map((p) => [p, []])) as unknown as Record<Power, UnitType[]>;
}

export function initialState(options: Options): SetupResult {
  const opts = resolveOptions(options);
  const control: Record<string, Power | null> = {};
  for (const a of [...AAE_DATA.map.areas, ...(opts.house.regions ? AAE_DATA.house.regions : [])]) {
    if (a.kind === 'land') control[a.id] = a.owner ?? null;
    else if (a.owner) control[a.id] = a.owner;
  }
  const units: Unit[] = [];
  let next = 1;
  for (const e of AAE_DATA.setup.units) {
    for (let i = 0; i < e.count; i++) units.push({ id: `u${next++}`, type: e.type as UnitType, power: e.power, at: e.area });
  }
  if (opts.house.surrender || opts.house['axis-minor']) markMinorNations(units);
  const ipcs = Object.fromEntries(powersInPlay(opts).map((p) => [p, (AAE_DATA.setup.ipcs as Partial<Record<Power, number>>)[p] ?? 0])) as Record<Power, number>;
  if (opts.house['axis-minor']) setUpAxisMinor(opts, units, control, ipcs);
  const vichy = opts.house.vichy ? setUpVichy(units, control, next) : null;
  if (vichy) next = vichy.nextId;
  const state: SetupResult = {
    opts,
    round: 1,
    power: AAE_DATA.setup.turnOrder[0]!,
    phase: 'bid',
    ipcs,
    control,
    units,
    nextId: next,
    pending: emptyPending(opts),
    capturedThisTurn: [],
    battles: [],
    victoryWatch: {},
    ...(vichy ? { house: { vichy: vichy.house } } : {}),
    stack: [{ proc: 'game', step: 'bid' }],
  };
  return state;
}
