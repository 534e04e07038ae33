// 2WW 10 Armored Action: after both player turns, the Axis then the Allies move armor only (+1 MP to enter an
// enemy ZOC, ZOC to ZOC allowed, no rail, airdrop or amphibious moves: movement.ts with armored=true), then attack
// with all land units and ready air units and fleets (10.2); stacking is checked at the end of each side's phase.
import type { Procedure } from '../../engine/index.ts';
import type { SideFrame } from './sequence-of-play.ts';
import type { TwoWWState } from './state.ts';

/** 2WW 10: armored movement, stacking, combat by all land units and ready air and fleets, stacking. */
export const armoredAction: Procedure<TwoWWState, SideFrame> = {
  run(ctx, frame) {
    const s = ctx.state;
    const step = frame.step ?? 0;
    const go = () => ctx.goto('armored-action', { side: frame.side, step: step + 1 });
    s.activeSide = frame.side;
    switch (step) {
      case 0:
        go();
        ctx.push('movement-phase', { side: frame.side, armored: true });
        return;
      case 1:
        go();
        s.phase = `${frame.side === 'axis' ? 'Axis' : 'Allied'} armored combat`;
        ctx.push('combat-phase', { side: frame.side, armoredAction: true });
        return;
      case 2:
        go();
        ctx.push('stacking', {});
        return;
      default:
        ctx.pop();
    }
  },
};

