// 2WW 6 Strategic warfare: city bombing (6.1) alternating until both sides pass in succession, then the Lend-Lease
// announcement (6.2, 12.3) and the convoy attack in the Atlantic box (6.2.1-6.2.3). The Iraq roll (A.1) is done by
// the sequence of play before this procedure is pushed.
import { write } from '../../engine/index.ts';
import type { Frame, Procedure } from '../../engine/index.ts';
import { lendLeaseMax, milestoneTurn } from './data/index.ts';
import type { Side, TwoWWState } from './state.ts';
import { actionOf, type CityBombingAction, type ConvoyLossAction, type ConvoySource, type StrategicAction } from './actions.ts';
import { hexData, placeName, worldOf } from './world.ts';
import { countryAt, isNeutralCountry } from './neutrals.ts';
import { isProductionCity } from './politics.ts';
import { fire, describeFire } from './combat/chart.ts';
import { fireData, goStep, inPlay, mkPrompt, names, rollFor, toggle, toggleChoices } from './combat/common.ts';
import { halve, bombingVolley, decideWinner } from './combat/resolve.ts';
import { controlOfHex } from './combat/rules-world.ts';
import { factorsOf, isFleet, otherSide, world } from './combat/world.ts';

export const ATLANTIC_OCEAN = 'atlantic-ocean';
export const ATLANTIC_LAND = 'atlantic-land';

/** Sources of Allied points exposed to a convoy attack (2WW 4.2 B.2, 6.2.3, 12.3.3). */
export type { ConvoySource };
const CONVOY_SOURCES: readonly ConvoySource[] = ['dominions', 'iraq', 'lend-lease-gb', 'lend-lease-su'];

/** Enemy production cities of `side` that can be bombed now (2WW 6.1): controlled by the enemy, not neutral. */
export function bombableCities(s: TwoWWState, side: Side): string[] {
  const w = worldOf(s);
  const out: string[] = [];
  for (let n = 0; n < w.board.hexCount; n++) {
    const h = hexData(w, n);
    if (!h || !isProductionCity(s, h)) continue;
    if (isNeutralCountry(s, countryAt(s, w, n))) continue;
    if (controlOfHex(s, h.id) !== otherSide(side)) continue;
    if (s.production.bombed.includes(h.id)) continue; // ruling R-27: a city bombed successfully has nothing left to lose
    out.push(h.id);
  }
  return out.sort();
}

function rangeOf(s: TwoWWState, id: string): number {
  const f = world(s).facts(s, id);
  return (s.units[id]!.reduced && f.reduced ? f.reduced : f.full).range ?? 3;
}

/** Air units a side may use for city bombing or interception (2WW 6.1.1-6.1.3: ready, once per turn). */
export function strategicAir(s: TwoWWState, side: Side, city: string, interceptOnly: boolean): string[] {
  const w = world(s);
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    if (!inPlay(s, id) || u.ops || u.strategicUsed || w.sideOf(s, id) !== side) return false;
    const f = w.facts(s, id);
    if (f.kind !== 'air' || (u.aboard && !f.naval)) return false;
    if (f.power === 'su' && s.politics.ussrNeutral) return false;
    if (interceptOnly && rangeOf(s, id) !== 3) return false;
    return w.exertsZocInto(s, id, city);
  }).sort();
}

export interface StrategicFrame extends Frame {
  step?: string;
  turnSide?: Side;
  passes?: number;
  convoyAttack?: boolean;
  landAir?: string[];
}

function improvedAsw(s: TwoWWState): boolean {
  return s.turn >= milestoneTurn('improvedAsw');
}

/** Largest Lend-Lease the USSR may receive (2WW 12.3.2): none before it is at war; 2, or 1 with Iran Axis. */
export function sovietLendLeaseCap(s: TwoWWState): number {
  if (s.politics.ussrNeutral) return 0;
  return s.countries.ir?.controller === 'axis' ? 1 : 2;
}

/** Every legal Lend-Lease announcement (2WW 12.3.1-12.3.2): at most the track's maximum out of the US 10. */
export function lendLeaseChoices(s: TwoWWState): { gb: number; su: number }[] {
  const max = Math.min(10, lendLeaseMax(s.turn));
  const suCap = sovietLendLeaseCap(s);
  const out: { gb: number; su: number }[] = [];
  for (let su = 0; su <= Math.min(suCap, max); su++) for (let gb = 0; gb + su <= max; gb++) out.push({ gb, su });
  return out;
}

function axisConvoyFleets(s: TwoWWState): string[] {
  const w = world(s);
  return Object.keys(s.units).filter((id) => s.units[id]!.where === ATLANTIC_OCEAN && !s.units[id]!.ops && w.sideOf(s, id) === 'axis' && isFleet(w.facts(s, id).kind)).sort();
}

function alliedConvoyDefenders(s: TwoWWState): string[] {
  const w = world(s);
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    if (u.where !== ATLANTIC_OCEAN || u.ops || w.sideOf(s, id) !== 'allies') return false;
    const f = w.facts(s, id);
    return isFleet(f.kind) || (f.kind === 'air' && !!u.aboard && !!f.naval);
  }).sort();
}

/** 2WW 6.2.2: from Spring 1943, one Allied air unit in mainland Britain, Ireland or the Atlantic land box. */
export function convoyLandAir(s: TwoWWState): string[] {
  const w = world(s);
  const lw = worldOf(s);
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    if (!inPlay(s, id) || u.ops || u.aboard || w.sideOf(s, id) !== 'allies' || w.facts(s, id).kind !== 'air') return false;
    if (u.where === ATLANTIC_LAND) return true;
    const n = lw.board.find(u.where);
    const h = n >= 0 ? hexData(lw, n) : undefined;
    return !!h && (h.region === 'britain' || h.region === 'ireland' || h.country === 'ie');
  }).sort();
}

/** Points still exposed to convoy losses, by source. */
export function convoyExposure(s: TwoWWState): Record<ConvoySource, number> {
  const lost = s.production.convoyLosses;
  const iraqAllied = s.politics.iraq === 'closed' || s.politics.iraq === 'allied-conquered';
  const base: Record<ConvoySource, number> = {
    dominions: 2, iraq: iraqAllied ? 1 : 0,
    'lend-lease-gb': s.production.lendLease.gb, 'lend-lease-su': s.production.lendLease.su,
  };
  for (const k of CONVOY_SOURCES) base[k] = Math.max(0, base[k] - (lost[k] ?? 0));
  return base;
}

const SOURCE_NAMES: Record<ConvoySource, string> = {
  dominions: 'British Dominions', iraq: 'Iraq (Allied)', 'lend-lease-gb': 'Lend-Lease to Britain', 'lend-lease-su': 'Lend-Lease to the USSR',
};

/** 'strategic-warfare': pushed by the sequence of play at A (2WW 4.2 A.2-A.3). */
export const strategicWarfare: Procedure<TwoWWState, StrategicFrame> = {
  prompts(s, f) {
    const step = f.step ?? 'init';
    if (step === 'bombing') {
      const side = f.turnSide ?? 'axis';
      const cities = bombableCities(s, side).filter((c) => strategicAir(s, side, c, false).length);
      if (!cities.length) return []; // nothing to bomb: an automatic pass
      return [mkPrompt(side, '2WW 6.1', `${side}: choose an enemy production city to bomb, or pass`, 'bomb', [
        ...cities.map((c) => ({ action: { type: 'bomb', city: c }, label: `Bomb ${placeName(worldOf(s), c)}`, refs: { place: c } })),
        { action: { type: 'pass' }, label: 'Pass' },
      ], { passes: f.passes ?? 0 })];
    }
    if (step === 'lend-lease') {
      const opts = lendLeaseChoices(s);
      if (opts.length <= 1) return [];
      return [mkPrompt('allies', '2WW 12.3', 'Announce the US points sent as Lend-Lease this turn', 'lend-lease',
        opts.map((o) => ({ action: { type: 'lend-lease', gb: o.gb, su: o.su }, label: `${o.gb} to Britain, ${o.su} to the USSR` })))];
    }
    if (step === 'convoy') {
      if (!axisConvoyFleets(s).length) return [];
      return [mkPrompt('axis', '2WW 6.2', 'Launch a convoy attack with the Axis fleets in the Atlantic?', 'yes-no', [
        { action: { type: 'convoy-attack' }, label: `Convoy attack with ${names(world(s), s, axisConvoyFleets(s))}`, refs: { units: axisConvoyFleets(s), place: ATLANTIC_OCEAN } },
        { action: { type: 'no-convoy-attack' }, label: 'No convoy attack' },
      ])];
    }
    if (step === 'land-air') {
      const cands = convoyLandAir(s);
      if (!cands.length) return [];
      const sel = f.landAir ?? [];
      const at = { place: ATLANTIC_OCEAN };
      const choices = sel.length ? toggleChoices(sel, sel, (id) => world(s).facts(s, id).name, at)
        : toggleChoices(cands, sel, (id) => world(s).facts(s, id).name, at);
      choices.push({ action: { type: 'confirm' }, label: sel.length ? `Support with ${names(world(s), s, sel)}` : 'No land-based air', refs: sel.length ? { ...at, units: sel } : at });
      return [mkPrompt('allies', '2WW 6.2.2', 'Choose one air unit to support the Atlantic sea combat', 'support', choices)];
    }
    return [];
  },
  run(ctx, f) {
    const s = ctx.state;
    const step = f.step ?? 'init';
    switch (step) {
      case 'init': {
        // 6.1.3: each air unit bombs or intercepts at most once per turn; a new turn starts afresh.
        for (const [id, u] of Object.entries(s.units)) if ('strategicUsed' in u) delete write(s, 'units', id).strategicUsed;
        goStep(ctx, { ...f, turnSide: 'axis', passes: 0 }, 'bombing');
        return;
      }
      case 'bombing': {
        // The side had nothing to bomb: counts as a pass.
        passBombing(ctx, f);
        return;
      }
      case 'lend-lease': {
        const o = lendLeaseChoices(s)[0] ?? { gb: 0, su: 0 };
        write(s, 'production').lendLease = { gb: o.gb, su: o.su };
        goStep(ctx, f, 'convoy');
        return;
      }
      case 'convoy':
        goStep(ctx, f, 'done');
        return;
      case 'land-air':
        goStep(ctx, f, 'sea-first');
        return;
      case 'sea-first':
        goStep(ctx, f, 'convoy-after-sea');
        pushConvoyBattle(ctx, f);
        return;
      case 'convoy-after-sea':
        goStep(ctx, f, 'done');
        convoyFire(ctx);
        return;
      case 'convoy-first':
        goStep(ctx, f, 'sea-after-convoy');
        convoyFire(ctx);
        return;
      case 'sea-after-convoy':
        goStep(ctx, f, 'done');
        pushConvoyBattle(ctx, f);
        return;
      default:
        ctx.pop();
    }
  },
  resume(ctx, f, result) {
    if (f.step === 'bombing') {
      if (result && typeof result === 'object' && !Array.isArray(result) && result.cancelled) {
        goStep(ctx, f, 'bombing');
        return;
      }
      // A bombing mission ended: the other side's pick; passes start over.
      goStep(ctx, { ...f, passes: 0, turnSide: otherSide(f.turnSide ?? 'axis') }, 'bombing');
      return;
    }
    strategicWarfare.run!(ctx, f);
  },
  act(ctx, f, _seat, action) {
    const s = ctx.state;
    const a = actionOf<StrategicAction>(action);
    switch (a.type) {
      case 'bomb':
        ctx.push('city-bombing', { side: f.turnSide ?? 'axis', city: a.city, bombers: [], interceptors: [] });
        return;
      case 'pass':
        passBombing(ctx, f);
        return;
      case 'lend-lease':
        write(s, 'production').lendLease = { gb: a.gb, su: a.su };
        ctx.log(`The Allies send ${a.gb} Lend-Lease point(s) to Britain and ${a.su} to the USSR`, '2WW 12.3', { gb: a.gb, su: a.su });
        goStep(ctx, f, 'convoy');
        return;
      case 'convoy-attack':
        ctx.log('The Axis launches a convoy attack', '2WW 6.2');
        goStep(ctx, f, improvedAsw(s) ? 'land-air' : 'convoy-first');
        return;
      case 'no-convoy-attack':
        goStep(ctx, f, 'done');
        return;
      case 'add':
      case 'remove':
        f.landAir = toggle(f.landAir ?? [], a);
        return;
      case 'confirm':
        goStep(ctx, f, 'sea-first');
        return;
    }
  },
};

function passBombing(ctx: import('./combat/common.ts').C, f: StrategicFrame): void {
  const passes = (f.passes ?? 0) + 1;
  const side = f.turnSide ?? 'axis';
  ctx.log(`${side} passes in city bombing`, '2WW 6.1');
  if (passes >= 2) {
    goStep(ctx, { ...f, passes }, 'lend-lease');
    return;
  }
  goStep(ctx, { ...f, passes, turnSide: otherSide(side) }, 'bombing');
}

function pushConvoyBattle(ctx: import('./combat/common.ts').C, f: StrategicFrame): void {
  const s = ctx.state;
  const axis = axisConvoyFleets(s).filter((id) => s.units[id]!.where === ATLANTIC_OCEAN);
  const allies = [...alliedConvoyDefenders(s), ...(f.landAir ?? []).filter((id) => inPlay(s, id))];
  if (!axis.length || !allies.length) return;
  ctx.push('naval-battle', { side: 'axis', hex: ATLANTIC_OCEAN, attackers: axis, defenders: allies, context: 'convoy', rule: '2WW 6.2.1' });
}

/** 2WW 6.2.3: the Axis fleets still in the ocean portion fire on the Convoy Attack line; the Axis picks the losses. */
function convoyFire(ctx: import('./combat/common.ts').C): void {
  const s = ctx.state;
  const w = world(s);
  const axis = axisConvoyFleets(s);
  if (!axis.length) {
    ctx.log('No Axis fleet is left in the Atlantic to attack the convoys', '2WW 6.2.2');
    return;
  }
  const factors = axis.reduce((a, id) => a + factorsOf(w, s, id).combat, 0);
  const roll = rollFor(ctx, w, 'axis convoy attack', '2WW 6.2.3');
  const r = fire(w.chart, { line: 'convoy-attack', factors, shift: 0 }, roll);
  ctx.log(`Convoy attack: ${describeFire(r)}`, '2WW 6.2.3', fireData(r));
  if (r.losses > 0) ctx.push('convoy-losses', { points: r.losses });
}

export interface ConvoyLossFrame extends Frame {
  points: number;
}

/** 'convoy-losses': the Axis sinks scheduled Allied points one at a time (2WW 6.2.3, 12.3.3). */
export const convoyLosses: Procedure<TwoWWState, ConvoyLossFrame> = {
  prompts(s, f) {
    const ex = convoyExposure(s);
    const srcs = CONVOY_SOURCES.filter((k) => ex[k] > 0);
    if (f.points <= 0 || srcs.length <= 1) return [];
    return [mkPrompt('axis', '2WW 6.2.3', `Choose the Allied point to sink (${f.points} left)`, 'allocate-loss',
      srcs.map((k) => ({ action: { type: 'sink', source: k }, label: `Sink a ${SOURCE_NAMES[k]} point (${ex[k]} left)` })))];
  },
  run(ctx, f) {
    const ex = convoyExposure(ctx.state);
    const srcs = CONVOY_SOURCES.filter((k) => ex[k] > 0);
    if (f.points > 0 && srcs.length === 1) {
      sink(ctx, srcs[0]!);
      ctx.goto('convoy-losses', { points: f.points - 1 });
      return;
    }
    ctx.pop();
  },
  act(ctx, f, _seat, action) {
    sink(ctx, actionOf<ConvoyLossAction>(action).source);
    f.points--;
  },
};

function sink(ctx: import('./combat/common.ts').C, k: ConvoySource): void {
  const l = write(ctx.state, 'production', 'convoyLosses');
  l[k] = (l[k] ?? 0) + 1;
  ctx.log(`A ${SOURCE_NAMES[k]} point is sunk`, '2WW 6.2.3', { source: k });
}

export interface CityBombingFrame extends Frame {
  side: Side;
  city: string;
  bombers: string[];
  interceptors: string[];
  step?: string;
  lossB?: number;
}

/** 'city-bombing': one mission: bombers, interception, Air vs Air with halved bombers, then the Bombing line. */
export const cityBombing: Procedure<TwoWWState, CityBombingFrame> = {
  prompts(s, f) {
    const w = world(s);
    const step = f.step ?? 'bombers';
    const lab = (id: string) => `${w.facts(s, id).name} (${s.units[id]!.where})`;
    const at = { place: f.city };
    if (step === 'bombers') {
      const choices = toggleChoices(strategicAir(s, f.side, f.city, false), f.bombers, lab, at);
      if (f.bombers.length) choices.push({ action: { type: 'confirm' }, label: `Bomb ${placeName(worldOf(s), f.city)} with ${names(w, s, f.bombers)}`, refs: { ...at, units: f.bombers } });
      choices.push({ action: { type: 'cancel' }, label: 'Choose another city or pass' });
      return [mkPrompt(f.side, '2WW 6.1.1', `Choose the air units bombing ${f.city}`, 'bomb', choices, { city: f.city })];
    }
    if (step === 'intercept') {
      const def = otherSide(f.side);
      const cands = strategicAir(s, def, f.city, true);
      if (!cands.length) return [];
      const aim = { ...at, targets: f.bombers };
      const choices = toggleChoices(cands, f.interceptors, lab, aim);
      choices.push({ action: { type: 'confirm' }, label: f.interceptors.length ? `Intercept with ${names(w, s, f.interceptors)}` : 'No interception',
        refs: f.interceptors.length ? { ...aim, units: f.interceptors } : at });
      return [mkPrompt(def, '2WW 6.1.2', `${names(w, s, f.bombers)} bomb ${f.city}: choose interceptors`, 'intercept', choices, { city: f.city, bombers: f.bombers })];
    }
    return [];
  },
  run(ctx, f) {
    const s = ctx.state;
    const w = world(ctx.state);
    const step = f.step ?? 'bombers';
    const strength = (ids: string[]) => ids.filter((id) => inPlay(s, id)).reduce((a, id) => a + factorsOf(w, s, id).combat, 0);
    if (step === 'intercept' || step === 'fight') {
      for (const id of [...f.bombers, ...f.interceptors]) write(s, 'units', id).strategicUsed = true; // 6.1.3: once per turn
      if (!f.interceptors.length) {
        goStep(ctx, f, 'bomb');
        return;
      }
      // 6.1.3: Air vs Air; interceptors at full strength, bombers at half (fractions dropped).
      const def = otherSide(f.side);
      const rollI = rollFor(ctx, w, `${def} interceptor fire`, '2WW 6.1.3');
      const rollB = rollFor(ctx, w, `${f.side} bomber fire`, '2WW 6.1.3');
      const byI = fire(w.chart, { line: 'air-vs-air', factors: strength(f.interceptors), shift: 0 }, rollI);
      const byB = fire(w.chart, { line: 'air-vs-air', factors: halve(strength(f.bombers)), shift: 0 }, rollB);
      ctx.log(`Interception over ${f.city}: ${def} ${describeFire(byI)}; ${f.side} bombers at half strength ${describeFire(byB)}`, '2WW 6.1.3',
        { interceptors: fireData(byI), bombers: fireData(byB), winner: ((x) => (x === 'a' ? def : x === 'b' ? f.side : null))(decideWinner(byB.losses, rollI, byI.losses, rollB)) });
      goStep(ctx, f, 'bomb');
      ctx.push('combat-losses', { side: def, points: byB.losses, candidates: f.interceptors, fort: null, rule: '2WW 6.1.3', what: 'interception' });
      ctx.push('combat-losses', { side: f.side, points: byI.losses, candidates: f.bombers, fort: null, rule: '2WW 6.1.3', what: 'interception' });
      return;
    }
    if (step === 'bomb') {
      const survivors = f.bombers.filter((id) => inPlay(s, id));
      if (survivors.length) {
        // 6.1.4: surviving bombers at full (regular) strength; one column right if any range-6 unit takes part.
        const strategic = survivors.some((id) => rangeOf(s, id) === 6);
        const roll = rollFor(ctx, w, `${f.side} bombing of ${f.city}`, '2WW 6.1.4');
        const r = fire(w.chart, bombingVolley(strength(survivors), strategic), roll);
        const hit = r.losses > 0;
        if (hit) write(s, 'production', 'bombed').push(f.city);
        ctx.log(`Bombing of ${f.city}: ${describeFire(r)}${hit ? `: ${f.city} gives no production point this turn` : ': no effect'}`, '2WW 6.1.4',
          { ...fireData(r), city: f.city, bombed: hit });
      } else ctx.log(`No bomber survives to bomb ${f.city}`, '2WW 6.1.4');
      ctx.pop();
    }
  },
  act(ctx, f, _seat, action) {
    const a = actionOf<CityBombingAction>(action);
    if (a.type === 'cancel') {
      ctx.pop({ cancelled: true });
      return;
    }
    if (a.type === 'confirm') {
      goStep(ctx, f, (f.step ?? 'bombers') === 'bombers' ? 'intercept' : 'fight');
      return;
    }
    if ((f.step ?? 'bombers') === 'bombers') f.bombers = toggle(f.bombers, a);
    else f.interceptors = toggle(f.interceptors, a);
  },
};

export const strategicWarfareProcedures = {
  'strategic-warfare': strategicWarfare,
  'city-bombing': cityBombing,
  'convoy-losses': convoyLosses,
};
