// The 2WW rule set: "2WW: The War in Europe" (One Small Step, 3rd edition, rules v1.2f). See docs/rulesets/2ww.md.
import type { Json, Ruleset } from '../../engine/index.ts';
import { twoWWAssets } from './assets.ts';
import { twoWWBoardView } from './board-view.ts';
import { lazy } from './data/lazy.ts';
import { turnLabel } from './sequence-of-play.ts';
import { campaignSetup } from './setup.ts';
import { twoWWInvariants } from './invariants.ts';
import type { TwoWWState } from './state.ts';
import { twoWWPositions } from './positions/index.ts';
import { twoWWProcedures } from './procedures.ts';

/** The board contract's static part (src/engine/board.ts), built once from the data files. */
const assets = lazy(twoWWAssets);

export const twoWW: Ruleset<TwoWWState> = {
  id: '2ww',
  title: '2WW: The War in Europe',
  rulesVersion: '0.2.0', // 0.2.0: ruling R-18c (a won assault on an empty port takes control of it)
  copyOnWrite: true,
  seats: ['axis', 'allies'],
  scenarios: [{
    id: 'campaign-1939', name: 'The War in Europe, Autumn 1939',
    description: 'The full campaign, Autumn 1939 to Spring 1945 (23 turns).', seats: ['axis', 'allies'],
  }],
  options: [{
    id: 'quickSetup', name: 'Quick setup',
    description: 'Deploy the "anywhere in X" units of section 2 by a default deployment instead of placing them one by one.',
    default: false, values: [false, true],
  }],
  procedures: twoWWProcedures,
  setup(_ctx, _scenario, options) {
    return campaignSetup(options) as ReturnType<Ruleset<TwoWWState>['setup']>;
  },
  view(state) {
    const { rng: _r, sealed: _s, ...rest } = state;
    return rest as unknown as Json;
  },
  invariants: twoWWInvariants,
  positions: twoWWPositions,
  describe(state) {
    return `${turnLabel(state.turn)}: ${state.phase}`;
  },
  boardView: (state) => twoWWBoardView(state),
  assets,
};

export default twoWW;
