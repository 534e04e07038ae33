// The procedure stack at the start of each part of a power's turn (positions start there; tests too).
import type { Frame } from '../../engine/index.ts';
import type { Power } from './data/index.ts';

export type StartPhase = 'purchase' | 'combat-move' | 'combat' | 'noncombat-move' | 'mobilize' | 'income' | 'start';

/** The turn step that follows each starting point (sequence.ts TURN_STEPS). */
const AFTER: Record<StartPhase, string> = {
  start: 'start', purchase: 'combat-move', 'combat-move': 'combat', combat: 'after-combat', 'noncombat-move': 'lend-lease', mobilize: 'income', income: 'end',
};

/** The procedure stack of `power`'s turn at `phase`, inside round play. */
export function stackAt(phase: StartPhase, power: Power): Frame[] {
  const base: Frame[] = [{ proc: 'game', step: 'round' }, { proc: 'end-round' }, { proc: 'turn', power, step: AFTER[phase] }];
  switch (phase) {
    case 'start': return base;
    case 'purchase': return [...base, { proc: 'purchase', power }];
    case 'combat-move': return [...base, { proc: 'move', mode: 'combat' }];
    case 'combat': return [...base, { proc: 'combat' }];
    case 'noncombat-move': return [...base, { proc: 'move', mode: 'noncombat' }];
    case 'mobilize': return [...base, { proc: 'mobilize', power }];
    case 'income': return [...base.slice(0, 2), { proc: 'turn', power, step: 'income' }];
  }
}
