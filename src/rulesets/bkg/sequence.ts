// The sequence of play (basic 5.0): Time Table and reinforcements, the Axis then the Allied action segment, the turn
// end (conquest 7.1, income 7.2, production 7.3) and the victory check (8.5), quarter by quarter to 4/45.
import { write, type Frame, type Ctx, type Procedure } from '../../engine/index.ts';
import { peaceRoll, rollInitiative, rollJpChLimits, rollWeather, usEntryStep } from './advanced.ts';
import { isPointIsland } from './map.ts';
import { atomicSubmission, bombedIncome } from './bombing.ts';
import { railIncreases } from './production.ts';
import { noteYugoslavia } from './cards.ts';
import {
  allHomeLost, atWar, conquer, freeCountry, homeAreas, isConquered, italyEntersWar, leaderOf, ownerOf,
  protectorOf, scenarioOf, setControl, sideOf, endDelivery, ussrEntersWar, usaEntersWar,
} from './politics.ts';
import {
  BE_HOME_COUNTRIES, MAJORS, MINORS, POWER_ABBR, POWER_NAMES, SIDE_NAMES, isMajor, majorsOf, nonHistoric, otherSide, sideOfMajor,
  type Major, type Side,
} from './powers.ts';
import { area } from './map.ts';
import { type BkgState, lastTurn, optional, turnLabel } from './state.ts';

/** Time Table V1.1, basic game: fixed dates and the conditional events that have come true. */
export function timeTable(ctx: Ctx<BkgState>): void {
  const s = ctx.state;
  const label = turnLabel(s);
  if (label === '3/39' && !s.controller.poland) {
    // Germany's victim: BE plays it (optional 9.10: the major that plays a minor Germany's side attacks, ruling 99).
    const by = protectorOf(ctx, sideOfMajor(s, 'germany'));
    s.controller = { ...s.controller, poland: by };
    write(s, 'production')[by] += 2;
    ctx.log(`Poland joins the ${SIDE_NAMES[sideOfMajor(s, by)]}: its production goes to ${POWER_ABBR[by]} (${POWER_ABBR[by]} +2)`, 'BKG Time Table 3/39');
  }
  if (isConquered(s, 'poland') && !s.events.includes('poland-pact') && !atWar(s, 'ussr', 'germany')) {
    write(s, 'events').push('poland-pact');
    for (const u of Object.values(s.units)) if ((u.where === 'eastern-poland' || u.where === 'lwow') && leaderOf(s, u.power) === 'germany') write(s, 'units', u.id).where = 'western-poland';
    for (const id of ['eastern-poland', 'lwow', 'baltic']) setControl(ctx, id, 'ussr', 'BKG Time Table: Germany conquers Poland');
    if (sideOf(s, s.control['western-poland']!) === sideOfMajor(s, 'germany')) setControl(ctx, 'western-poland', 'germany', 'BKG Time Table: Germany conquers Poland');
    ctx.log('Germany conquered Poland: German units leave East Poland and Lwow; the USSR takes them and the Baltic', 'BKG Time Table');
  }
  if (label === '2/40') italyEntersWar(ctx);
  if (s.rules === 'advanced') peaceRoll(ctx);
  if (s.rules === 'basic') {
    if (label === '2/41') {
      if (s.deliveries['usa>japan']) endDelivery(ctx, 'usa>japan');
      ussrEntersWar(ctx, 'BKG Time Table 2/41', sideOfMajor(s, 'ussr'));
    }
    if (label === '4/41') usaEntersWar(ctx, 'BKG Time Table 4/41', sideOfMajor(s, 'usa'));
  }
}

/** A re-conquest that optional 9.4 lets the re-conquering major decide: free the country or keep the area. */
export interface Reconquest { country: string; area: string; by: Major }

/** 7.1: countries whose home areas are all enemy controlled are conquered; associates free one by re-conquest (with
 *  optional 9.4 the re-conquering major decides: the re-conquests it returns). */
export function conquestCheck(ctx: Ctx<BkgState>): Reconquest[] {
  const s = ctx.state;
  const offers: Reconquest[] = [];
  const countries = [...MAJORS.filter((m) => m !== 'be'), ...BE_HOME_COUNTRIES, ...MINORS];
  for (const c of countries) {
    if (homeAreas(c).length === 0) continue;
    const power = c;
    if (isConquered(s, c)) {
      const back = homeAreas(c).find((id) => sideOf(s, s.control[id]!) === sideOf(s, ownerOf(id)) && sideOf(s, s.control[id]!) !== null);
      if (!back || !(MAJORS as readonly string[]).includes(ownerOf(back))) continue;
      const by = leaderOf(s, s.control[back]!);
      if (optional(s, 'altReconquest') && isMajor(by) && by !== ownerOf(back)) { offers.push({ country: c, area: back, by }); continue; }
      setControl(ctx, back, ownerOf(back), 'BKG 7.1 (re-conquest)');
      freeCountry(ctx, c);
      continue;
    }
    if (!s.controller[power] && !(MAJORS as readonly string[]).includes(power) && !BE_HOME_COUNTRIES.includes(c as never)) continue; // a neutral
    if (allHomeLost(s, c)) conquer(ctx, c);
  }
  return offers;
}

interface ReconquestFrame extends Frame, Reconquest {
  proc: 'reconquest';
}

/** Optional 9.4: the re-conquering major frees its associate (7.1) or keeps the area's production as its own. */
export const reconquest: Procedure<BkgState, ReconquestFrame> = {
  prompts(s, f) {
    if (s.control[f.area] === undefined || leaderOf(s, s.control[f.area]!) !== f.by || !isConquered(s, f.country)) return [];
    return [{
      seat: f.by, rule: 'BKG advanced 9.4', kind: 'choice',
      text: `${POWER_NAMES[f.by]} has re-conquered ${area(f.area).name}: free ${POWER_NAMES[f.country] ?? f.country}, or keep the area's production?`,
      choices: [
        { action: { type: 'free' }, label: `Free ${POWER_NAMES[f.country] ?? f.country} (7.1)`, refs: { place: f.area } },
        { action: { type: 'keep' }, label: `Keep ${area(f.area).name}'s production (${POWER_NAMES[f.country] ?? f.country} stays conquered)`, refs: { place: f.area } },
      ],
    }];
  },
  run(ctx) {
    ctx.pop();
  },
  act(ctx, f, _seat, action) {
    if (action.type === 'free') {
      setControl(ctx, f.area, ownerOf(f.area), 'BKG 7.1 (re-conquest)');
      freeCountry(ctx, f.country);
    } else ctx.log(`${POWER_NAMES[f.by]} keeps ${area(f.area).name}; ${POWER_NAMES[f.country] ?? f.country} is not freed`, 'BKG advanced 9.4');
    ctx.pop();
  },
};

/** Basic 8.5: each BP counts one point, each Pacific island area without production one more. */
export function economicPoints(s: BkgState, side: Side): number {
  let pts = 0;
  for (const m of MAJORS) if (sideOfMajor(s, m) === side && !isConquered(s, m)) pts += Math.max(0, s.production[m]);
  for (const [id, c] of Object.entries(s.control)) if (isPointIsland(id) && sideOf(s, c) === side && !isConquered(s, leaderOf(s, c))) pts++;
  return pts;
}

/** Basic 8.5 total victory: more than half the other side's majors conquered (3 of the 5 Allied, 2 of the 3 Axis;
 *  optional 9.10 counts the chosen sides, ruling 99). */
export function majorsToConquer(s: BkgState, side: Side): number {
  return Math.floor(majorsOf(s, side).length / 2) + 1;
}

/** Basic 8.5 economic victory: 81 points for the Axis, 131 for the Allies; optional 9.10: 81 for the side with fewer
 *  production points in the scenario's set-up, 131 for the other (ruling 99). */
export function economicGoal(s: BkgState, side: Side): number {
  if (!nonHistoric(s)) return side === 'axis' ? 81 : 131;
  const sc = scenarioOf(s);
  const start = (d: Side) => majorsOf(s, d).reduce((n, m) => n + ((s.rules === 'advanced' ? sc.advancedProduction?.[m] : undefined) ?? sc.production[m] ?? 0), 0);
  const weaker: Side = start('allies') < start('axis') ? 'allies' : 'axis';
  return side === weaker ? 81 : 131;
}

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
const SIDE_ADJECTIVE: Record<Side, string> = { axis: 'Axis', allies: 'Allied' };

/** Basic 8.5: total victory (3 Allied / 2 Axis majors conquered), economic victory (81 / 131), a draw after 4/45. The
 *  winner named is the side's boss (optional 9.10: its first major, ruling 99). */
export function victoryCheck(ctx: Ctx<BkgState>): boolean {
  const s = ctx.state;
  const boss = (side: Side): Major => majorsOf(s, side)[0]!;
  const lost = (side: Side) => MAJORS.filter((m) => sideOfMajor(s, m) === side && isConquered(s, m)).length;
  for (const loser of ['allies', 'axis'] as const) {
    const n = majorsToConquer(s, loser), winner = otherSide(loser);
    if (lost(loser) >= n) {
      ctx.end({ winner: boss(winner), result: `Total ${SIDE_ADJECTIVE[winner]} victory: ${COUNT_WORDS[n]} ${SIDE_ADJECTIVE[loser]} major${n > 1 ? 's' : ''} conquered`, rule: 'BKG 8.5' });
      return true;
    }
  }
  const axis = economicPoints(s, 'axis'), allies = economicPoints(s, 'allies');
  const ax = axis >= economicGoal(s, 'axis'), al = allies >= economicGoal(s, 'allies');
  if (ax && !al) { ctx.end({ winner: boss('axis'), result: `Axis economic victory (${axis} points)`, rule: 'BKG 8.5' }); return true; }
  if (al && !ax) { ctx.end({ winner: boss('allies'), result: `Allied economic victory (${allies} points)`, rule: 'BKG 8.5' }); return true; }
  if (s.turn >= lastTurn(s.firstQuarter)) { ctx.end({ winner: null, result: `Draw: no victory by the end of 1945 (Axis ${axis}, Allies ${allies} points)`, rule: 'BKG 8.5' }); return true; }
  return false;
}

interface GameFrame extends Frame {
  proc: 'game';
  step: 'start' | 'reinforce' | 'initiative' | 'weather' | 'first' | 'second' | 'end' | 'us-entry' | 'income' | 'cards' | 'research' | 'produce' | 'victory';
}

/** One quarter after another (basic 5.0-7.3; advanced 5.0-7.6). */
export const game: Procedure<BkgState, GameFrame> = {
  run(ctx, f) {
    const s = ctx.state;
    const adv = s.rules === 'advanced';
    switch (f.step) {
      case 'start':
        s.phase = 'time table';
        s.activeSide = null;
        ctx.log(`Quarter ${turnLabel(s)} begins`, 'BKG 5.0');
        for (const u of Object.values(s.units)) if ('rebased' in u) delete write(s, 'units', u.id).rebased;
        s.effects = s.effects.filter((e) => e === 'fortress-destroyed');
        timeTable(ctx);
        if (adv) { atomicSubmission(ctx); noteYugoslavia(s); }
        return void ctx.goto('game', { step: 'reinforce' });
      case 'reinforce':
        s.phase = 'reinforcements';
        railIncreases(ctx);
        ctx.goto('game', { step: adv ? 'initiative' : 'first' });
        if (s.turn > 1 || s.firstQuarter !== 2) ctx.push('reinforcements', {});
        return;
      case 'initiative':
        s.phase = 'initiative';
        ctx.goto('game', { step: 'weather' });
        rollInitiative(ctx);
        return;
      case 'weather':
        rollWeather(ctx);
        rollJpChLimits(ctx);
        return void ctx.goto('game', { step: 'first' });
      case 'first': {
        const side: Side = adv ? s.moveFirst ?? s.initiative! : 'axis';
        ctx.goto('game', { step: 'second' });
        ctx.push('segment', { side, step: adv ? 'supply1' : 'move' });
        return;
      }
      case 'second': {
        const side: Side = adv ? otherSide(s.moveFirst ?? s.initiative!) : 'allies';
        ctx.goto('game', { step: 'end' });
        ctx.push('segment', { side, step: adv ? 'supply1' : 'move' });
        return;
      }
      case 'end':
        s.phase = 'turn end';
        s.activeSide = null;
      {
        const offers = conquestCheck(ctx);
        ctx.goto('game', { step: 'income' });
        if (adv) {
          s.lastInitiative = s.initiative;
          s.initiative = null;
          delete s.moveFirst;
          usEntryStep(ctx);
        }
        for (const o of offers) ctx.push('reconquest', { ...o });
        return;
      }
      case 'income': {
        // Advanced 6.5.6: production bombed this quarter is lost from this income.
        const bombed = Object.fromEntries(MAJORS.map((m) => [m, bombedIncome(s, m)])) as Record<Major, number>;
        const bombedAny = MAJORS.some((m) => bombed[m] > 0);
        for (const m of MAJORS) {
          if (isConquered(s, m)) { write(s, 'budget')[m] = 0; continue; }
          write(s, 'budget')[m] = Math.max(0, s.production[m] - bombed[m]) + s.saved[m];
          write(s, 'saved')[m] = 0;
        }
        ctx.log(`Income: ${MAJORS.filter((m) => !isConquered(s, m)).map((m) => `${POWER_NAMES[m]} ${s.production[m] - bombed[m]}${bombed[m] ? ` (${bombed[m]} bombed)` : ''}`).join(', ')}`, bombedAny ? 'BKG 7.2, advanced 6.5.6' : 'BKG 7.2');
        if (s.bombed) delete s.bombed;
        if (!adv) return void ctx.goto('game', { step: 'produce' });
        s.phase = 'cards';
        ctx.goto('game', { step: 'research' });
        ctx.push('card-phase', { order: cardOrder(s), at: 0 });
        return;
      }
      case 'research':
        s.phase = 'research';
        ctx.goto('game', { step: 'produce' });
        ctx.push('research', { step: 'buy', ended: [], order: [] });
        return;
      case 'produce':
        s.phase = 'production';
        ctx.goto('game', { step: 'victory' });
        ctx.push('production', { ended: [] });
        return;
      case 'victory':
        if (victoryCheck(ctx)) return;
        s.turn++;
        return void ctx.goto('game', { step: 'start' });
      default:
        throw new Error(`bkg game: unknown step ${f.step}`);
    }
  },
};

/** Advanced 7.4: the initiative side's majors draw first, each side in boss order. */
function cardOrder(s: BkgState): Major[] {
  const first = s.lastInitiative ?? 'axis';
  return [...MAJORS.filter((m) => sideOfMajor(s, m) === first), ...MAJORS.filter((m) => sideOfMajor(s, m) !== first)].filter((m) => !isConquered(s, m));
}
