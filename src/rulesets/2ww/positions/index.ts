// 2WW positions (docs/positions.md): start a game from any position, and take the position of any game state.
import type { Json, PositionSupport } from '../../../engine/index.ts';
import type { TwoWWState } from '../state.ts';
import { bodyOfPosition, positionOfState } from './convert.ts';
import type { TwoWWPosition } from './format.ts';
import { validatePosition } from './validate.ts';

export { validatePosition } from './validate.ts';
export { bodyOfPosition, positionOfState, phaseOfStack, phaseStartStack, GAME_STEP_PHASE } from './convert.ts';
export * from './format.ts';

export const twoWWPositions: PositionSupport<TwoWWState> = {
  validate: (position) => validatePosition(position),
  fromPosition(_ctx, position) {
    const problems = validatePosition(position);
    if (problems.length) {
      throw new Error(`2ww position: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
    }
    return bodyOfPosition(position as unknown as TwoWWPosition) as ReturnType<PositionSupport<TwoWWState>['fromPosition']>;
  },
  toPosition: (state) => positionOfState(state) as unknown as Json,
};
