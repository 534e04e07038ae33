// House-rule steps at the start of a power's turn (none switched on: nothing happens).
import type { Ctx } from '../../../engine/index.ts';
import type { Power } from '../data/index.ts';
import type { AaeState } from '../state.ts';

export function houseTurnStart(_ctx: Ctx<AaeState>, _p: Power): void {}
