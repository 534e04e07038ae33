// ETO Offensive phase for either side (sequence of play 4, steps 1-6): activation by HQ (alone or combined, 23.6),
// general or stack (22.1-22.3), HQ moves (23.2, 23.4), breakthroughs (28), offensive movement (24-25), activation
// of more units (step 3-D), combat (26-27, through land-attack.ts), exploitation (29), weather (1.2-1.3) and supply
// (33.1, 33.6); every move may meet an armor reaction attack (26.5, armor-reaction.ts); step 3 offers a front (24.5).
// Used by scenario 3 (offensives of both sides) and scenario 4 (the German combined offensive).
import { type Choice, type ChoiceGroup, type Ctx, type Frame, type Procedure, type Prompt, write } from '../../engine/index.ts';
import { carryOut, goOn, type PendingMove, reactionResult } from './armor-reaction.ts';
import { defineFront, frontChoice } from './fronts.ts';
import { displaceCommanders, hqSpacingOk } from './hq-displacement.ts';
import type { OffensiveAction } from './actions.ts';
import { playOf } from './data/index.ts';
import type { AttackFrame, AttackStep } from './land-attack.ts';
import {
  appendToLand, dist, explainLandMove, hexWeather, hqMoveOptions, landOf, type LandState, type LandUnit, landUnitsAt,
  layerHex, type MoveLimits, type MoveOption, moveOptions, neighbours, placeName, stackLimit, suppliedHexes, unitsAt
} from './land.ts';
import { grounded } from './air.ts';
import { assaultTargets, assaultUnits } from './sea-transport.ts';
import { type EtoState, otherSide, type Side } from './state.ts';

/** " via W3134 > E3133" for a path of two hexes or more; a move to the next hex needs none. */
function via(path: string[]): string {
  return path.length > 1 ? ` via ${path.join(' > ')}` : '';
}

export type OffensiveMethod = 'hq' | 'general' | 'stack';

export interface OffensiveFrame extends Frame {
  side: Side;
  method: OffensiveMethod;
  /** HQ or general id; '' for a stack offensive. */
  leader: string;
  /** 23.6: the other HQs of a combined offensive (method 'hq'). */
  partners: string[];
  /** 22.3: the units of the activated stack. */
  stackUnits: string[];
  /** Units activated for this offensive (22.0). */
  units: string[];
  stage: 'hq-1b' | 'breakthrough' | 'move' | 'hq-3c' | 'activate' | 'combat' | 'exploit-move' | 'exploit' | 'end';
  /** HQs that have moved (or stayed) in the current step 1-B or 3-C. */
  hqMoved: string[];
  bt: { units: string[]; phase: 'premove' | 'target' | 'after'; moving?: string[] } | null;
  /** The attack being declared: its target, units, paratroops with their ATPs (19.2), and whether it comes from the sea (10.6). */
  declare: { target: string; units: string[]; drops?: { unit: string; atp: string }[]; assault?: boolean } | null;
  /** Exploitation allowance of each exploiting armor unit, fixed at the start of step 5 (29.2). */
  exploitMp: Record<string, number>;
  exploited: string[];
}

const isLand = (u: LandUnit): boolean => u.kind === 'inf' || u.kind === 'armor';
const onMap = (l: LandState, side: Side): LandUnit[] => Object.values(l.units).filter((u) => u.where === 'map' && u.side === side);
const leaderOf = (l: LandState, f: OffensiveFrame): LandUnit | undefined => (f.leader ? l.units[f.leader] : undefined);
/** The activated HQs on the map: the leader and, in a combined offensive, its partners (23.6). */
const hqsOf = (l: LandState, f: OffensiveFrame): LandUnit[] => (f.method === 'hq' ? [f.leader, ...f.partners] : [])
  .map((id) => l.units[id]!).filter((u) => u.where === 'map' && u.hex);
const inRadius = (l: LandState, f: OffensiveFrame, h: string): boolean => hqsOf(l, f).some((hq) => dist(hq.hex!, h) <= (hq.radius ?? 0));
const generalWith = (l: LandState, h: string, side: Side): LandUnit | undefined => unitsAt(l, h).find((u) => u.kind === 'general' && u.side === side);

/** Weather of a hex this month (1.0). */
const wx = (s: EtoState, h: string) => hexWeather(landOf(s), s.weather, h);

/** The first frame of an offensive; the caller has already taken the offensive off the track (step 1-A). */
export function newOffensive(side: Side, method: OffensiveMethod, leader: string, stackUnits: string[], partners: string[] = []): Omit<OffensiveFrame, 'proc'> {
  return { side, method, leader, partners, stackUnits, units: [], stage: 'hq-1b', hqMoved: [], bt: null, declare: null, exploitMp: {}, exploited: [] };
}

/** Step 1: clear the per-offensive records; 33.6 armor in supply now stays supplied for the whole offensive. */
export function beginOffensive(s: EtoState, side: Side): void {
  const l = write(s, 'land');
  l.brokeThrough = []; l.moved = []; l.mustAttack = []; l.mayExploit = []; l.attacked = []; l.attackedUnits = []; l.flown = [];
  const sup = suppliedHexes(l, side);
  l.armorSupplied = onMap(l, side).filter((u) => u.kind === 'armor' && sup.has(u.hex!)).map((u) => u.id);
}

/** Attacks (and breakthrough stacks) per step: the HQs' attack ratings (summed when combined, ruling 23), else one (22.1-22.3, 28.6, 29.2). */
function attacksPerStep(l: LandState, f: OffensiveFrame): number {
  return f.method === 'hq' ? Math.max(1, hqsOf(l, f).reduce((t, hq) => t + (hq.attacks ?? 1), 0)) : 1;
}

/** 22.0-22.3: may `u` be (or is it) activated for this offensive now? */
export function mayActivate(l: LandState, f: OffensiveFrame, u: LandUnit): boolean {
  if (f.units.includes(u.id)) return true;
  if (u.side !== f.side || u.where !== 'map' || !u.hex || l.activated.includes(u.id) || !isLand(u)) return false;
  const lead = leaderOf(l, f);
  if (f.method === 'stack') return f.stackUnits.includes(u.id);
  if (!lead?.hex) return false;
  if (f.method === 'hq' && !inRadius(l, f, u.hex)) return false;
  if (f.method === 'general' && dist(lead.hex, u.hex) > 1) return false;
  // 22.0: at least half of the activated land units belong to the leader's nation.
  if (u.nation !== lead.nation) {
    const act = f.units.map((id) => l.units[id]!).filter(isLand);
    const own = act.filter((x) => x.nation === lead.nation).length;
    if (act.length - own + 1 > own) return false;
  }
  return true;
}

function activate(s: EtoState, f: OffensiveFrame, ids: string[]): void {
  for (const id of ids) {
    if (!f.units.includes(id)) f.units.push(id);
    if (!landOf(s).activated.includes(id)) write(s, 'land', 'activated').push(id);
  }
}

/** 33.1, 33.6: movement allowance of a unit starting to move in this offensive. */
function offensiveMa(l: LandState, u: LandUnit, sup: Set<string>): number {
  if (sup.has(u.hex!) || (u.kind === 'armor' && l.armorSupplied.includes(u.id))) return u.ma;
  return u.kind === 'armor' ? 1 : 2;
}

const enemyHexesNear = (l: LandState, side: Side, h: string) => neighbours(l, h).filter((n) => landUnitsAt(l, n, otherSide(side)).length > 0);
const fits = (l: LandState, h: string, side: Side, n: number) => landUnitsAt(l, h, side).length + n <= stackLimit(l, h);

function startAttack(ctx: Ctx<EtoState>, f: OffensiveFrame, attackers: string[], target: string, step: AttackStep, assault = false, drops: { unit: string; atp: string }[] = []): void {
  const s = ctx.state;
  const l = landOf(s);
  // 19.2, 18.5, 20.1: each ATP flies with the attack as a bomber would, once this turn, and is committed.
  for (const d of drops) {
    activate(s, f, [d.unit]); // 19.1: the paratroop is activated by its drop
    write(s, 'land', 'flown').push(d.atp);
    appendToLand(s, 'atpUsed', d.atp);
    if (landOf(s).air[d.atp]!.committed === 'none') write(s, 'land', 'air', d.atp).committed = 'CC';
  }
  write(s, 'land', 'attacked').push(target);
  write(s, 'land').attacksLeft--;
  write(s, 'land', 'attackedUnits').push(...attackers);
  // 27.4: secondary advance by the offensive's activated units; in step 5 only its infantry and exploiting armor (29.3).
  const mayAdvance = step === 'breakthrough' ? [] : step === 'exploitation'
    ? f.units.filter((id) => l.units[id]!.kind === 'inf' || f.exploited.includes(id)) : [...f.units];
  const a: Omit<AttackFrame, 'proc'> = {
    attackers, target, step, stage: 'air', airIn: [], aborted: [], round: 1, attackerSteps: 0, retreat: 0, result: '', defSteps: 0,
    advanced: [], cleared: false, side: f.side, mayAdvance, exited: [], secondary: [], stopped: [], ...(assault ? { assault: true } : {}),
    ...(drops.length ? { drops, airIn: drops.map((d) => ({ id: d.atp, role: 'bomber' as const })) } : {}),
  };
  f.declare = { target, units: attackers };
  ctx.push('land-attack', a);
}

/** Units that may attack in a step (26.3): activated, not yet attacking this step; 29: only exploiting armor in step 5. */
function attackersFor(l: LandState, f: OffensiveFrame, step: AttackStep): LandUnit[] {
  return f.units.map((id) => l.units[id]!).filter((u) => {
    if (u.where !== 'map' || !isLand(u) || l.attackedUnits.includes(u.id)) return false;
    if (step === 'exploitation') return u.kind === 'armor' && f.exploited.includes(u.id);
    // 26.3: infantry activated by an HQ attacks only from within its command radius.
    if (f.method === 'hq' && u.kind === 'inf' && !inRadius(l, f, u.hex!)) return false;
    return true;
  });
}

/**
 * 10.6: the units that would assault `h` from the sea in this offensive: infantry and armor aboard off it, not yet
 * attacking this step, that the offensive activates (its stack) or may activate there (HQ radius, next to the general).
 */
function assaulters(s: EtoState, f: OffensiveFrame, h: string): LandUnit[] {
  const l = landOf(s);
  const lead = leaderOf(l, f);
  const may = (u: LandUnit) => f.units.includes(u.id) || (!l.activated.includes(u.id) && (f.method === 'stack' ? f.stackUnits.includes(u.id)
    : f.method === 'hq' ? inRadius(l, f, h) : !!lead?.hex && dist(lead.hex, h) <= 1));
  return assaultUnits(s, f.side, h, stackLimit(l, h)).filter((u) => isLand(u) && !l.attackedUnits.includes(u.id) && may(u));
}

/** 10.6: the coastal hexes the offensive may assault now. */
function assaultHexes(s: EtoState, f: OffensiveFrame): string[] {
  return assaultTargets(s, f.side).filter((h) => targetAllowed(s, f, h) && assaulters(s, f, h).length > 0);
}

/**
 * 19.1: paratroops that may drop on `target`: full strength, in supply, at an airbase with an ATP of their side that
 * has not flown this turn and has `target` within its range 12 (18.5: not into a grounded zone); the target in the
 * activated HQ's radius, else next to the activated general or stack.
 */
function paradropChoices(s: EtoState, f: OffensiveFrame, target: string, taken: readonly { unit: string; atp: string }[]): Choice[] {
  const l = landOf(s);
  const lead = leaderOf(l, f);
  // 19.2: units aboard off the hex for an assault count as next to it.
  const first = f.method === 'stack' ? l.units[f.stackUnits[0] ?? ''] : undefined;
  const stackHex = first?.where === 'aboard' ? s.ships[first.aboard!]!.space : first?.hex;
  if (f.method === 'hq' ? !inRadius(l, f, target) : f.method === 'general' ? !lead?.hex || dist(lead.hex, target) > 1 : !stackHex || dist(stackHex, target) > 1) return [];
  if (grounded(s, target)) return [];
  const sup = suppliedHexes(l, f.side);
  const out: Choice[] = [];
  for (const u of Object.values(l.units).filter((x) => x.kind === 'para' && x.side === f.side && x.where === 'map' && !x.depleted && x.hex !== target
    && !l.activated.includes(x.id) && !taken.some((d) => d.unit === x.id) && sup.has(x.hex!)).sort((a, b) => a.id.localeCompare(b.id))) {
    const atp = Object.values(l.air).filter((a) => a.kind === 'atp' && a.side === f.side && a.where === 'map' && a.base === u.hex && !l.flown.includes(a.id)
      && !l.atpUsed?.includes(a.id) && !taken.some((d) => d.atp === a.id) && dist(u.hex!, target) <= a.range && !grounded(s, u.hex!)).sort((a, b) => a.id.localeCompare(b.id))[0];
    if (atp) out.push({ action: { type: 'drop', unit: u.id, atp: atp.id }, label: `Paradrop ${unitName(u)} from ${placeName(l, u.hex!)} (${atp.name})`, refs: { units: [u.id, atp.id], from: u.hex!, place: target } });
  }
  return out;
}

/** 22.2: a general's offensive attacks only hexes adjacent to him. */
function targetAllowed(s: EtoState, f: OffensiveFrame, h: string): boolean {
  const l = landOf(s);
  if (l.attacked.includes(h)) return false;
  const lead = leaderOf(l, f);
  if (f.method === 'general' && lead?.hex && dist(lead.hex, h) > 1) return false;
  return true;
}

const unitName = (u: LandUnit): string => u.name;
const enemyIn = (l: LandState, side: Side, h: string): string[] => landUnitsAt(l, h, otherSide(side)).map((u) => u.id);

function offensivePrompts(s: EtoState, f: OffensiveFrame): Prompt[] {
  const l = landOf(s);
  const ask = (rule: string, text: string, kind: string, choices: Choice[], groups?: ChoiceGroup[]): Prompt[] => [{ seat: f.side, rule, text, kind, choices, ...(groups ? { groups } : {}) }];
  switch (f.stage) {
    case 'hq-1b':
    case 'hq-3c': {
      const hqs = hqsOf(l, f);
      const hq = hqs.find((h) => !f.hqMoved.includes(h.id));
      if (!hq) return [];
      const later = hqs.filter((h) => h.id !== hq.id && !f.hqMoved.includes(h.id)).map((h) => h.id);
      const opts = hqMoveOptions(l, hq, 3).filter((o) => hqSpacingOk(l, hq, o.to, later));
      return ask('ETO 23.2', `Move ${hq.name} up to 3 hexes (step ${f.stage === 'hq-1b' ? '1-B' : '3-C'})`, 'move', [
        { action: { type: 'hq-stay', unit: hq.id }, label: `${hq.name} stays in ${placeName(l, hq.hex!)}`, refs: { units: [hq.id], place: hq.hex! } },
        ...opts.map((o) => ({
          action: { type: 'hq-move', unit: hq.id, to: o.to }, label: `${hq.name} to ${placeName(l, o.to)}`,
          refs: { units: [hq.id], from: hq.hex!, place: o.to, path: o.path.slice(1) },
        }))]);
    }
    case 'activate': {
      const more = activatable(l, f);
      if (!more.length) return [];
      return ask('ETO 22.0, sequence 4 step 3-D', 'Step 3-D: activate more units (the last chance; only activated units attack)', 'select', [
        { action: { type: 'activate-all' }, label: `Activate all ${more.length} unit(s) that may still be activated`, refs: { units: more.map((u) => u.id) } },
        ...more.map((u) => ({ action: { type: 'activate', unit: u.id }, label: `Activate ${unitName(u)} in ${placeName(l, u.hex!)}`, refs: { units: [u.id], place: u.hex! } })),
        { action: { type: 'done' }, label: 'End activation' }]);
    }
    case 'breakthrough': {
      if (!f.bt) {
        const made = l.brokeThrough.filter((id) => l.units[id]!.kind === 'armor').length;
        const stacks = new Map<string, string[]>();
        if (made < attacksPerStep(l, f)) {
          for (const u of onMap(l, f.side)) {
            // 28.4: no breakthrough from a mud hex.
            if (u.kind === 'armor' && !l.brokeThrough.includes(u.id) && mayActivate(l, f, u) && wx(s, u.hex!) !== 'mud') (stacks.get(u.hex!) ?? stacks.set(u.hex!, []).get(u.hex!)!).push(u.id);
          }
        }
        return ask('ETO 28.0, 28.6', 'Breakthrough step: choose an armor stack to break through, or end the step', 'attack', [
          ...[...stacks].sort(([a], [b]) => a.localeCompare(b)).map(([h, ids]) => {
            const gen = generalWith(l, h, f.side);
            return { action: { type: 'breakthrough', hex: h }, label: `Armor in ${placeName(l, h)}${gen ? ` with ${gen.name}` : ''}`, refs: { units: [...ids, ...(gen ? [gen.id] : [])], place: h } };
          }),
          { action: { type: 'done' }, label: 'End the Breakthrough step' }]);
      }
      const leadArmor = l.units[f.bt.units.find((id) => l.units[id]!.kind === 'armor')!]!;
      const n = f.bt.units.filter((id) => l.units[id]!.kind === 'armor').length;
      const btUnits = f.bt.units.filter((id) => l.units[id]!.where === 'map');
      if (f.bt.phase === 'target') {
        const targets = enemyHexesNear(l, f.side, leadArmor.hex!).filter((h) => targetAllowed(s, f, h) && layerHex(l, h)!.terrain !== 'marsh' && wx(s, h) !== 'mud');
        return ask('ETO 28.2, 28.4', 'Choose the hex the breakthrough stack attacks', 'attack', [
          ...targets.map((h) => ({ action: { type: 'bt-attack', target: h }, label: `Attack ${placeName(l, h)}`, refs: { units: btUnits, from: leadArmor.hex!, place: h, targets: enemyIn(l, f.side, h) } })),
          { action: { type: 'bt-cancel' }, label: 'Cancel the breakthrough attack (28.4)', refs: { units: btUnits } }]);
      }
      const opts = btMoves(s, f).filter((o) => fits(l, o.to, f.side, n));
      // 28.3: after the attack the stack may split; an armor unit may go alone, leaving the general (ruling 44).
      const split: Choice[] = [];
      const gen = f.bt.units.map((id) => l.units[id]!).find((u) => u.kind === 'general' && u.where === 'map');
      const armor = f.bt.units.filter((id) => l.units[id]!.kind === 'armor' && l.units[id]!.where === 'map');
      if (f.bt.phase === 'after' && (gen || armor.length > 1)) {
        for (const id of armor) {
          const from = l.units[id]!.hex!;
          for (const o of btMoves(s, f, id).filter((x) => fits(l, x.to, f.side, 1))) {
            split.push({
              action: { type: 'bt-move', to: o.to, units: [id] },
              label: `Move ${unitName(l.units[id]!)} alone to ${placeName(l, o.to)}${via(o.path.slice(1))}${gen ? `, leaving ${gen.name}` : ''}`,
              refs: { units: [id], from, place: o.to, path: o.path.slice(1) },
            });
          }
        }
      }
      return ask(f.bt.phase === 'premove' ? 'ETO 28.1' : 'ETO 28.3', f.bt.phase === 'premove' ? `Move the breakthrough stack in ${placeName(l, leadArmor.hex!)} up to 2 hexes` : `Breakthrough movement from ${placeName(l, leadArmor.hex!)}`, 'move', [
        { action: { type: 'bt-stay' }, label: `Stay in ${placeName(l, leadArmor.hex!)}`, refs: { units: btUnits, place: leadArmor.hex! } },
        ...opts.map((o) => ({ action: { type: 'bt-move', to: o.to }, label: `Move to ${placeName(l, o.to)}${via(o.path.slice(1))}`, refs: { units: btUnits, from: leadArmor.hex!, place: o.to, path: o.path.slice(1) } })),
        ...split]);
    }
    case 'move': {
      // A structured prompt: one group per unit that may still move or be activated; its destinations come from choicesIn.
      const groups = movableUnits(l, f).map((u) => ({ key: u.id, label: `${unitName(u)} in ${placeName(l, u.hex!)}`, refs: { units: [u.id], place: u.hex! } }));
      return ask('ETO 24.0, 25.2-25.3, 22.0', 'Offensive movement (step 3): move or activate units', 'move',
        [...frontChoice(l, f.side), { action: { type: 'done' }, label: 'End offensive movement' }], groups);
    }
    case 'combat':
    case 'exploit': {
      const step: AttackStep = f.stage === 'combat' ? 'combat' : 'exploitation';
      if (!f.declare) {
        const choices: Choice[] = [];
        const must = step === 'combat' ? l.mustAttack.find((m) => m.units.some((id) => l.units[id]!.where === 'map') && landUnitsAt(l, m.target, otherSide(f.side)).length && !l.attacked.includes(m.target)) : undefined;
        if (l.attacksLeft > 0) {
          const targets = new Set<string>();
          for (const u of attackersFor(l, f, step)) for (const h of enemyHexesNear(l, f.side, u.hex!)) if (targetAllowed(s, f, h)) targets.add(h);
          for (const h of [...targets].sort()) if (!must || must.target === h) choices.push({ action: { type: 'declare', target: h }, label: `Attack ${placeName(l, h)}`, refs: { place: h, targets: enemyIn(l, f.side, h) } });
          if (step === 'combat' && !must) {
            for (const h of assaultHexes(s, f)) {
              choices.push({ action: { type: 'assault', target: h }, label: `Amphibious assault on ${placeName(l, h)}`, refs: { units: assaulters(s, f, h).map((u) => u.id), place: h, targets: enemyIn(l, f.side, h) } });
            }
          }
        }
        if (!must || !choices.length) choices.push({ action: { type: 'done' }, label: `End the ${step} step` });
        return ask(step === 'combat' ? 'ETO 26.0, 26.3, 28.4' : 'ETO 29.2', `${step === 'combat' ? 'Combat' : 'Exploitation'} step: ${l.attacksLeft} attack(s) left`, 'attack', choices);
      }
      const d = f.declare;
      const cand = attackersFor(l, f, step).filter((u) => neighbours(l, u.hex!).includes(d.target) && !d.units.includes(u.id));
      const targets = enemyIn(l, f.side, d.target);
      return ask('ETO 4A C, 26.3', `Attack on ${placeName(l, d.target)}: add attacking units (${d.units.length} so far)`, 'attack', [
        ...cand.map((u) => ({ action: { type: 'add', unit: u.id }, label: `Add ${unitName(u)} from ${placeName(l, u.hex!)}`, refs: { units: [u.id], from: u.hex!, place: d.target, targets } })),
        ...(step === 'combat' ? paradropChoices(s, f, d.target, d.drops ?? []) : []),
        ...(d.units.length ? [{ action: { type: 'go' }, label: `Resolve the attack on ${placeName(l, d.target)}`, refs: { units: [...d.units], place: d.target, targets } }]
          : [{ action: { type: 'cancel' }, label: 'Cancel this attack', refs: { place: d.target } }])]);
    }
    case 'exploit-move': {
      const groups = exploitingUnits(l, f).map((u) => ({ key: u.id, label: `${unitName(u)} in ${placeName(l, u.hex!)}`, refs: { units: [u.id], place: u.hex! } }));
      return ask('ETO 29.2, 1.2-1.3', 'Exploitation movement (step 5)', 'move', [{ action: { type: 'done' }, label: 'End exploitation movement' }], groups);
    }
    default:
      return [];
  }
}

/** Step 3: land units that may still move or be activated (22.0, 24.0; not after a breakthrough, 28.4). */
function movableUnits(l: LandState, f: OffensiveFrame): LandUnit[] {
  return onMap(l, f.side).filter((u) => isLand(u) && !l.brokeThrough.includes(u.id) && !l.moved.includes(u.id) && mayActivate(l, f, u));
}

/** Step 5: armor that may still exploit (29.2). */
function exploitingUnits(l: LandState, f: OffensiveFrame): LandUnit[] {
  return Object.keys(f.exploitMp).sort().map((id) => l.units[id]!).filter((u) => !f.exploited.includes(u.id) && u.where === 'map');
}

/** A move of `u` (with the general stacked with it, when one may go) to each destination. */
function moveChoices(l: LandState, u: LandUnit, type: 'move' | 'x-move', opts: MoveOption[], gen: LandUnit | undefined, side: Side): Choice[] {
  const out: Choice[] = [];
  const verb = type === 'move' ? 'to' : 'exploits to';
  for (const o of opts) {
    if (!fits(l, o.to, side, 1)) continue;
    const refs = { from: u.hex!, place: o.to, path: o.path.slice(1) };
    out.push({ action: { type, unit: u.id, to: o.to }, label: `${unitName(u)} ${verb} ${placeName(l, o.to)}`, refs: { units: [u.id], ...refs } });
    if (gen) out.push({ action: { type, unit: u.id, to: o.to, general: gen.id }, label: `${unitName(u)} with ${gen.name} ${verb} ${placeName(l, o.to)}`, refs: { units: [u.id, gen.id], ...refs } });
  }
  return out;
}

/** The choices of one unit's group in step 3 (activate, move) or step 5 (exploit). */
function unitChoices(s: EtoState, f: OffensiveFrame, id: string): Choice[] {
  const l = landOf(s);
  const u = l.units[id];
  if (!u) return [];
  if (f.stage === 'move') {
    if (!movableUnits(l, f).includes(u)) return [];
    const out: Choice[] = [];
    if (!f.units.includes(u.id)) out.push({ action: { type: 'activate', unit: u.id }, label: `Activate ${unitName(u)} in ${placeName(l, u.hex!)} without moving`, refs: { units: [u.id], place: u.hex! } });
    const g = generalWith(l, u.hex!, f.side);
    const gen = g && !l.brokeThrough.includes(g.id) && !l.moved.includes(g.id) ? g : undefined;
    const opts = moveOptions(l, u, u.hex!, offensiveMa(l, u, suppliedHexes(l, f.side)), { weather: (h) => wx(s, h) });
    return [...out, ...moveChoices(l, u, 'move', opts, gen, f.side)];
  }
  if (f.stage === 'exploit-move') {
    if (!exploitingUnits(l, f).includes(u)) return [];
    const g = generalWith(l, u.hex!, f.side);
    const opts = moveOptions(l, u, u.hex!, f.exploitMp[id]!, { forbid: (h) => wx(s, h) !== 'fair' });
    return [
      { action: { type: 'x-stay', unit: id }, label: `${unitName(u)} exploits from ${placeName(l, u.hex!)} without moving`, refs: { units: [id], place: u.hex! } },
      ...moveChoices(l, u, 'x-move', opts, g?.eligible ? g : undefined, f.side)];
  }
  return [];
}

/** Land units that step 3-D may still activate (22.0). */
function activatable(l: LandState, f: OffensiveFrame): LandUnit[] {
  return onMap(l, f.side).filter((u) => isLand(u) && !f.units.includes(u.id) && mayActivate(l, f, u)).sort((a, b) => a.id.localeCompare(b.id));
}

/** 28.1 pre-attack move (2 hexes) or 28.3 breakthrough movement (1 hex ignoring ZOC, or the general's rating, also for an
 * armor unit leaving him: ruling 44), of the stack or of one armor unit. */
function btMoves(s: EtoState, f: OffensiveFrame, armorId?: string) {
  const l = landOf(s);
  const stack = f.bt!.units.map((id) => l.units[id]!).filter((u) => u.where === 'map');
  const armor = armorId ? l.units[armorId]! : stack.find((u) => u.kind === 'armor')!;
  const gen = stack.find((u) => u.kind === 'general');
  const supplied = suppliedHexes(l, f.side).has(armor.hex!) || l.armorSupplied.includes(armor.id);
  let mp: number;
  const limits: MoveLimits = { forbid: (h) => wx(s, h) === 'mud' };
  if (f.bt!.phase === 'premove') mp = 2;
  else {
    mp = gen ? gen.exploit ?? 0 : 1;
    limits.ignoreZoc = !gen;
    if (wx(s, armor.hex!) === 'winter') mp = Math.min(mp, 3);
  }
  if (!supplied) mp = 1; // 33.1
  return moveOptions(l, armor, armor.hex!, mp, limits);
}

export const offensive: Procedure<EtoState, OffensiveFrame> = {
  prompts: offensivePrompts,
  choicesIn: (s, f, _seat, group) => unitChoices(s, f, group),
  groupOf(_s, f, _seat, a) {
    const ours = f.stage === 'move' ? ['move', 'activate'] : f.stage === 'exploit-move' ? ['x-move', 'x-stay'] : [];
    return ours.includes(a.type) && typeof a.unit === 'string' ? a.unit : null;
  },
  explain(s, f, _seat, a) {
    const l = landOf(s);
    const u = typeof a.unit === 'string' ? l.units[a.unit] : undefined;
    if (!u?.hex || typeof a.to !== 'string') return null;
    let mp: number, opts: MoveLimits;
    if (a.type === 'move' && f.stage === 'move' && movableUnits(l, f).includes(u)) {
      mp = offensiveMa(l, u, suppliedHexes(l, f.side));
      opts = { weather: (h) => wx(s, h) };
    } else if (a.type === 'x-move' && f.stage === 'exploit-move' && exploitingUnits(l, f).includes(u)) {
      mp = f.exploitMp[u.id]!;
      opts = { forbid: (h) => wx(s, h) !== 'fair' };
    } else return null;
    const why = explainLandMove(l, u, u.hex, mp, opts, a.to);
    return why ?? (moveOptions(l, u, u.hex, mp, opts).some((o) => o.to === a.to) ? { rule: 'ETO 24.2', message: `${a.to} would be overstacked` } : null);
  },
  act(ctx, f, _seat, a: OffensiveAction) {
    const s = ctx.state;
    const l = landOf(s);
    switch (a.type) {
      case 'hq-stay': f.hqMoved.push(a.unit); return;
      case 'hq-move': {
        const hq = l.units[a.unit]!;
        ctx.log(`${hq.name} moves ${hq.hex} to ${a.to}`, 'ETO 23.2');
        write(s, 'land', 'units', hq.id).hex = a.to;
        f.hqMoved.push(hq.id);
        return;
      }
      case 'activate-all':
        // 22.0: one at a time, so the half-of-one-nation rule holds as each joins.
        for (let u = activatable(landOf(s), f)[0]; u; u = activatable(landOf(s), f)[0]) activate(s, f, [u.id]);
        return;
      case 'breakthrough': {
        const units = unitsAt(l, a.hex).filter((u) => u.side === f.side && (u.kind === 'armor' || (u.kind === 'general' && u.eligible))
          && !l.brokeThrough.includes(u.id) && (u.kind === 'general' || mayActivate(l, f, u))).map((u) => u.id);
        activate(s, f, units.filter((id) => l.units[id]!.kind === 'armor'));
        f.bt = { units, phase: 'premove' };
        return;
      }
      case 'bt-stay':
        if (f.bt!.phase === 'premove') f.bt!.phase = 'target'; else f.bt = null;
        return;
      case 'bt-move': {
        const alone = a.units;
        const path = btMoves(s, f, alone?.[0]).find((o) => o.to === a.to)!.path;
        const stack = alone ?? f.bt!.units.filter((id) => l.units[id]!.where === 'map');
        f.bt!.moving = stack;
        startMove(ctx, f, { kind: 'bt-move', side: f.side, units: stack, path, at: 0 });
        return;
      }
      case 'bt-attack': {
        for (const id of f.bt!.units) write(s, 'land', 'brokeThrough').push(id);
        write(s, 'land').attacksLeft = 1;
        startAttack(ctx, f, [...f.bt!.units], a.target, 'breakthrough');
        return;
      }
      case 'bt-cancel': {
        const units = f.bt!.units;
        for (const id of units) write(s, 'land', 'brokeThrough').push(id);
        const t = enemyHexesNear(landOf(s), f.side, landOf(s).units[units[0]!]!.hex!)[0];
        if (t) write(s, 'land', 'mustAttack').push({ target: t, units });
        f.bt = null;
        return;
      }
      case 'activate': activate(s, f, [a.unit]); return;
      case 'front': defineFront(ctx, f.side); return;
      case 'move': {
        const u = l.units[a.unit]!;
        const sup = suppliedHexes(l, f.side);
        const path = moveOptions(l, u, u.hex!, offensiveMa(l, u, sup), { weather: (h) => wx(s, h) }).find((o) => o.to === a.to)!.path;
        const movers = [u.id, ...(a.general ? [a.general] : [])];
        write(s, 'land', 'moved').push(...movers);
        activate(s, f, [u.id]);
        startMove(ctx, f, { kind: 'move', side: f.side, units: movers, path, at: 0 });
        return;
      }
      case 'done':
        if (f.stage === 'breakthrough') { f.stage = 'move'; return; }
        if (f.stage === 'move') { f.stage = 'hq-3c'; f.hqMoved = []; return; }
        if (f.stage === 'activate') { beginStep(s, f, 'combat'); return; }
        if (f.stage === 'combat') { beginExploitation(s, f); return; }
        if (f.stage === 'exploit-move') { beginStep(s, f, 'exploit'); return; }
        if (f.stage === 'exploit') { f.stage = 'end'; return; }
        return;
      case 'declare': {
        const must = l.mustAttack.find((m) => m.target === a.target);
        f.declare = { target: a.target, units: must ? must.units.filter((id) => { const u = l.units[id]!; return u.where === 'map' && isLand(u) && neighbours(l, u.hex!).includes(a.target); }) : [] };
        if (must) write(s, 'land').mustAttack = l.mustAttack.filter((m) => m !== must);
        return;
      }
      case 'add': {
        const u = l.units[a.unit]!;
        f.declare!.units.push(u.id);
        const gen = generalWith(l, u.hex!, f.side);
        if (gen && !f.declare!.units.includes(gen.id) && gen.nation === u.nation) f.declare!.units.push(gen.id);
        return;
      }
      case 'cancel': f.declare = null; return;
      case 'drop': {
        const d = f.declare!;
        d.units.push(a.unit);
        (d.drops ??= []).push({ unit: a.unit, atp: a.atp });
        return;
      }
      case 'assault': {
        f.declare = { target: a.target, units: assaulters(s, f, a.target).map((u) => u.id), assault: true };
        return;
      }
      case 'go': {
        const step: AttackStep = f.stage === 'combat' ? 'combat' : 'exploitation';
        const d = f.declare!;
        if (d.assault) {
          // 10.6: the assaulting units are activated for the offensive as they go in; one assault per hex per turn.
          const aboard = d.units.filter((id) => l.units[id]!.where === 'aboard');
          activate(s, f, aboard);
          appendToLand(s, 'assaulted', d.target);
          ctx.log(`${aboard.map((id) => l.units[id]!.name).join(', ')} make an amphibious assault on ${placeName(l, d.target)}`, 'ETO 10.6');
        }
        startAttack(ctx, f, [...d.units], d.target, step, d.assault ?? false, d.drops ?? []);
        return;
      }
      case 'x-stay': f.exploited.push(a.unit); return;
      case 'x-move': {
        const u = l.units[a.unit]!;
        const path = moveOptions(l, u, u.hex!, f.exploitMp[u.id]!, { forbid: (h) => wx(s, h) !== 'fair' }).find((o) => o.to === a.to)!.path;
        f.exploited.push(u.id);
        startMove(ctx, f, { kind: 'x-move', side: f.side, units: [u.id, ...(a.general ? [a.general] : [])], path, at: 0 });
        return;
      }
    }
  },
  resume(ctx, f, result) {
    const s = ctx.state;
    const m = reactionResult(result);
    if (m) {
      const r = goOn(ctx, m);
      if (r !== 'interrupted') moved(ctx, f, m, r === 'done');
      return;
    }
    if ((result as { displaced?: boolean } | undefined)?.displaced) return;
    displaceCommanders(ctx);
    const l = landOf(s);
    // A scenario that ends with a conquest stops the offensive there (ruling 27).
    if (l.conquered.length && playOf(l.scenario).rules.endOnConquest) { f.stage = 'end'; f.bt = null; f.declare = null; return; }
    const r = result as { cleared: boolean; advanced: string[] } | undefined;
    if (f.stage === 'breakthrough' && f.bt) {
      const armor = f.bt.units.filter((id) => r?.advanced.includes(id) && l.units[id]!.kind === 'armor');
      for (const id of f.bt.units) if (l.units[id]!.kind === 'general') write(s, 'land', 'units', id).eligible = false; // 28.5
      if (r?.cleared && armor.length) f.bt = { units: f.bt.units.filter((id) => r.advanced.includes(id)), phase: 'after' };
      else {
        if (!r?.cleared) write(s, 'land', 'mustAttack').push({ target: f.declare!.target, units: f.bt.units });
        f.bt = null;
      }
      f.declare = null;
      return;
    }
    // 29.1: units of a step-4 attack that vacated the hex were eligible to advance after combat.
    if (f.stage === 'combat' && r?.cleared) for (const id of f.declare!.units) if (!landOf(s).mayExploit.includes(id)) write(s, 'land', 'mayExploit').push(id);
    f.declare = null;
  },
  run(ctx, f) {
    const depth = ctx.state.stack.length;
    offensiveRun(ctx, f);
    if (!ctx.state.outcome && ctx.state.stack.length === depth && ctx.state.stack[depth - 1] === f) { const { proc, ...rest } = f; ctx.goto(proc, rest); }
  },
};

/** Offensive movement, breakthrough and exploitation moves go hex by hex: enemy armor may react on the way (26.5). */
function startMove(ctx: Ctx<EtoState>, f: OffensiveFrame, m: PendingMove): void {
  if (carryOut(ctx, m)) moved(ctx, f, m, true);
}

/** The end of a move, complete or stopped by a reaction attack (26.5: a unit that retreated moves no farther). */
function moved(ctx: Ctx<EtoState>, f: OffensiveFrame, m: PendingMove, complete: boolean): void {
  const l = landOf(ctx.state);
  const names = m.units.map((id) => l.units[id]!.name).join(' and ');
  const rule = m.kind === 'x-move' ? 'ETO 29.2' : m.kind === 'bt-move' ? (f.bt?.phase === 'premove' ? 'ETO 28.1' : 'ETO 28.3') : 'ETO 24.0';
  if (complete) ctx.log(`${names} ${m.kind === 'x-move' ? 'exploit' : 'move'} ${m.path.join(' > ')}`, rule);
  else ctx.log(`${names || 'The moving units'} move no farther after the reaction attack`, 'ETO 26.5');
  if (m.kind === 'bt-move' && f.bt) {
    const left = f.bt.units.filter((id) => l.units[id]!.where === 'map');
    const stayed = left.filter((id) => !(f.bt!.moving ?? m.units).includes(id));
    if (f.bt.phase === 'premove' && left.some((id) => l.units[id]!.kind === 'armor')) { f.bt.units = left; f.bt.phase = 'target'; }
    else if (f.bt.phase === 'after' && stayed.some((id) => l.units[id]!.kind === 'armor')) f.bt = { units: stayed, phase: 'after' }; // 28.3 split: the rest may still move
    else f.bt = null;
  }
  displaceCommanders(ctx);
}

function offensiveRun(ctx: Ctx<EtoState>, f: OffensiveFrame): void {
  const s = ctx.state;
  const l = landOf(s);
  switch (f.stage) {
    case 'hq-1b': {
      if (f.method === 'stack') activate(s, f, f.stackUnits);
      const w = write(s, 'land');
      f.stage = 'breakthrough'; f.hqMoved = []; f.bt = null; w.attacked = []; w.attackedUnits = []; w.flown = [];
      return;
    }
    case 'breakthrough': f.bt = null; return;
    case 'hq-3c': f.stage = 'activate'; return;
    case 'activate': beginStep(s, f, 'combat'); return;
    case 'combat': case 'exploit': f.declare = null; return;
    case 'exploit-move': beginStep(s, f, 'exploit'); return;
    case 'end':
      // Step 6: committed air units become previously committed (20.1); the HQs flip to "previously activated".
      for (const [id, a] of Object.entries(l.air)) if (a.committed === 'CC') write(s, 'land', 'air', id).committed = 'PC';
      for (const id of f.method === 'hq' ? [f.leader, ...f.partners] : []) if (!landOf(s).hqs.includes(id)) write(s, 'land', 'hqs').push(id);
      ctx.pop();
      return;
    default: throw new Error(`ETO offensive: stage ${f.stage} awaits a decision`);
  }
}

/** Start of step 4 or 5: fresh attack count; each air unit may fly one mission per step (12.5). */
function beginStep(s: EtoState, f: OffensiveFrame, stage: 'combat' | 'exploit'): void {
  const l = write(s, 'land');
  f.stage = stage; f.declare = null; l.attacked = []; l.attackedUnits = []; l.flown = []; l.attacksLeft = attacksPerStep(l, f);
}

/** 29.1: armor eligible to advance in step 4, no breakthrough, stacked with an eligible general, not in W or M weather. */
function beginExploitation(s: EtoState, f: OffensiveFrame): void {
  const l = landOf(s);
  const sup = suppliedHexes(l, f.side);
  f.exploitMp = {};
  f.exploited = [];
  for (const id of l.mayExploit) {
    const u = l.units[id]!;
    if (u.kind !== 'armor' || u.where !== 'map' || l.brokeThrough.includes(id)) continue;
    const g = generalWith(l, u.hex!, f.side);
    if (!g || !g.eligible || l.brokeThrough.includes(g.id) || wx(s, u.hex!) !== 'fair') continue;
    f.exploitMp[id] = sup.has(u.hex!) || l.armorSupplied.includes(id) ? g.exploit ?? 0 : 1; // 29.3, 33.1
  }
  f.stage = Object.keys(f.exploitMp).length ? 'exploit-move' : 'end';
  write(s, 'land').flown = [];
}
