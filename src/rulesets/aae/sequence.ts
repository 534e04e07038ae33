// AAE Order of Play: the special cash advance, then rounds in which Germany, the Soviet Union, the United Kingdom
// and the United States each play a turn: purchase units, combat move, conduct combat, noncombat move, mobilize new
// units, collect income. Victory is checked where AAE Victory says; the Soviet Union takes over Allied units at its
// factories at the end of its noncombat move (the Soviet Patriotic War, Lend-Lease).
import type { Choice, Frame, Procedure } from '../../engine/index.ts';
import type { Power } from './data/index.ts';
import { collectIncome, middleEastDue } from './income.ts';
import type { AaeState } from './state.ts';
import { POWER_NAMES, TURN_ORDER, powerPossessive, area, areaName, controller, hasFactory, sideOf, unitData } from './world.ts';
import { RULE_VICTORY, alliedConditionMet, axisConditionMet, roundLimitOutcome } from './victory.ts';
import { houseTurnEnd, houseTurnStart, japanReturn } from './house/turn.ts';
import { checkSupply } from './house/supply.ts';
import { militiaDue } from './house/militia.ts';
import { surrenderAtTurnEnd } from './house/surrender.ts';
import { mayDeclare, offensiveFought, offensiveUnitsMoved } from './house/early-offensive.ts';
import { relocations } from './house/relocation.ts';
import { turnOrder } from './house/axis-minor.ts';
import { vichyTurnEnd } from './house/vichy.ts';
import { houseLastRound, houseLimitOutcome, houseVictoryAtTurnEnd } from './house/victory.ts';

export const RULE_ORDER_OF_PLAY = 'AAE Order of Play';
export const RULE_LEND_LEASE = 'AAE Soviet Patriotic War (Lend-Lease)';
export const RULE_REPAIR = 'AAE Battleships: repair';

interface GameFrame extends Frame { step: 'bid' | 'round' }

export const game: Procedure<AaeState, GameFrame> = {
  run(ctx, f) {
    const s = ctx.state;
    if (f.step === 'bid') {
      ctx.goto('game', { step: 'round' });
      if (s.opts.bid) {
        s.phase = 'bid';
        // Pushed last runs first: Germany, then the Soviet Union, the United Kingdom, the United States.
        for (const p of [...TURN_ORDER].reverse()) ctx.push('purchase', { power: p, bid: bidFor(s, p) });
      }
      return;
    }
    // A new round: each power's turn in order (pushed in reverse).
    if (s.opts.house.victory && s.round > houseLastRound(s)) {
      ctx.end(houseLimitOutcome(s));
      return;
    }
    if (s.opts.roundLimit > 0 && s.round > s.opts.roundLimit) {
      ctx.end(roundLimitOutcome(s));
      return;
    }
    ctx.log(`Round ${s.round} begins`, RULE_ORDER_OF_PLAY);
    ctx.goto('game', { step: 'round' });
    ctx.push('end-round', {});
    for (const p of [...turnOrder(s)].reverse()) ctx.push('turn', { power: p, step: 'start' });
  },
};

/** Germany spends its advance alone; the Allies share theirs (what one leaves, the next may spend). */
function bidFor(s: AaeState, p: Power): number {
  return sideOf(p) === 'axis' ? 12 : (s.alliedBid ?? 12);
}

export const endRound: Procedure<AaeState, Frame> = {
  run(ctx) {
    ctx.state.round++;
    ctx.pop();
  },
};

const TURN_STEPS = ['start', 'purchase', 'combat-move', 'combat', 'after-combat', 'noncombat-move', 'lend-lease', 'mobilize', 'income', 'end'] as const;
type TurnStep = (typeof TURN_STEPS)[number];

interface TurnFrame extends Frame { power: Power; step: TurnStep }

export const turn: Procedure<AaeState, TurnFrame> = {
  run(ctx, f) {
    const s = ctx.state;
    const p = f.power;
    const i = TURN_STEPS.indexOf(f.step);
    const next = () => ctx.goto('turn', { power: p, step: TURN_STEPS[i + 1] ?? 'end' });
    switch (f.step) {
      case 'start': {
        // AAE Victory: a condition met a full round ago and still met wins now.
        if (p === 'germany' && s.victoryWatch.axis !== undefined && axisConditionMet(s)) {
          ctx.end({ winner: 'germany', result: 'Axis victory: Germany holds an Allied capital and Berlin', rule: RULE_VICTORY });
          return;
        }
        if (p === 'ussr' && s.victoryWatch.allies !== undefined && alliedConditionMet(s)) {
          ctx.end({ winner: 'ussr', result: 'Allied victory: Germany is taken and holds no Allied capital', rule: RULE_VICTORY });
          return;
        }
        s.power = p;
        s.capturedThisTurn = [];
        s.battles = [];
        for (const u of s.units) {
          if (u.power !== p) continue;
          u.spent = undefined; u.done = undefined; u.combatMoved = undefined; u.fought = undefined;
          u.mission = undefined; u.cameFrom = undefined; u.landing = undefined; u.submerged = undefined; u.boardedThisTurn = undefined; u.secondAttack = undefined;
          u.landedWithCraft = undefined;
        }
        if (p === 'ussr') offensiveUnitsMoved(s);
        ctx.log(`${powerPossessive(p)} turn (round ${s.round})`, RULE_ORDER_OF_PLAY);
        next();
        houseTurnStart(ctx, p);
        return;
      }
      case 'purchase':
        s.phase = 'purchase';
        next();
        // House rules l.127: the Soviets may strike first, once Germany has bought its units.
        if (mayDeclare(s)) ctx.push('early-offensive', { step: 'ask' });
        ctx.push('purchase', { power: p });
        return;
      case 'combat-move':
        if (p === 'ussr' && offensiveFought(s)) { ctx.goto('turn', { power: p, step: 'after-combat' }); return; }
        s.phase = 'combat-move';
        if (s.opts.house.supply) checkSupply(ctx);
        next();
        ctx.push('move', { mode: 'combat' });
        return;
      case 'combat':
        s.phase = 'combat';
        next();
        ctx.push('combat', {});
        return;
      case 'after-combat':
        if (s.opts.house.victory) { next(); return; }
        if (p === 'germany' && axisConditionMet(s) && s.victoryWatch.axis === undefined) {
          s.victoryWatch.axis = s.round;
          ctx.log('Germany holds Berlin and an Allied capital: the Axis win if they still do when Germany\'s next turn begins', RULE_VICTORY);
        }
        if (p === 'usa' && alliedConditionMet(s) && s.victoryWatch.allies === undefined) {
          s.victoryWatch.allies = s.round;
          ctx.log('The Allies hold Berlin: they win if they still do when the Soviet Union\'s next turn begins', RULE_VICTORY);
        }
        next();
        return;
      case 'noncombat-move':
        s.phase = 'noncombat-move';
        next();
        ctx.push('move', { mode: 'noncombat' });
        japanReturn(ctx);
        return;
      case 'lend-lease':
        next();
        if (p === 'ussr' && lendLeaseUnits(s).length) ctx.push('lend-lease', {});
        // House rules l.133: after its noncombat move the Soviet Union may move a complex.
        if (p === 'ussr' && relocations(s).length) ctx.push('relocate', {});
        return;
      case 'mobilize':
        s.phase = 'mobilize';
        next();
        ctx.push('mobilize', { power: p });
        return;
      case 'income': {
        s.phase = 'income';
        next();
        collectIncome(ctx, p);
        const due = p === 'germany' ? middleEastDue(s) : 0;
        if (due > 0) ctx.push('middle-east', { due });
        return;
      }
      case 'end': {
        // House rules l.129: the militia of a city held are disbanded or made infantry (the step runs again after).
        const city = militiaDue(s, p);
        if (city) { ctx.push('militia-end', { city, power: p }); return; }
        for (const u of s.units) {
          // House rules l.10: repairs cost IPCs in port instead (house/repairs.ts).
          if (u.power === p && u.damage && !s.opts.house.repairs) { u.damage = undefined; ctx.log(`${POWER_NAMES[p]} battleship in ${areaName(u.at)} is repaired`, RULE_REPAIR); }
        }
        if (p === 'germany' && s.victoryWatch.allies !== undefined && !alliedConditionMet(s)) s.victoryWatch.allies = undefined;
        if (p === 'usa' && s.victoryWatch.axis !== undefined && !axisConditionMet(s)) s.victoryWatch.axis = undefined;
        houseTurnEnd(ctx, p);
        surrenderAtTurnEnd(ctx);
        vichyTurnEnd(ctx);
        // House rules l.241: each power's own goal, at the end of every turn.
        const won = s.opts.house.victory ? houseVictoryAtTurnEnd(s) : null;
        if (won) { ctx.end(won); return; }
        ctx.pop();
        return;
      }
    }
  },
};

/** UK and US units the Soviet Union may take over: in Soviet-held territories with a Soviet industrial complex. */
export function lendLeaseUnits(s: AaeState) {
  return s.units.filter((u) => (u.power === 'uk' || u.power === 'usa') && unitData(u.type).domain !== 'sea'
    && controller(s, u.at) === 'ussr' && areaOwnedFactory(s, u.at));
}

const areaOwnedFactory = (s: AaeState, id: string): boolean => hasFactory(s, id) && area(id).owner === 'ussr';

export const lendLease: Procedure<AaeState, Frame> = {
  prompts(s) {
    const units = lendLeaseUnits(s);
    if (units.length === 0) return [];
    const seen = new Set<string>();
    const choices: Choice[] = [];
    for (const u of units) {
      const k = `${u.at}|${u.power}|${u.type}`;
      if (seen.has(k)) continue;
      seen.add(k);
      choices.push({ action: { type: 'take-over', unit: u.id }, label: `take over the ${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} in ${areaName(u.at)}`, refs: { units: [u.id], place: u.at } });
    }
    choices.push({ action: { type: 'done' }, label: 'done' });
    return [{ seat: 'ussr', rule: RULE_LEND_LEASE, kind: 'choose', text: 'Soviet Patriotic War: take over Allied units at your industrial complexes?', choices }];
  },
  run(ctx) { ctx.pop(); },
  act(ctx, _f, _seat, a) {
    if (a.type === 'done') { ctx.pop(); return; }
    const u = ctx.state.units.find((x) => x.id === a.unit)!;
    ctx.log(`The Soviet Union takes over the ${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} in ${areaName(u.at)}`, RULE_LEND_LEASE);
    u.power = 'ussr';
  },
};
