// 2WW 4 Sequence of play: A strategic warfare, B production (both skipped on turn 1), C Axis player turn,
// D Allied player turn, E Armored Action (Axis, then Allies), F supply, G end-of-turn adjustment; victory after
// Spring 1945 (13).
import { write } from '../../engine/index.ts';
import type { Frame, Procedure } from '../../engine/index.ts';
import { turnInfo } from './data/index.ts';
import { conquestAndLiberation, iraqRebellionRoll, politicalClock } from './politics.ts';
import type { Side, TwoWWState } from './state.ts';
import { actionOf, type EndOfTurnAction } from './actions.ts';
import { supplyPhase } from './supply.ts';
import { victoryLevel } from './victory.ts';
import { eliminateUnit, onMap, sideOfUnit, unitDef, unitName } from './world.ts';

export const LAST_TURN = 23;

const GAME_STEPS = ['politics', 'strategic-warfare', 'production', 'production-stacking', 'axis-turn', 'allied-turn',
  'armored-axis', 'armored-allies', 'supply', 'end-of-turn', 'next-turn'] as const;

interface GameFrame extends Frame { step?: number }

export function turnLabel(turn: number): string {
  try {
    return turnInfo(turn).label;
  } catch {
    return `turn ${turn}`;
  }
}

/** The game turn loop. */
export const game: Procedure<TwoWWState, GameFrame> = {
  run(ctx, frame) {
    const s = ctx.state;
    const i = frame.step ?? 0;
    const step = GAME_STEPS[i]!;
    const next = (): void => ctx.goto('game', { step: (i + 1) % GAME_STEPS.length });
    const first = s.turn === 1;
    switch (step) {
      case 'politics':
        s.phase = `${turnLabel(s.turn)}: start`;
        ctx.log(`${turnLabel(s.turn)} begins`, '2WW 4');
        politicalClock(ctx);
        next();
        if (!first) iraqRebellionRoll(ctx);
        return;
      case 'strategic-warfare':
        next();
        if (!first) {
          s.phase = 'Strategic warfare';
          s.activeSide = null;
          ctx.push('strategic-warfare', {});
        }
        return;
      case 'production':
        next();
        if (!first) {
          s.phase = 'Production';
          s.activeSide = null;
          ctx.push('production', {});
        }
        return;
      case 'production-stacking':
        next();
        if (!first) ctx.push('stacking', {});
        return;
      case 'axis-turn':
      case 'allied-turn':
        next();
        ctx.push('player-turn', { side: step === 'axis-turn' ? 'axis' : 'allies' });
        return;
      case 'armored-axis':
      case 'armored-allies':
        next();
        ctx.push('armored-action', { side: step === 'armored-axis' ? 'axis' : 'allies' });
        return;
      case 'supply':
        s.phase = 'Supply';
        s.activeSide = null;
        supplyPhase(s, (t, r) => ctx.log(t, r));
        next();
        return;
      case 'end-of-turn':
        next();
        ctx.push('end-of-turn', {});
        return;
      case 'next-turn':
        conquestAndLiberation(ctx);
        if (s.turn >= LAST_TURN) {
          ctx.end(victoryLevel(s));
          return;
        }
        s.turn++;
        next();
        return;
    }
  },
};

export interface SideFrame extends Frame { side: Side; step?: number }

/** 2WW 4.2 C/D: clear Ops Complete, movement phase, stacking, combat phase, stacking. */
export const playerTurn: Procedure<TwoWWState, SideFrame> = {
  run(ctx, frame) {
    const s = ctx.state;
    const step = frame.step ?? 0;
    const go = () => ctx.goto('player-turn', { side: frame.side, step: step + 1 });
    s.activeSide = frame.side;
    const who = frame.side === 'axis' ? 'Axis' : 'Allied';
    switch (step) {
      case 0:
        for (const [id, u] of Object.entries(s.units)) if (sideOfUnit(s, id) === frame.side && u.ops !== false) write(s, 'units', id).ops = false;
        ctx.log(`${who} player turn: Ops Complete markers removed`, '2WW 4.2 C.1');
        go();
        ctx.push('movement-phase', { side: frame.side });
        return;
      case 1:
        go();
        ctx.push('stacking', {});
        return;
      case 2:
        go();
        s.phase = `${who} combat`;
        ctx.push('combat-phase', { side: frame.side });
        return;
      case 3:
        go();
        clearLandings(s, frame.side);
        ctx.push('stacking', {});
        return;
      default:
        ctx.pop();
    }
  },
};

/** After combat, forced-attack marks end (2WW 5.2.3 is resolved by the combat procedures). */
function clearLandings(s: TwoWWState, side: Side): void {
  for (const [id, u] of Object.entries(s.units)) if (sideOfUnit(s, id) === side && 'mustAttack' in u) delete write(s, 'units', id).mustAttack;
}

interface EndFrame extends Frame { side?: Side; done?: Side[] }

/** Unnamed forts a side may take off the map (2WW 4.2 G). */
export function removableForts(s: TwoWWState, side: Side): string[] {
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    const d = unitDef(s, id);
    return onMap(u.where) && d.type === 'fort' && !d.name && sideOfUnit(s, id) === side && !['Maginot', 'Moscow', 'Leningrad', 'Sevastopol', 'Gibraltar', 'Malta'].includes(d.designation ?? '');
  }).sort();
}

/** 2WW 4.2 G: each side may remove unnamed forts, then the turn marker advances. */
export const endOfTurn: Procedure<TwoWWState, EndFrame> = {
  prompts(s, f) {
    const done = f.done ?? [];
    for (const side of ['axis', 'allies'] as Side[]) {
      if (done.includes(side)) continue;
      const forts = removableForts(s, side);
      if (!forts.length) continue;
      return [{
        seat: side, rule: '2WW 4.2 G', kind: 'remove-fort', text: 'End of turn: remove unnamed forts if you wish',
        choices: [...forts.map((id) => ({ action: { type: 'remove-fort', unit: id }, label: `Remove ${unitName(s, id)} at ${s.units[id]!.where}`, refs: { units: [id], place: s.units[id]!.where } })),
          { action: { type: 'done' }, label: 'Keep the forts' }],
      }];
    }
    return [];
  },
  run(ctx) {
    ctx.state.phase = 'End of turn';
    ctx.pop();
  },
  act(ctx, f, seat, action) {
    const done = f.done ?? [];
    const a = actionOf<EndOfTurnAction>(action);
    if (a.type === 'remove-fort') {
      eliminateUnit(ctx.state, a.unit);
      ctx.log(`${unitName(ctx.state, a.unit)} is removed from the map`, '2WW 4.2 G');
      ctx.goto('end-of-turn', { done });
      return;
    }
    ctx.goto('end-of-turn', { done: [...done, seat as Side] });
  },
};
