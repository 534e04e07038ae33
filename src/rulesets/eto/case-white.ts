// ETO scenario 4 "Case White" (September 1939): setup [4.1], one German offensive (22-29) with the scripted Polish
// side [4.3], victory [4.4]. Attacks run through land-attack.ts (sequence 4A).
import type { Choice, Ctx, Frame, Procedure, Prompt } from '../../engine/index.ts';
import { etoData } from './data/index.ts';
import type { AttackFrame, AttackStep } from './land-attack.ts';
import { POLISH_CITY_RESOURCE } from './land-attack.ts';
import {
  type AirUnit, controller, dist, hqMoveOptions, isGermanTerritory, landOf, type LandState, type LandUnit, landUnitsAt,
  layerHex, moveOptions, neighbours, stackLimit, suppliedHexes, unitsAt,
} from './land.ts';
import { enterHexes } from './land-attack.ts';
import { emptyStep, type EtoState, type Side } from './state.ts';

export const CASE_WHITE_ID = 'case-white';

export function caseWhiteSetup(polishSide: 'scripted' | 'human'): Omit<EtoState, 'ruleset' | 'scenario' | 'rng' | 'seq' | 'outcome' | 'sealed'> {
  const d = etoData().caseWhite;
  const units: Record<string, LandUnit> = {};
  for (const u of d.land) {
    for (let i = 1; i <= u.count; i++) {
      const id = u.count > 1 ? `${u.id}-${i}` : u.id;
      units[id] = {
        id, name: u.name, nation: u.nation, side: u.nation === 'germany' ? 'axis' : 'allies', kind: u.kind,
        strength: u.strength ?? 0, depletedStrength: u.depleted ?? 0, ma: u.ma ?? 0, steps: u.steps ?? 1, depleted: false,
        hex: null, where: 'setup',
        ...(u.radius !== undefined ? { radius: u.radius, attacks: u.attacks ?? 1 } : {}),
        ...(u.kind === 'general' ? { combat: u.combat ?? 0, exploit: u.exploit ?? 0, eligible: true } : {}),
      };
    }
  }
  const air: Record<string, AirUnit> = {};
  for (const a of d.air) {
    air[a.id] = {
      id: a.id, name: a.name, nation: a.nation, side: a.nation === 'germany' ? 'axis' : 'allies', kind: a.kind, strength: a.strength,
      depletedStrength: a.depleted, range: a.range, quality: a.quality, depleted: false, where: 'setup', base: null, committed: 'none',
    };
  }
  const land: LandState = {
    units, air, control: {}, airfields: [], polishSide, activated: [], hqs: [], blitz: [], losses: { axis: 0, allies: 0 },
    conquered: [], brokeThrough: [], moved: [], attacked: [], attackedUnits: [], attacksLeft: 0, flown: [], mustAttack: [], mayExploit: [], armorSupplied: [],
  };
  return {
    month: d.month, year: d.year, weather: d.weather, initiative: 'axis', ships: {}, order: ['axis', 'allies'], step: emptyStep(),
    counterIntercepted: [], land, stack: [{ proc: 'case-white', stage: 'pol-setup' }],
  };
}

// ---------------------------------------------------------------- setup [4.1]

/** 13.2: air units a hex can base (city, resource: 1 each; city resource 2; airfield marker +1). */
function baseCapacity(l: LandState, h: string): number {
  const f = layerHex(l, h)?.feature;
  return (f === 'city-resource' ? 2 : f ? 1 : 0) + (l.airfields.includes(h) ? 1 : 0);
}

function setupHexes(l: LandState, side: Side): string[] {
  return Object.keys(etoData().poland.hexes).filter((h) => (side === 'axis' ? isGermanTerritory(l, h) : layerHex(l, h)!.country === 'poland')).sort();
}

type PlaceItem = { kind: 'unit'; id: string } | { kind: 'air'; id: string } | { kind: 'airfield' };

function nextToPlace(l: LandState, side: Side): PlaceItem | null {
  const order: LandUnit['kind'][] = ['armor', 'inf', 'general', 'hq'];
  for (const k of order) {
    const u = Object.values(l.units).find((x) => x.side === side && x.kind === k && x.where === 'setup');
    if (u) return { kind: 'unit', id: u.id };
  }
  if (side === 'axis' && l.airfields.length < etoData().caseWhite.germanAirfields) return { kind: 'airfield' };
  const a = Object.values(l.air).find((x) => x.side === side && x.where === 'setup');
  return a ? { kind: 'air', id: a.id } : null;
}

function placeChoices(l: LandState, side: Side, item: PlaceItem): Choice[] {
  const hexes = setupHexes(l, side);
  if (item.kind === 'airfield') return hexes.filter((h) => !l.airfields.includes(h)).map((h) => ({ action: { type: 'airfield', hex: h }, label: `Airfield in ${h}` }));
  if (item.kind === 'air') {
    return hexes.filter((h) => Object.values(l.air).filter((a) => a.base === h && a.where === 'map').length < baseCapacity(l, h))
      .map((h) => ({ action: { type: 'place', unit: item.id, hex: h }, label: `${l.air[item.id]!.name} at ${layerHex(l, h)?.name ?? h}` }));
  }
  const u = l.units[item.id]!;
  let ok = hexes;
  if (u.kind === 'inf' || u.kind === 'armor') ok = hexes.filter((h) => landUnitsAt(l, h).length < stackLimit(l, h) && !(u.kind === 'armor' && layerHex(l, h)!.terrain === 'marsh'));
  if (u.kind === 'general') ok = hexes.filter((h) => landUnitsAt(l, h, side).some((x) => x.nation === u.nation) && !unitsAt(l, h).some((x) => x.kind === 'general'));
  if (u.kind === 'hq') {
    const others = Object.values(l.units).filter((x) => x.kind === 'hq' && x.where === 'map' && x.side === side);
    ok = hexes.filter((h) => others.every((o) => dist(o.hex!, h) >= Math.max(o.radius ?? 0, u.radius ?? 0)));
  }
  return ok.map((h) => ({ action: { type: 'place', unit: u.id, hex: h }, label: `${u.name} (${u.id}) in ${layerHex(l, h)?.name ?? h}` }));
}

function placeUnit(l: LandState, id: string, hex: string): void {
  if (l.units[id]) { l.units[id]!.hex = hex; l.units[id]!.where = 'map'; } else { l.air[id]!.base = hex; l.air[id]!.where = 'map'; }
}

/** Example-of-play German deployment (data/scenario-case-white.json), for the remaining units. */
function placeExample(l: LandState): void {
  const ex = etoData().caseWhite.exampleGermanSetup;
  for (const h of ex.airfields) if (!l.airfields.includes(h) && l.airfields.length < etoData().caseWhite.germanAirfields) l.airfields.push(h);
  for (const [id, h] of Object.entries(ex.units)) if (l.units[id]?.where === 'setup') placeUnit(l, id, h);
  for (const [id, h] of Object.entries(ex.air)) if (l.air[id]?.where === 'setup') placeUnit(l, id, h);
}

interface PlaceFrame extends Frame { side: Side }
export const cwPlace: Procedure<EtoState, PlaceFrame> = {
  prompts(s, f) {
    const l = landOf(s);
    const item = nextToPlace(l, f.side);
    if (!item) return [];
    const choices = placeChoices(l, f.side, item);
    const fresh = f.side === 'axis' && Object.values(l.units).every((u) => u.side !== 'axis' || u.where === 'setup');
    if (fresh) choices.unshift({ action: { type: 'example' }, label: 'Deploy as in the example of play' });
    return [{ seat: f.side, rule: 'ETO scenario 4 [4.1]', text: f.side === 'axis' ? 'Set up the German forces in Germany or East Prussia' : 'Set up the Polish forces in Poland', kind: 'place', choices }];
  },
  act(ctx, _f, _seat, a) {
    const l = landOf(ctx.state);
    if (a.type === 'example') { placeExample(l); ctx.log('German forces deployed as in the example of play', 'ETO scenario 4 [4.1]'); return; }
    if (a.type === 'airfield') { l.airfields.push(a.hex as string); return; }
    placeUnit(l, a.unit as string, a.hex as string);
  },
  run(ctx) { ctx.pop(); },
};

function scriptedPolishSetup(l: LandState): void {
  const inf = Object.values(l.units).filter((u) => u.nation === 'poland' && u.kind === 'inf');
  let i = 0;
  for (const p of etoData().caseWhite.polishSetup) {
    for (let k = 0; k < p.infantry; k++) placeUnit(l, inf[i++]!.id, p.hex);
    if (p.air) for (const a of Object.values(l.air)) if (a.nation === 'poland') placeUnit(l, a.id, p.hex);
  }
}

// ---------------------------------------------------------------- the offensive (22-29)

const hqsActive = (l: LandState) => l.hqs.map((id) => l.units[id]!);
/** 22.1: a unit within the command radius of an activated HQ (or already activated) may act in the offensive. */
function inCommand(l: LandState, u: LandUnit): boolean {
  return l.activated.includes(u.id) || hqsActive(l).some((hq) => dist(hq.hex!, u.hex!) <= (hq.radius ?? 0));
}
const attackRating = (l: LandState) => hqsActive(l).reduce((t, hq) => t + (hq.attacks ?? 1), 0);
const germanLand = (l: LandState) => Object.values(l.units).filter((u) => u.side === 'axis' && u.where === 'map' && (u.kind === 'inf' || u.kind === 'armor'));
const enemyHexesNear = (l: LandState, h: string) => neighbours(l, h).filter((n) => landUnitsAt(l, n, 'allies').length > 0);
const generalWith = (l: LandState, h: string) => unitsAt(l, h).find((u) => u.kind === 'general' && u.side === 'axis');
function activate(l: LandState, ids: string[]): void { for (const id of ids) if (!l.activated.includes(id)) l.activated.push(id); }

function startAttack(ctx: Ctx<EtoState>, attackers: string[], target: string, step: AttackStep): void {
  const l = landOf(ctx.state);
  l.attacked.push(target);
  l.attacksLeft--;
  activate(l, attackers);
  const f: Omit<AttackFrame, 'proc'> = {
    attackers, target, step, stage: 'air', airIn: [], aborted: [], round: 1, attackerSteps: 0, retreat: 0, result: '', defSteps: 0, advanced: [], cleared: false,
  };
  ctx.push('land-attack', f);
}

/** 23.4: HQs at least the larger command radius apart. */
function hqSpacingOk(l: LandState, hq: LandUnit, to: string, stillToMove: string[] = []): boolean {
  // HQs that still move in this step are checked when they move (ruling: 23.4 holds at the end of the step).
  return Object.values(l.units).filter((o) => o.kind === 'hq' && o.where === 'map' && o.side === hq.side && o.id !== hq.id && !stillToMove.includes(o.id))
    .every((o) => dist(o.hex!, to) >= Math.max(o.radius ?? 0, hq.radius ?? 0));
}

interface CwFrame extends Frame {
  stage: 'pol-setup' | 'ger-setup' | 'command' | 'hq-1b' | 'breakthrough' | 'move' | 'hq-3c' | 'combat' | 'exploit' | 'end';
  /** Breakthrough sub-state: the stack chosen and where it is in the breakthrough. */
  bt?: { units: string[]; phase: 'premove' | 'target' | 'after' } | null;
  /** Step 4/5 attack being declared. */
  declare?: { target: string; units: string[] } | null;
  hqMoved?: string[];
}

function caseWhitePrompts(s: EtoState, f: CwFrame): Prompt[] {
  const l = landOf(s);
  const ask = (rule: string, text: string, kind: string, choices: Choice[]): Prompt[] => [{ seat: 'axis', rule, text, kind, choices }];
  switch (f.stage) {
    case 'command':
      return ask('ETO scenario 4 [4.3], 22.1, 23.6', 'Choose the offensive: Army Groups North and South combined, or none', 'yes-no', [
        { action: { type: 'offensive', hqs: ['hq-north', 'hq-south'] }, label: 'Combined offensive of Army Groups North and South' },
        { action: { type: 'offensive', hqs: ['hq-north'] }, label: 'Army Group North alone' },
        { action: { type: 'offensive', hqs: ['hq-south'] }, label: 'Army Group South alone' },
        { action: { type: 'no-offensive' }, label: 'No offensive' }]);
    case 'hq-1b':
    case 'hq-3c': {
      const hq = hqsActive(l).find((h) => !(f.hqMoved ?? []).includes(h.id));
      if (!hq) return [];
      const later = hqsActive(l).filter((h) => h.id !== hq.id && !(f.hqMoved ?? []).includes(h.id)).map((h) => h.id);
      const opts = hqMoveOptions(l, hq, 3).filter((o) => hqSpacingOk(l, hq, o.to, later));
      return ask('ETO 23.2', `Move ${hq.name} up to 3 hexes (step ${f.stage === 'hq-1b' ? '1-B' : '3-C'})`, 'move', [
        { action: { type: 'hq-stay', unit: hq.id }, label: `${hq.name} stays in ${hq.hex}` },
        ...opts.map((o) => ({ action: { type: 'hq-move', unit: hq.id, to: o.to }, label: `${hq.name} to ${o.to}` }))]);
    }
    case 'breakthrough': {
      if (!f.bt) {
        const made = l.brokeThrough.filter((id) => l.units[id]!.kind === 'armor').length;
        const stacks = new Set<string>();
        if (made < attackRating(l)) {
          for (const u of germanLand(l)) if (u.kind === 'armor' && !l.brokeThrough.includes(u.id) && inCommand(l, u)) stacks.add(u.hex!);
        }
        return ask('ETO 28.0, 28.6', 'Breakthrough step: choose an armor stack to break through, or end the step', 'attack', [
          ...[...stacks].sort().map((h) => ({ action: { type: 'breakthrough', hex: h }, label: `Armor in ${h}${generalWith(l, h) ? ` with ${generalWith(l, h)!.name}` : ''}` })),
          { action: { type: 'done' }, label: 'End the Breakthrough step' }]);
      }
      const lead = l.units[f.bt.units.find((id) => l.units[id]!.kind === 'armor')!]!;
      if (f.bt.phase === 'premove') {
        const opts = moveOptions(l, lead, lead.hex!, 2).filter((o) => landUnitsAt(l, o.to, 'axis').length + f.bt!.units.filter((id) => l.units[id]!.kind === 'armor').length <= stackLimit(l, o.to));
        return ask('ETO 28.1', `Move the breakthrough stack in ${lead.hex} up to 2 hexes`, 'move', [
          { action: { type: 'bt-stay' }, label: `Stay in ${lead.hex}` },
          ...opts.map((o) => ({ action: { type: 'bt-move', to: o.to }, label: `Move to ${o.to} via ${o.path.slice(1).join(' > ')}` }))]);
      }
      if (f.bt.phase === 'target') {
        const targets = enemyHexesNear(l, lead.hex!).filter((h) => !l.attacked.includes(h) && layerHex(l, h)!.terrain !== 'marsh');
        return ask('ETO 28.2', 'Choose the hex the breakthrough stack attacks', 'attack', [
          ...targets.map((h) => ({ action: { type: 'bt-attack', target: h }, label: `Attack ${layerHex(l, h)?.name ?? h}` })),
          { action: { type: 'bt-cancel' }, label: 'Cancel the breakthrough attack (28.4)' }]);
      }
      // after: breakthrough movement of the armor that advanced (28.3)
      const gen = f.bt.units.map((id) => l.units[id]!).find((u) => u.kind === 'general');
      const mp = gen ? gen.exploit ?? 0 : 1;
      const opts = moveOptions(l, lead, lead.hex!, mp, { ignoreZoc: !gen })
        .filter((o) => landUnitsAt(l, o.to, 'axis').length + f.bt!.units.filter((id) => l.units[id]!.kind === 'armor').length <= stackLimit(l, o.to));
      return ask('ETO 28.3', `Breakthrough movement: up to ${mp} hex(es) from ${lead.hex}`, 'move', [
        { action: { type: 'bt-stay' }, label: `Stay in ${lead.hex}` },
        ...opts.map((o) => ({ action: { type: 'bt-move', to: o.to }, label: `Move to ${o.to} via ${o.path.slice(1).join(' > ')}` }))]);
    }
    case 'move': {
      const sup = suppliedHexes(l, 'axis');
      const choices: Choice[] = [];
      for (const u of germanLand(l)) {
        if (l.brokeThrough.includes(u.id) || l.moved.includes(u.id) || !inCommand(l, u)) continue;
        const mp = sup.has(u.hex!) || (u.kind === 'armor' && l.armorSupplied.includes(u.id)) ? u.ma : u.kind === 'armor' ? 1 : 2;
        const gen = generalWith(l, u.hex!);
        for (const o of moveOptions(l, u, u.hex!, mp)) {
          if (landUnitsAt(l, o.to, 'axis').length + 1 > stackLimit(l, o.to)) continue;
          choices.push({ action: { type: 'move', unit: u.id, to: o.to }, label: `${u.name} (${u.id}) ${u.hex} to ${o.to}` });
          if (gen && !l.brokeThrough.includes(gen.id)) choices.push({ action: { type: 'move', unit: u.id, to: o.to, general: gen.id }, label: `${u.name} (${u.id}) with ${gen.name} ${u.hex} to ${o.to}` });
        }
      }
      choices.push({ action: { type: 'done' }, label: 'End land movement' });
      return ask('ETO 24.0, 25.2-25.3', 'Land movement (step 3): move activated units', 'move', choices);
    }
    case 'combat':
    case 'exploit': {
      const step: AttackStep = f.stage === 'combat' ? 'combat' : 'exploitation';
      const used = l.attacked;
      if (!f.declare) {
        const choices: Choice[] = [];
        const must = step === 'combat' ? l.mustAttack.find((m) => m.units.some((id) => l.units[id]!.where === 'map') && landUnitsAt(l, m.target, 'allies').length) : undefined;
        if (l.attacksLeft > 0) {
          const targets = new Set<string>();
          for (const u of attackersFor(l, step)) for (const h of enemyHexesNear(l, u.hex!)) if (!used.includes(h)) targets.add(h);
          for (const h of [...targets].sort()) if (!must || must.target === h) choices.push({ action: { type: 'declare', target: h }, label: `Attack ${layerHex(l, h)?.name ?? h}` });
        }
        if (!must || !choices.length) choices.push({ action: { type: 'done' }, label: `End the ${step} step` });
        return ask(step === 'combat' ? 'ETO 26.0, 26.3' : 'ETO 29.2', `${step === 'combat' ? 'Combat' : 'Exploitation'} step: ${l.attacksLeft} attack(s) left`, 'attack', choices);
      }
      const d = f.declare;
      const cand = attackersFor(l, step).filter((u) => neighbours(l, u.hex!).includes(d.target) && !d.units.includes(u.id));
      return ask('ETO 4A C, 26.3', `Attack on ${d.target}: add attacking units (${d.units.length} so far)`, 'attack', [
        ...cand.map((u) => ({ action: { type: 'add', unit: u.id }, label: `Add ${u.name} (${u.id}) from ${u.hex}` })),
        ...(d.units.length ? [{ action: { type: 'go' }, label: 'Resolve the attack' }] : [])]);
    }
    default:
      return [];
  }
}

/** Units that may attack in this step: activated (or in command), not already attacking this step; in step 5 only exploiters. */
function attackersFor(l: LandState, step: AttackStep): LandUnit[] {
  return germanLand(l).filter((u) => {
    if (l.attackedUnits.includes(u.id)) return false;
    if (step === 'exploitation') return l.mayExploit.includes(u.id) && u.kind === 'armor';
    return inCommand(l, u);
  });
}

export const caseWhite: Procedure<EtoState, CwFrame> = {
  prompts: caseWhitePrompts,
  act(ctx, f, _seat, a) {
    const l = landOf(ctx.state);
    switch (a.type) {
      case 'offensive': {
        l.hqs = a.hqs as string[];
        ctx.log(`German offensive: ${l.hqs.map((id) => l.units[id]!.name).join(' and ')}${l.hqs.length > 1 ? ' (combined; 2 EPs for the extra HQ)' : ''}`, 'ETO 22.1, 23.6');
        const sup = suppliedHexes(l, 'axis');
        l.armorSupplied = germanLand(l).filter((u) => u.kind === 'armor' && sup.has(u.hex!)).map((u) => u.id);
        f.stage = 'hq-1b';
        f.hqMoved = [];
        return;
      }
      case 'no-offensive': f.stage = 'end'; return;
      case 'hq-stay': f.hqMoved = [...(f.hqMoved ?? []), a.unit as string]; return;
      case 'hq-move': {
        const hq = l.units[a.unit as string]!;
        ctx.log(`${hq.name} moves ${hq.hex} to ${String(a.to)}`, 'ETO 23.2');
        hq.hex = a.to as string;
        f.hqMoved = [...(f.hqMoved ?? []), hq.id];
        return;
      }
      case 'breakthrough': {
        const h = a.hex as string;
        const units = unitsAt(l, h).filter((u) => u.side === 'axis' && (u.kind === 'armor' || u.kind === 'general') && !l.brokeThrough.includes(u.id)).map((u) => u.id);
        activate(l, units);
        f.bt = { units, phase: 'premove' };
        return;
      }
      case 'bt-stay':
        if (f.bt!.phase === 'premove') f.bt!.phase = 'target'; else f.bt = null;
        return;
      case 'bt-move': {
        const stack = f.bt!.units.map((id) => l.units[id]!).filter((u) => u.where === 'map');
        const lead = stack.find((u) => u.kind === 'armor')!;
        const gen = stack.find((u) => u.kind === 'general');
        const mp = f.bt!.phase === 'premove' ? 2 : gen ? gen.exploit ?? 0 : 1;
        const path = moveOptions(l, lead, lead.hex!, mp, { ignoreZoc: f.bt!.phase === 'after' && !gen }).find((o) => o.to === a.to)!.path;
        for (const u of stack) u.hex = a.to as string;
        enterHexes(ctx, l, 'axis', path.slice(1));
        ctx.log(`${stack.map((u) => u.name).join(' and ')} move via ${path.slice(1).join(' > ')}`, f.bt!.phase === 'premove' ? 'ETO 28.1' : 'ETO 28.3');
        if (f.bt!.phase === 'premove') f.bt!.phase = 'target'; else f.bt = null;
        return;
      }
      case 'bt-attack': {
        const units = f.bt!.units;
        for (const id of units) l.brokeThrough.push(id);
        l.attacksLeft = 1;
        startAttack(ctx, units, a.target as string, 'breakthrough');
        f.declare = { target: a.target as string, units };
        return;
      }
      case 'bt-cancel': {
        const units = f.bt!.units;
        for (const id of units) l.brokeThrough.push(id);
        const t = enemyHexesNear(l, l.units[units[0]!]!.hex!)[0];
        if (t) l.mustAttack.push({ target: t, units });
        f.bt = null;
        return;
      }
      case 'move': {
        const u = l.units[a.unit as string]!;
        const mp = u.ma;
        const path = moveOptions(l, u, u.hex!, mp).find((o) => o.to === a.to)?.path ?? [u.hex!, a.to as string];
        const movers = [u, ...(a.general ? [l.units[a.general as string]!] : [])];
        for (const m of movers) { m.hex = a.to as string; l.moved.push(m.id); }
        activate(l, movers.map((m) => m.id));
        enterHexes(ctx, l, 'axis', path.slice(1));
        ctx.log(`${movers.map((m) => m.name).join(' and ')} move ${path.join(' > ')}`, 'ETO 24.0');
        return;
      }
      case 'done':
        if (f.stage === 'breakthrough') { f.stage = 'move'; return; }
        if (f.stage === 'move') { f.stage = 'hq-3c'; f.hqMoved = []; return; }
        if (f.stage === 'combat') { beginExploitation(l); f.stage = 'exploit'; return; }
        if (f.stage === 'exploit') { f.stage = 'end'; return; }
        return;
      case 'declare': {
        const must = l.mustAttack.find((m) => m.target === a.target);
        f.declare = { target: a.target as string, units: must ? must.units.filter((id) => l.units[id]!.where === 'map' && l.units[id]!.hex && neighbours(l, l.units[id]!.hex!).includes(a.target as string)) : [] };
        if (must) l.mustAttack = l.mustAttack.filter((m) => m !== must);
        return;
      }
      case 'add': {
        const u = l.units[a.unit as string]!;
        const gen = generalWith(l, u.hex!);
        f.declare!.units.push(u.id);
        if (gen && !f.declare!.units.includes(gen.id)) f.declare!.units.push(gen.id);
        return;
      }
      case 'go': {
        const step: AttackStep = f.stage === 'combat' ? 'combat' : 'exploitation';
        l.attackedUnits = [...l.attackedUnits, ...f.declare!.units];
        startAttack(ctx, f.declare!.units, f.declare!.target, step);
        return;
      }
    }
  },
  resume(ctx, f, result) {
    const l = landOf(ctx.state);
    if (l.conquered.includes('poland')) { f.stage = 'end'; return; }
    if (f.stage === 'breakthrough' && f.bt) {
      const r = result as { cleared: boolean; advanced: string[] };
      const armor = f.bt.units.filter((id) => r.advanced.includes(id) && l.units[id]!.kind === 'armor');
      for (const id of f.bt.units) if (l.units[id]!.kind === 'general') l.units[id]!.eligible = false;
      if (r.cleared && armor.length) f.bt = { units: f.bt.units.filter((id) => r.advanced.includes(id)), phase: 'after' };
      else {
        if (!r.cleared) l.mustAttack.push({ target: f.declare!.target, units: f.bt.units });
        f.bt = null;
      }
      f.declare = null;
      return;
    }
    if ((f.stage === 'combat' || f.stage === 'exploit') && result) {
      const r = result as { cleared: boolean; advanced: string[] };
      if (f.stage === 'combat' && r.cleared) for (const id of f.declare!.units) if (!l.mayExploit.includes(id)) l.mayExploit.push(id);
    }
    f.declare = null;
  },
  run(ctx, f) {
    const depth = ctx.state.stack.length;
    caseWhiteRun(ctx, f);
    // The kernel needs the stack to change; a stage change of this frame is a goto onto itself.
    if (!ctx.state.outcome && ctx.state.stack.length === depth && ctx.state.stack[depth - 1] === f) { const { proc, ...rest } = f; ctx.goto(proc, rest); }
  },
};

function caseWhiteRun(ctx: Ctx<EtoState>, f: CwFrame): void {
    const l = landOf(ctx.state);
    switch (f.stage) {
      case 'pol-setup':
        if (l.polishSide === 'scripted') { scriptedPolishSetup(l); ctx.log('Polish forces set up as scenario 4 [4.1] lists', 'ETO scenario 4 [4.1]'); f.stage = 'ger-setup'; return; }
        f.stage = 'ger-setup';
        ctx.push('cw-place', { side: 'allies' });
        return;
      case 'ger-setup': f.stage = 'command'; ctx.push('cw-place', { side: 'axis' }); return;
      case 'hq-1b': f.stage = 'breakthrough'; l.attacked = []; l.flown = []; f.bt = null; return;
      case 'breakthrough': f.bt = null; return;
      case 'hq-3c':
        // 22.0 step 3-D: every unit now within an activated HQ's radius is activated.
        activate(l, germanLand(l).filter((u) => inCommand(l, u)).map((u) => u.id));
        f.stage = 'combat'; l.attacked = []; l.flown = []; l.attackedUnits = []; l.attacksLeft = attackRating(l); f.declare = null;
        return;
      case 'end': return endCaseWhite(ctx);
      default: throw new Error(`case-white: stage ${f.stage} awaits a decision`);
    }
}

function beginExploitation(l: LandState): void {
  l.attacked = [];
  l.flown = [];
  l.attackedUnits = [];
  l.attacksLeft = hqsActive(l).length ? attackRating(l) : 1;
  // 29.1: armor stacked with an eligible general, eligible to advance in step 4, no breakthrough this offensive.
  l.mayExploit = l.mayExploit.filter((id) => {
    const u = l.units[id]!;
    if (u.kind !== 'armor' || u.where !== 'map' || l.brokeThrough.includes(id)) return false;
    const g = generalWith(l, u.hex!);
    return !!g && g.eligible === true && !l.brokeThrough.includes(g.id);
  });
}

/** Scenario 4 [4.4]. */
export function caseWhiteResult(l: LandState): { winner: Side; result: string } {
  const conquered = l.conquered.includes('poland') || POLISH_CITY_RESOURCE.every((h) => controller(l, h) === 'axis');
  const steps = l.losses.axis;
  if (!conquered) return { winner: 'allies', result: `Polish major victory: Poland not conquered (German losses ${steps} steps)` };
  if (steps <= 1) return { winner: 'axis', result: `German major victory: Poland conquered for ${steps} step loss(es)` };
  if (steps <= 3) return { winner: 'axis', result: `German minor victory: Poland conquered for ${steps} step losses` };
  return { winner: 'allies', result: `Polish minor victory: Poland conquered, but for ${steps} German step losses` };
}

function endCaseWhite(ctx: Ctx<EtoState>): void {
  const l = landOf(ctx.state);
  for (const a of Object.values(l.air)) if (a.committed === 'CC') a.committed = 'PC';
  const r = caseWhiteResult(l);
  ctx.end({ winner: r.winner, result: r.result, rule: 'ETO scenario 4 [4.4]' });
}
