// ETO 8.0 Naval Interception: declaring interceptions and counter-interceptions (8.2), search (8.4), the limits of
// 8.5, automatic interception (8.6) and evasion (8.7). Combat itself is naval-combat.ts.
import { type Ctx, type Frame, type Procedure, write } from '../../engine/index.ts';
import type { EngagementAction, InterceptionAction } from './actions.ts';
import { interceptionRange, isArea, navalMap, spaceName } from './map.ts';
import { airAttacks, flyingCarriers, pushNavalCombat } from './naval-combat.ts';
import { pushSubmarineCombat } from './submarine.ts';
import { alive, type EtoState, otherSide, ratings, type Side, slowest, stackKey } from './state.ts';

const label = (s: EtoState, id: string) => `${s.ships[id]!.name}${s.ships[id]!.damaged ? ' (damaged)' : ''}`;

/** 8.4: the die-roll modifier of every group's search against a stack in `space`. */
export function searchModifier(s: EtoState, searchSide: Side, space: string, groups: number, submarine = false, forSubmarine = false): { drm: number; parts: string[] } {
  const parts: string[] = [`+${groups} for ${groups} searching group(s)`];
  let drm = groups;
  if (submarine) { drm += 1; parts.push('+1 a submarine searching (11.3)'); }
  if (forSubmarine) { drm -= 1; parts.push('-1 searching for a submarine (11.2)'); }
  // friendly air based within range: carrier air in the space (gridless areas: naval air acts only in its own area)
  if (Object.values(s.ships).some((sh) => sh.side === searchSide && !sh.sunk && sh.air > 0 && !sh.damaged && sh.space === space)) {
    drm += 1;
    parts.push('+1 friendly air in range');
  }
  if (!isArea(s, space)) {
    drm += 2;
    parts.push('+2 in a coastal hex');
  }
  if (s.weather === 'W') {
    drm -= 2;
    parts.push('-2 winter weather');
  }
  const area = navalMap(s).areas.get(space);
  if (area && area.int !== 0) {
    drm += area.int;
    parts.push(`${area.int} printed INT modifier of the ${area.name}`);
  }
  return { drm, parts };
}

/** 8.4: found on a modified 7 or more; a natural 6 always finds and a natural 1 never does. */
export function searchFinds(die: number, drm: number): boolean {
  if (die === 6) return true;
  if (die === 1) return false;
  return die + drm >= 7;
}

/**
 * 8.4: split `ships` into `n` groups of at least 3 (all in one group when fewer than 6), each with a unit that has a
 * gunnery rating, fastest ships together so that the fastest group searches first. The grouping is made by this
 * rule, not chosen ship by ship (docs/rulings/eto.md).
 */
export function formGroups(s: EtoState, ships: string[], n: number): string[][] {
  const order = [...ships].sort((x, y) => ratings(s.ships[y]!).speed - ratings(s.ships[x]!).speed || (x < y ? -1 : 1));
  const groups: string[][] = [];
  let i = 0;
  for (let g = 0; g < n; g++) {
    const size = Math.floor(order.length / n) + (g >= n - (order.length % n) ? 1 : 0);
    groups.push(order.slice(i, i + size));
    i += size;
  }
  const gunned = (g: string[]) => g.some((id) => ratings(s.ships[id]!).gunnery !== null);
  for (const g of groups) {
    if (gunned(g)) continue;
    const donor = groups.find((d) => d.filter((id) => ratings(s.ships[id]!).gunnery !== null).length > 1)!;
    const give = donor.findIndex((id) => ratings(s.ships[id]!).gunnery !== null);
    const [ship] = donor.splice(give, 1, g[g.length - 1]!);
    g[g.length - 1] = ship!;
  }
  return groups.sort((x, y) => slowest(s, y) - slowest(s, x));
}

export function maxGroups(s: EtoState, ships: string[]): number {
  if (ships.length < 6) return 1;
  const gunned = ships.filter((id) => ratings(s.ships[id]!).gunnery !== null).length;
  return Math.max(1, Math.min(Math.floor(ships.length / 3), gunned));
}

// ---- the interception window: the other side may intercept a moving stack (8.2) ----

export interface WindowFrame extends Frame {
  /** The moving stack and its side. */
  side: Side;
  target: string[];
  space: string;
  /** 0: interception of a moving stack; 1+: counter-interception of interceptors (8.2). */
  level: number;
  /** Ships already engaged further out in this chain (cannot intercept now). */
  busy: string[];
  chosen: string[];
  /** The target is leaving the port of this hex (8.6 automatic interception by units in the port hex). */
  leavingPort?: boolean;
}

/** Ships of the other side that may intercept the stack now (8.1 range, 8.5 limits). */
export function eligibleInterceptors(s: EtoState, f: WindowFrame): string[] {
  const side = otherSide(f.side);
  const key = stackKey(f.target);
  // 33.8: ships out of supply do not intercept.
  return Object.values(s.ships).filter((sh) => sh.side === side && !sh.sunk && sh.space !== '' && !sh.oos
    && !f.busy.includes(sh.id) && !f.chosen.includes(sh.id)
    && !s.step.successful.includes(sh.id) && !s.step.withdrawn.includes(sh.id)
    && !s.step.searched.includes(`${sh.id}>${key}`)
    && interceptionRange(s, sh.space).has(f.space)).map((sh) => sh.id).sort();
}

export const interceptionWindow: Procedure<EtoState, WindowFrame> = {
  prompts(s, f) {
    if (alive(s, f.target).length === 0) return [];
    const side = otherSide(f.side);
    // 11.3: a submarine intercepts alone.
    const sub = (id: string) => s.ships[id]!.type === 'SS';
    const eligible = eligibleInterceptors(s, f).filter((id) => !f.chosen.length || (!f.chosen.some(sub) && !sub(id)));
    if (eligible.length === 0 && f.chosen.length === 0) return [];
    const acts: InterceptionAction[] = eligible.map((id) => ({ type: 'add-interceptor', ship: id }));
    const canSearch = f.chosen.some((id) => ratings(s.ships[id]!).gunnery !== null);
    if (canSearch) acts.push({ type: 'intercept' });
    acts.push({ type: 'no-interception' });
    const what = f.level === 0 ? 'intercept' : 'counter-intercept';
    return [{
      seat: side, rule: f.level === 0 ? 'ETO 8.2' : 'ETO 8.2 (counter-interception)', kind: 'intercept',
      text: `Enemy ${alive(s, f.target).map((id) => label(s, id)).join(', ')} ${f.leavingPort ? 'leave port' : 'enter'} ${spaceName(s, f.space)}: ${what}?` +
        (f.chosen.length ? ` Chosen: ${f.chosen.map((id) => label(s, id)).join(', ')}` : ''),
      choices: acts.map((a) => ({
        action: a,
        label: a.type === 'add-interceptor' ? `Add ${label(s, a.ship)} (${spaceName(s, s.ships[a.ship]!.space)})`
          : a.type === 'intercept' ? `${what} with the chosen ships` : `No ${what}ion`,
        ...(a.type === 'add-interceptor' ? { refs: { units: [a.ship], from: s.ships[a.ship]!.space, place: f.space, targets: alive(s, f.target) } }
          : a.type === 'intercept' ? { refs: { units: [...f.chosen], place: f.space, targets: alive(s, f.target) } } : {}),
      })),
    }];
  },
  run(ctx) {
    ctx.pop({ intercepted: false });
  },
  act(ctx, f, _seat, a: InterceptionAction) {
    const s = ctx.state;
    if (a.type === 'add-interceptor') {
      f.chosen.push(a.ship);
      return;
    }
    if (a.type === 'no-interception') {
      ctx.pop({ intercepted: false });
      return;
    }
    const chosen = f.chosen;
    const coastalPort = !isArea(s, f.space) && navalMap(s).coastal.get(f.space)?.port != null;
    const auto = coastalPort && chosen.every((id) => s.ships[id]!.space === f.space);
    for (const id of chosen) {
      const sh = write(s, 'ships', id);
      sh.space = f.space; // 8.0: interceptors move to the target at no MP cost
      sh.inPort = false;
    }
    // 8.3: counter-interceptors of the moving side may not move afterwards
    const movingSide = s.stack.find((fr) => fr.proc === 'naval-movement')?.side as Side | undefined;
    if (f.level > 0 && movingSide === otherSide(f.side)) {
      for (const id of chosen) if (!s.step.moved.includes(id)) write(s, 'step', 'moved').push(id);
    }
    ctx.log(`${chosen.map((id) => s.ships[id]!.name).join(', ')} ${f.level === 0 ? 'intercept' : 'counter-intercept'} in ${spaceName(s, f.space)}${auto ? ' (automatic, 8.6)' : ''}`, 'ETO 8.2');
    ctx.goto('engagement', {
      searchSide: otherSide(f.side), searchers: chosen, targetSide: f.side, target: alive(s, f.target), space: f.space,
      level: f.level, busy: [...f.busy, ...f.target], auto, stage: 'counter', groups: [], gi: 0, evaded: false, found: false,
    });
  },
  explain(s, f, _seat, a) {
    if (a.type === 'intercept' && !f.chosen.some((id) => ratings(s.ships[id]!).gunnery !== null)) {
      return { rule: 'ETO 8.5', message: 'carriers and transports cannot search by themselves; add a unit with a gunnery rating' };
    }
    if (a.type === 'add-interceptor' && typeof a.ship === 'string') {
      const sh = s.ships[a.ship];
      if (sh && f.chosen.length && [a.ship, ...f.chosen].some((id) => s.ships[id]!.type === 'SS')) return { rule: 'ETO 11.3', message: 'a submarine intercepts alone' };
      if (sh && !interceptionRange(s, sh.space).has(f.space)) {
        return { rule: 'ETO 8.1', message: `${sh.name} in ${spaceName(s, sh.space)} cannot reach ${spaceName(s, f.space)}: from a coastal hex, coastal hexes within 3 naval MP and adjacent areas; from a sea area, that area and the coastal hexes bordering it` };
      }
    }
    return null;
  },
};

// ---- an engagement: counter-interception, then search group by group, evasion, combat (8.2-8.7) ----

export interface EngagementFrame extends Frame {
  searchSide: Side;
  searchers: string[];
  targetSide: Side;
  target: string[];
  space: string;
  level: number;
  busy: string[];
  auto: boolean;
  stage: 'counter' | 'continue' | 'groups' | 'search' | 'evade' | 'after-combat' | 'end';
  groups: string[][];
  gi: number;
  /** The target has evaded one group of this stack (8.7: no second evasion). */
  evaded: boolean;
  found: boolean;
  /** Step 3 searches against a stationary stack: no counter-interception. */
  stationary?: boolean;
  countered?: boolean;
}

export const engagement: Procedure<EtoState, EngagementFrame> = {
  prompts(s, f) {
    const searchers = alive(s, f.searchers);
    if (f.stage === 'continue' && searchers.length) {
      return [{
        seat: f.searchSide, rule: 'ETO 8.2', kind: 'yes-no',
        text: 'Your interceptors survived the counter-interception: continue to the original target or break off?',
        choices: [
          { action: { type: 'continue' }, label: 'Continue the interception', refs: { units: searchers, place: f.space, targets: alive(s, f.target) } },
          { action: { type: 'break-off' }, label: 'Break off and stop', refs: { units: searchers, place: f.space } }],
      }];
    }
    if (f.stage === 'groups' && !f.auto && maxGroups(s, searchers) > 1) {
      const acts: EngagementAction[] = [];
      for (let n = 1; n <= maxGroups(s, searchers); n++) acts.push({ type: 'groups', n });
      const groupLabel = (a: EngagementAction) => (a.type === 'groups' ? `${a.n} group(s)` : a.type);
      return [{
        seat: f.searchSide, rule: 'ETO 8.4', kind: 'groups',
        text: `Split the ${searchers.length} searching ships into groups of at least 3 (each group rolls; +1 per group)`,
        choices: acts.map((a) => ({ action: a, label: groupLabel(a), refs: { units: searchers, place: f.space, targets: alive(s, f.target) } })),
      }];
    }
    if (f.stage === 'evade') {
      return [{
        seat: f.targetSide, rule: 'ETO 8.7', kind: 'yes-no',
        text: `You were found by ${f.groups[f.gi]!.map((id) => label(s, id)).join(', ')} (speed ${slowest(s, alive(s, f.groups[f.gi]!))}); your slowest ship is faster: evade?`,
        choices: [
          { action: { type: 'evade' }, label: 'Evade', refs: { units: alive(s, f.target), place: f.space, targets: alive(s, f.groups[f.gi]!) } },
          { action: { type: 'fight' }, label: 'Fight', refs: { units: alive(s, f.target), place: f.space, targets: alive(s, f.groups[f.gi]!) } }],
      }];
    }
    return [];
  },
  run(ctx, f) {
    const s = ctx.state;
    const searchers = alive(s, f.searchers);
    const target = alive(s, f.target);
    if (f.stage === 'counter') {
      if (f.stationary) {
        f.stage = 'groups';
        ctx.push('noop');
        return;
      }
      f.stage = 'continue';
      ctx.push('interception-window', {
        side: f.searchSide, target: searchers, space: f.space, level: f.level + 1, busy: [...f.busy, ...searchers], chosen: [],
      });
      return;
    }
    if (f.stage === 'continue') {
      // reached when no counter-interception happened (no prompt): go on to the search
      f.stage = 'groups';
      ctx.push('noop');
      return;
    }
    if (searchers.length === 0 || target.length === 0 || !searchers.some((id) => ratings(s.ships[id]!).gunnery !== null)) {
      return finish(ctx, f);
    }
    if (f.stage === 'groups') {
      f.groups = f.auto ? [searchers] : formGroups(s, searchers, 1);
      f.gi = 0;
      f.stage = 'search';
      ctx.push('noop');
      return;
    }
    if (f.stage === 'search') {
      if (f.gi >= f.groups.length) return finish(ctx, f);
      const group = alive(s, f.groups[f.gi]!);
      if (group.length === 0 || !group.some((id) => ratings(s.ships[id]!).gunnery !== null)) {
        f.gi++;
        ctx.push('noop');
        return;
      }
      const key = stackKey(f.target);
      for (const id of group) if (!s.step.searched.includes(`${id}>${key}`)) write(s, 'step', 'searched').push(`${id}>${key}`);
      let found = f.auto;
      if (!f.auto) {
        const { drm, parts } = searchModifier(s, f.searchSide, f.space, f.groups.length, group.every((id) => s.ships[id]!.type === 'SS'), target.every((id) => s.ships[id]!.type === 'SS'));
        const d = ctx.roll(6, 1, `Search by ${group.map((id) => s.ships[id]!.name).join(', ')} (speed ${slowest(s, group)}) in ${spaceName(s, f.space)}, ${parts.join(', ')}`, 'ETO 8.4');
        found = searchFinds(d.total, drm);
        ctx.log(found ? `found (${d.total} ${drm >= 0 ? '+' : ''}${drm})` : `not found (${d.total} ${drm >= 0 ? '+' : ''}${drm})`, 'ETO 8.4');
      }
      if (!found) {
        f.gi++;
        ctx.push('noop');
        return;
      }
      f.found = true;
      for (const id of group) if (!s.step.successful.includes(id)) write(s, 'step', 'successful').push(id);
      if (!f.auto && !f.evaded && slowest(s, group) < slowest(s, target)) {
        f.stage = 'evade';
        ctx.push('noop');
        return;
      }
      startCombat(ctx, f, group);
      return;
    }
    if (f.stage === 'after-combat') {
      f.gi++;
      f.stage = 'search';
      ctx.push('noop');
      return;
    }
    finish(ctx, f);
  },
  resume(ctx, f, result) {
    const r = result as { intercepted?: boolean; withdrawn?: string[] } | undefined;
    if (r?.withdrawn) {
      for (const id of r.withdrawn) if (!ctx.state.step.withdrawn.includes(id)) write(ctx.state, 'step', 'withdrawn').push(id);
    }
    if (f.stage === 'continue') {
      f.countered = !!r?.intercepted;
      if (!f.countered) f.stage = 'groups';
    }
  },
  act(ctx, f, _seat, a: EngagementAction) {
    const s = ctx.state;
    if (a.type === 'continue') f.stage = 'groups';
    else if (a.type === 'break-off') {
      ctx.log('The interceptors break off', 'ETO 8.2');
      f.stage = 'end';
    } else if (a.type === 'groups') {
      f.groups = formGroups(s, alive(s, f.searchers), a.n);
      f.gi = 0;
      f.stage = 'search';
      ctx.log(`Search groups: ${f.groups.map((g) => g.map((id) => s.ships[id]!.name).join(', ')).join(' / ')}`, 'ETO 8.4');
    } else if (a.type === 'evade') {
      f.evaded = true;
      ctx.log(`${f.target.map((id) => s.ships[id]!.name).join(', ')} evade`, 'ETO 8.7');
      const group = alive(s, f.groups[f.gi]!);
      f.stage = 'after-combat';
      const carriers = flyingCarriers(s, group);
      // 8.7, 16.5: in a gridless sea area the group's carrier air may still attack the evading stack
      if (carriers.length && isArea(s, f.space) && !navalMap(s).areas.get(f.space)!.gridded) {
        ctx.push('air-naval-attack', { side: f.searchSide, left: airAttacks(s, carriers), targets: alive(s, f.target), rule: 'ETO 8.7, 16.5' });
      }
    } else if (a.type === 'fight') {
      startCombat(ctx, f, alive(s, f.groups[f.gi]!));
    }
  },
};

function startCombat(ctx: Ctx<EtoState>, f: EngagementFrame, group: string[]): void {
  f.stage = 'after-combat';
  ctx.log(`Naval combat in ${spaceName(ctx.state, f.space)}`, 'ETO 9.0');
  // 11.3: a submarine that found the stack fights its own combat.
  const sub = group.length === 1 && ctx.state.ships[group[0]!]!.type === 'SS';
  if (sub) pushSubmarineCombat(ctx, f.searchSide, group[0]!, f.target);
  else pushNavalCombat(ctx, { side: f.searchSide, ships: group }, { side: f.targetSide, ships: alive(ctx.state, f.target) });
}

function finish(ctx: Ctx<EtoState>, f: EngagementFrame): void {
  const s = ctx.state;
  if (f.found && f.level > 0) {
    for (const id of f.searchers) if (!s.counterIntercepted.includes(id)) write(s, 'counterIntercepted').push(id);
  }
  ctx.pop({ intercepted: true, found: f.found });
}

export const noop: Procedure<EtoState> = {
  run(ctx) {
    ctx.pop();
  },
};
