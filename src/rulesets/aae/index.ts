// The `aae` rule set: Axis & Allies: Europe (Avalon Hill 1999), the base game, with the house rules of the second
// draft as options. See docs/rulesets/aae.md.
import type { Json, Procedure, Ruleset } from '../../engine/index.ts';
import { battle } from './battle.ts';
import { raid } from './bombing.ts';
import { aaeAssets, aaeBoardView } from './board-view.ts';
import { combatPhase } from './combat.ts';
import { AXIS_MINOR, validateAaeData } from './data/index.ts';
import { middleEastPenalty } from './income.ts';
import { aaeInvariants } from './invariants.ts';
import { movePhase } from './move-phase.ts';
import { bidPlace, mobilize, purchase } from './production.ts';
import { endRound, game, lendLease, turn } from './sequence.ts';
import { ALL_OPTIONS, SCENARIO, initialState } from './setup.ts';
import type { AaeState } from './state.ts';
import { POWER_NAMES } from './world.ts';
import { commonwealth, liberation, reservistsPlace } from './house/turn.ts';
import { axisOil } from './house/oil.ts';
import { militiaCall, militiaEnd } from './house/militia.ts';
import { repairs } from './house/repairs.ts';
import { secondAttack } from './house/second-attack.ts';
import { aaePositions } from './positions.ts';
import { timeTrack } from './house/production-cycle.ts';
import { earlyOffensive } from './house/early-offensive.ts';
import { relocation } from './house/relocation.ts';
import { research } from './house/research.ts';
import { convoyAttack, ultra } from './house/convoy-attack.ts';
import { partisans } from './house/partisan-units.ts';

const procedures: Record<string, Procedure<AaeState, any>> = {
  game, 'end-round': endRound, turn, purchase, 'bid-place': bidPlace, move: movePhase, combat: combatPhase, battle, raid,
  mobilize, 'middle-east': middleEastPenalty, 'lend-lease': lendLease, reservists: reservistsPlace, commonwealth, liberation, repairs, 'axis-oil': axisOil, militia: militiaCall, 'militia-end': militiaEnd,
  'second-attack': secondAttack, 'time-track': timeTrack, 'early-offensive': earlyOffensive, relocate: relocation, research, 'convoy-attack': convoyAttack, partisans, ultra,
};

/** The four powers, then the Axis Minor (house rules l.3: its seat is prompted only with hr-axis-minor). */
const SEATS = ['germany', 'ussr', 'uk', 'usa', 'minor'];

const PHASE_NAMES: Record<string, string> = {
  bid: 'special cash advance', purchase: 'purchase units', 'combat-move': 'combat move', combat: 'conduct combat',
  'noncombat-move': 'noncombat move', mobilize: 'mobilize new units', income: 'collect income', over: 'game over',
};

export const aae: Ruleset<AaeState> = {
  id: 'aae',
  title: 'Axis & Allies: Europe',
  rulesVersion: '0.1.1',
  seats: SEATS,
  scenarios: [{
    id: SCENARIO, name: 'Spring 1941',
    description: 'The base game: Germany, the Soviet Union, the United Kingdom and the United States, from the eve of Barbarossa (the Axis Minor seat plays only with the house rule hr-axis-minor).',
    seats: SEATS,
  }],
  seatOptions: { [AXIS_MINOR]: 'hr-axis-minor' },
  options: ALL_OPTIONS,
  procedures,
  setup(_ctx, _scenario, options) {
    return initialState(options);
  },
  view(state) {
    const { rng: _r, sealed: _s, ...rest } = state;
    return rest as unknown as Json;
  },
  boardView: (state) => aaeBoardView(state),
  invariants: aaeInvariants,
  describe(state) {
    // The special cash advance comes before round 1 and is each power's in turn, not the phasing power's.
    if (state.phase === 'bid') return `Round ${state.round}: ${PHASE_NAMES.bid}`;
    return `Round ${state.round}, ${POWER_NAMES[state.power]}: ${PHASE_NAMES[state.phase] ?? state.phase}`;
  },
  assets: () => aaeAssets(),
  validateData: () => validateAaeData(),
  positions: aaePositions,
};

export default aae;
