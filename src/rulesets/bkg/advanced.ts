// The advanced game's turn start (advanced 5.1-5.5): the USSR-Japan peace roll, initiative with the Initiative card,
// weather per map, the Japanese-Chinese limits; and the US Entry phase (advanced 7.2).
import { write, type Choice, type Ctx, type Frame, type Procedure, type Prompt } from '../../engine/index.ts';
import { bkgData } from './data/index.ts';
import { area } from './map.ts';
import { atWar, isConquered, usaEntersWar } from './politics.ts';
import { MAJORS, POWER_NAMES, SIDE_NAMES, otherSide, sideOfMajor, type Major, type Side } from './powers.ts';
import { type BkgState, type Weather, optional, quarterOf } from './state.ts';
import { holdsPlayable, spendCard } from './cards.ts';

/** Weather of the map an area or sea zone lies on (advanced 5.4). */
export function weatherAt(s: BkgState, place: string): Weather {
  if (s.rules !== 'advanced') return 'good';
  return area(place).map === 'europe' ? s.weather.europe : s.weather.pacific;
}

/** Advanced 5.4: the Weather Table, by map and quarter. */
export function weatherOf(roll: number, quarter: number): { europe: Weather; pacific: Weather } {
  const t = bkgData().tables.weather;
  const q = String(quarter) as '1' | '2' | '3' | '4';
  return { europe: t.europe[q].includes(roll) ? 'bad' : 'good', pacific: t.pacific[q].includes(roll) ? 'bad' : 'good' };
}

/** Card Force Peace (1941 card: in effect): each Time Table phase the USSR rolls 2D6 + years after 1940; 12 ends it. */
export function peaceRoll(ctx: Ctx<BkgState>): void {
  const s = ctx.state;
  if (!s.events.includes('ussr-japan-peace')) return;
  const { year } = quarterOf(s);
  const r = ctx.roll(6, 2, 'USSR-Japan peace roll', 'BKG card Force Peace');
  const total = r.total + Math.max(0, year - 1940);
  if (total >= 12) {
    s.events = s.events.filter((e) => e !== 'ussr-japan-peace');
    // The card leaves the cards in effect (played) or out of the game (the 1941 set-up) for beneath the stack.
    write(s, 'cards').inEffect = s.cards.inEffect.filter((c) => c !== 'force-peace');
    write(s, 'cards').removed = s.cards.removed.filter((c) => c !== 'force-peace');
    write(s, 'cards', 'deck').push('force-peace');
    ctx.log(`The peace between the USSR and Japan ends (${r.total} + ${year - 1940} = ${total})`, 'BKG card Force Peace');
  } else ctx.log(`The USSR-Japan peace continues (${r.total} + ${year - 1940} = ${total}, less than 12)`, 'BKG card Force Peace');
}

interface InitiativeFrame extends Frame {
  proc: 'initiative';
  /** Winner of the rolls (before a card). */
  winner: Side;
  asked: Major[];
  /** Optional 9.13: the initiative is settled; its side chooses which side moves first. */
  order?: boolean;
}

/** The major deciding for a side: its first major not conquered, bosses first (basic 1.0). */
function bossOf(s: BkgState, side: Side): Major {
  return MAJORS.find((m) => sideOfMajor(s, m) === side && !isConquered(s, m)) ?? MAJORS.find((m) => sideOfMajor(s, m) === side)!;
}

/** Optional 9.13: once the initiative is settled, its side may choose which side is phasing first. */
function settleInitiative(ctx: Ctx<BkgState>, side: Side, f?: InitiativeFrame): void {
  ctx.state.initiative = side;
  if (!optional(ctx.state, 'altInitiative')) return void (f && ctx.pop());
  const frame = { winner: side, asked: [] as Major[], order: true };
  if (f) ctx.goto('initiative', frame);
  else ctx.push('initiative', frame);
}

/** Advanced 5.3: each side rolls a die, the higher wins, a tie goes to the side that did not have it last turn. */
export function rollInitiative(ctx: Ctx<BkgState>): void {
  const s = ctx.state;
  if (s.initiative) { // the 1939 card gives the first turn's initiative
    ctx.log(`Initiative: ${s.initiative === 'axis' ? 'Axis' : 'Allies'} (scenario card)`, 'BKG advanced 5.3');
    return settleInitiative(ctx, s.initiative);
  }
  const a = ctx.roll(6, 1, 'Axis initiative roll', 'BKG advanced 5.3').total;
  const b = ctx.roll(6, 1, 'Allied initiative roll', 'BKG advanced 5.3').total;
  const winner: Side = a > b ? 'axis' : b > a ? 'allies' : s.lastInitiative === 'axis' ? 'allies' : 'axis';
  ctx.log(`Initiative rolls: Axis ${a}, Allies ${b}: ${winner === 'axis' ? 'Axis' : 'Allied'} initiative`, 'BKG advanced 5.3');
  ctx.push('initiative', { winner, asked: [] });
}

/** Card "Initiative for your side": the side that lost the rolls may turn them (then the card goes beneath the stack). */
export const initiative: Procedure<BkgState, InitiativeFrame> = {
  prompts(s, f) {
    if (f.order) {
      const name = f.winner === 'axis' ? 'Axis' : 'Allies';
      return [{
        seat: bossOf(s, f.winner), rule: 'BKG advanced 9.13', kind: 'choice',
        text: `The ${name} have the initiative: which side moves first this quarter?`,
        choices: [
          { action: { type: 'order', first: f.winner }, label: `The ${name} move first` },
          { action: { type: 'order', first: f.winner === 'axis' ? 'allies' : 'axis' }, label: `The ${f.winner === 'axis' ? 'Allies' : 'Axis'} move first` },
        ],
      }];
    }
    const loser: Side = f.winner === 'axis' ? 'allies' : 'axis';
    const out: Prompt[] = [];
    for (const m of MAJORS) {
      if (sideOfMajor(s, m) !== loser || f.asked.includes(m) || !holdsPlayable(s, m, 'initiative')) continue;
      out.push({
        seat: m, rule: 'BKG card Initiative', kind: 'card',
        text: `${f.winner === 'axis' ? 'The Axis' : 'The Allies'} won the initiative rolls. Play "Initiative for your side"?`,
        choices: [{ action: { type: 'play', card: 'initiative' }, label: 'Play Initiative: your side has the initiative' }, { action: { type: 'pass' }, label: 'Do not play it' }],
      });
    }
    return out;
  },
  run(ctx, f) {
    settleInitiative(ctx, f.winner, f);
  },
  act(ctx, f, seat, action) {
    if (action.type === 'order') {
      if (action.first !== f.winner) ctx.state.moveFirst = action.first as Side;
      ctx.log(`The ${action.first === 'axis' ? 'Axis' : 'Allies'} move first this quarter (chosen by the side with the initiative)`, 'BKG advanced 9.13');
      return void ctx.pop();
    }
    if (action.type === 'pass') return void ctx.goto('initiative', { ...f, asked: [...f.asked, seat as Major] });
    spendCard(ctx, seat as Major, 'initiative');
    const side = sideOfMajor(ctx.state, seat as Major);
    ctx.log(`${POWER_NAMES[seat]} plays Initiative: the ${side === 'axis' ? 'Axis' : 'Allies'} have the initiative; the rolls are cancelled`, 'BKG card Initiative');
    settleInitiative(ctx, side, f);
  },
};

/** Advanced 5.4: the Soviet player rolls one die for both maps (the 1939 card gives the first roll: 5). */
export function rollWeather(ctx: Ctx<BkgState>): void {
  const s = ctx.state;
  const { q } = quarterOf(s);
  const fixed = s.turn === 1 ? bkgData().scenarios[s.firstQuarter === 2 ? '1939' : '1941']!.weatherRoll : undefined;
  const roll = fixed ?? ctx.roll(6, 1, 'weather roll', 'BKG advanced 5.4').total;
  s.weather = weatherOf(roll, q);
  ctx.log(`Weather (roll ${roll}${fixed ? ', scenario card' : ''}): Europe ${s.weather.europe}, Pacific ${s.weather.pacific}`, 'BKG advanced 5.4');
}

/** Advanced 5.5: a die gives the land units Japan and China may use against each other (at least 3). */
export function rollJpChLimits(ctx: Ctx<BkgState>): void {
  const s = ctx.state;
  s.jpch = { limit: 0, used: { japan: 0, china: 0 }, target: { japan: null, china: null } };
  if (!atWar(s, 'japan', 'china') || s.cards.inEffect.includes('national-war-china')) return;
  const r = ctx.roll(6, 1, 'Japanese-Chinese limits', 'BKG advanced 5.5').total;
  write(s, 'jpch').limit = Math.max(r, 3);
  ctx.log(`Japanese-Chinese limits: ${s.jpch.limit} land units each way, one attacked area each (roll ${r})`, 'BKG advanced 5.5');
}

interface UsEntryFrame extends Frame {
  proc: 'us-entry';
}

/** The cards about US entry that the USA and Japan may play in the US entry phase (cards are played "anytime"). */
const US_ENTRY_CARDS = ['us-prewar-production', 'bnl-production', 'bnl-embargo'];

/** Advanced 7.2: the neutral USA's production grows by 1 a quarter up to 20; cards may raise it (the tutorial's
 *  Increase US Pre-War Production, played with BNL Production and BNL Embargo: ruling 71); at 20 or more the USA may
 *  declare war. */
export function usEntryStep(ctx: Ctx<BkgState>): void {
  const s = ctx.state;
  if (s.events.includes('usa-war') || isConquered(s, 'usa')) return;
  if (s.production.usa < 20) {
    write(s, 'production').usa += 1;
    ctx.log(`US production +1 (US entry): ${s.production.usa}`, 'BKG advanced 7.2');
  }
  ctx.push('us-entry', {});
  ctx.push('segment-cards', { side: sideOfMajor(s, 'usa'), ended: [], seats: ['usa', 'japan'], only: US_ENTRY_CARDS });
}

export const usEntry: Procedure<BkgState, UsEntryFrame> = {
  run(ctx) {
    const s = ctx.state;
    if (s.production.usa < 20 || s.events.includes('usa-war')) ctx.pop();
  },
  prompts(s) {
    if (s.production.usa < 20 || s.events.includes('usa-war')) return [];
    const choices: Choice[] = [
      { action: { type: 'declare-war' }, label: `Declare war on the ${SIDE_NAMES[otherSide(sideOfMajor(s, 'usa'))]} (production 36)` },
      { action: { type: 'pass' }, label: 'Stay neutral this quarter' },
    ];
    return [{ seat: 'usa', rule: 'BKG advanced 7.2', kind: 'yes-no', text: `US production has reached 20: declare war on the ${SIDE_NAMES[otherSide(sideOfMajor(s, 'usa'))]}?`, choices }];
  },
  act(ctx, _f, _seat, action) {
    if (action.type === 'declare-war') usaEntersWar(ctx, 'BKG advanced 7.2', sideOfMajor(ctx.state, 'usa'));
    ctx.pop();
  },
};
