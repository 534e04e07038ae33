// ETO 10.0 sea transport: STP markers (10.1, fungible in a space), what they carry (10.2 Transport Table), embarking
// in a friendly port in the Naval Movement step (10.4), cargo following its STPs, debarking in the Movement and End
// phases (10.5), losses of STPs and their cargo (10.9), sea supply markers (32.4-32.5) and the amphibious assault's
// requirement and sinkings (10.2, 10.6; the assault itself is land-attack.ts's); DD/CL pairs as ad hoc STPs (10.8).
// Rulings 58-61 and 76 in docs/rulings/eto.md.
import { type Choice, type Ctx, write } from '../../engine/index.ts';
import { appendToLand, controller, landOf, type LandState, type LandUnit, landUnitsAt, layerHex, placeName, stackLimit, suppliedHexes } from './land.ts';
import { navalMap } from './map.ts';
import { type EtoState, type Ship, type Side } from './state.ts';

/** 10.2 Transport Table: infantry and paratroops 1 STP, armor 2; HQs and generals ride free with a land unit (1 alone). */
export function transportCost(u: LandUnit): number {
  if (u.kind === 'armor') return 2;
  if (u.kind === 'inf' || u.kind === 'para') return 1;
  return 0;
}

const isStp = (sh: Ship): boolean => sh.type === 'STP' && !sh.sunk;

/** STPs of `side` afloat in `space` (10.1: the markers in one space are fungible). */
export function stpsIn(s: EtoState, side: Side, space: string): Ship[] {
  return Object.values(s.ships).filter((sh) => isStp(sh) && sh.side === side && sh.space === space).sort((a, b) => a.id.localeCompare(b.id));
}

/** 10.8: a DD serving with a CL of its stack as one ad hoc STP (both afloat, in one space); the DD holds the cargo. */
const isPairDd = (s: EtoState, sh: Ship): boolean =>
  sh.type === 'DD' && !sh.sunk && !!sh.pair && !s.ships[sh.pair]!.sunk && s.ships[sh.pair]!.space === sh.space;

/** 10.8: the DD/CL pairs of `side` in `space` (each named by its DD), one STP each. */
export function pairsIn(s: EtoState, side: Side, space: string): Ship[] {
  return Object.values(s.ships).filter((sh) => isPairDd(s, sh) && sh.side === side && sh.space === space).sort((a, b) => a.id.localeCompare(b.id));
}

/** Ships with their 10.8 partners. */
const withPartners = (s: EtoState, ids: readonly string[]): string[] => ids.flatMap((id) => (s.ships[id]!.pair ? [id, s.ships[id]!.pair!] : [id]));

/** STPs that `ships` stand for: an STP marker's points, 1 for a DD/CL pair (10.8). */
export const points = (ships: readonly Ship[]): number => ships.reduce((t, sh) => t + (sh.type === 'STP' ? sh.points ?? 0 : sh.type === 'DD' && sh.pair ? 1 : 0), 0);

/** Land units aboard any of `stps`. */
export function cargoOf(s: EtoState, stps: readonly string[]): LandUnit[] {
  if (!s.land) return [];
  return Object.values(s.land.units).filter((u) => u.where === 'aboard' && stps.includes(u.aboard!)).sort((a, b) => a.id.localeCompare(b.id));
}

/** STPs the cargo and supply markers of `stps` need (10.2, 32.5: one per marker); HQs and generals alone need one. */
export function need(s: EtoState, stps: readonly string[], extra: LandUnit[] = []): number {
  const cargo = [...cargoOf(s, stps), ...extra];
  const land = cargo.reduce((t, u) => t + transportCost(u), 0);
  const leadersAlone = land === 0 && cargo.length > 0 ? 1 : 0;
  return land + leadersAlone + stps.filter((id) => s.ships[id]!.supply).length;
}

/** The space a unit aboard is in (its STP's). */
export const aboardSpace = (s: EtoState, u: LandUnit): string => s.ships[u.aboard!]!.space;

/** Naval MP the cargo of `stps` has been carried (10.2: an assault carried farther than 6 MP needs three times the STPs). */
export const carriedOf = (s: EtoState, stps: readonly string[]): number => Math.max(0, ...stps.map((id) => s.ships[id]!.carried ?? 0));

// ---------------------------------------------------------------- embarking (10.4, 32.5)

const inFriendlyPort = (s: EtoState, side: Side, space: string): boolean =>
  !!s.land && !!navalMap(s).coastal.get(space)?.port && controller(s.land, space) === side;

/**
 * 10.4, 32.5: what the selected stack may take aboard in its port before it moves: land units of its side in the
 * port (not activated this turn) while its STPs can carry them, and supply markers where the port has a land supply line.
 */
export function embarkChoices(s: EtoState, side: Side, selected: readonly string[]): Choice[] {
  if (!s.land || !selected.some((id) => ['STP', 'DD', 'CL'].includes(s.ships[id]!.type))) return [];
  const space = s.ships[selected[0]!]!.space;
  if (!inFriendlyPort(s, side, space)) return [];
  const l = s.land;
  const here = Object.values(l.units).filter((x) => x.side === side && x.where === 'map' && x.hex === space && !l.activated.includes(x.id)).sort((a, b) => a.id.localeCompare(b.id));
  const supplied = suppliedHexes(l, side).has(space);
  const out: Choice[] = [];
  const stps = freeStps(s, selected);
  const have = points(stps.map((id) => s.ships[id]!));
  for (const u of stps.length ? here : []) {
    if (need(s, stps, [u]) > have) continue;
    out.push({ action: { type: 'embark', unit: u.id }, label: `Embark ${u.name} at ${placeName(l, space)}`, refs: { units: [u.id, ...stps], place: space } });
  }
  if (stps.length && need(s, stps) + 1 <= have && stps.some((id) => !s.ships[id]!.supply) && supplied) {
    out.push({ action: { type: 'load-supply' }, label: `Load a supply marker at ${placeName(l, space)}`, refs: { units: [...stps], place: space } });
  }
  // 10.8: the stack's DD/CL pairs, one STP each, for infantry and supply markers (generals and HQs ride any ship, 10.2).
  const { pairs, more } = freePairs(s, selected);
  const ships = withPartners(s, pairs).concat(more ? selected.filter((id) => !s.ships[id]!.pair && (s.ships[id]!.type === 'DD' || s.ships[id]!.type === 'CL')) : []);
  for (const u of pairs.length + more ? here.filter((x) => x.kind === 'inf' || x.kind === 'general' || x.kind === 'hq') : []) {
    if (need(s, pairs, [u]) > pairs.length + more) continue;
    out.push({ action: { type: 'embark', unit: u.id, by: 'dd-cl' }, label: `Embark ${u.name} at ${placeName(l, space)} aboard a DD/CL pair`, refs: { units: [u.id, ...ships], place: space } });
  }
  if (need(s, pairs) + 1 <= pairs.length + more && (more > 0 || pairs.some((id) => !s.ships[id]!.supply)) && supplied) {
    out.push({ action: { type: 'load-supply', by: 'dd-cl' }, label: `Load a supply marker at ${placeName(l, space)} aboard a DD/CL pair`, refs: { units: ships, place: space } });
  }
  return out;
}

/**
 * 10.8: the selected stack's DD/CL pairs that may take cargo (all of them while they carry some, else those free this
 * turn), and how many more pairs its unpaired DDs and CLs free this turn could form.
 */
function freePairs(s: EtoState, selected: readonly string[]): { pairs: string[]; more: number } {
  const ships = selected.map((id) => s.ships[id]!).filter((sh) => !sh.sunk);
  const formed = ships.filter((sh) => isPairDd(s, sh)).map((sh) => sh.id);
  const loaded = formed.some((id) => s.ships[id]!.supply) || cargoOf(s, formed).length > 0;
  const free = (type: Ship['type']): number => ships.filter((sh) => sh.type === type && !sh.pair && !sh.used).length;
  return { pairs: loaded ? formed : formed.filter((id) => !s.ships[id]!.used), more: Math.min(free('DD'), free('CL')) };
}

/**
 * 10.8: the pairs that carry the selected stack's cargo: every free DD of the stack paired with a free CL (the
 * player names the pairs by the ships he selects, ruling 76), with the pairs formed before.
 */
function formPairs(ctx: Ctx<EtoState>, selected: readonly string[]): string[] {
  const s = ctx.state;
  const { pairs } = freePairs(s, selected);
  const free = (type: Ship['type']): Ship | undefined => selected.map((id) => s.ships[id]!).find((sh) => !sh.sunk && sh.type === type && !sh.pair && !sh.used);
  for (let dd = free('DD'), cl = free('CL'); dd && cl; dd = free('DD'), cl = free('CL')) {
    write(s, 'ships', dd.id).pair = cl.id;
    write(s, 'ships', cl.id).pair = dd.id;
    pairs.push(dd.id);
    ctx.log(`${dd.name} and ${cl.name} serve together as one STP`, 'ETO 10.8');
  }
  return pairs;
}

/**
 * 10.7: a stack whose STPs stand in a clear coastal hex that is not a friendly port may take aboard the generals, HQs,
 * paratroops and infantry of its side there, at twice the Transport Table's STPs (ruling 71).
 */
export function evacuationChoices(s: EtoState, side: Side, ships: readonly string[]): Choice[] {
  if (!s.land || !ships.length) return [];
  const stps = freeStps(s, ships);
  const { pairs, more } = freePairs(s, ships);
  if (!stps.length && !pairs.length && !more) return [];
  const l = s.land;
  const space = s.ships[ships[0]!]!.space;
  if (inFriendlyPort(s, side, space) || !navalMap(s).coastal.has(space) || layerHex(l, space)?.terrain !== 'clear') return [];
  const here = Object.values(l.units).filter((x) => x.side === side && x.where === 'map' && x.hex === space && x.kind !== 'armor').sort((a, b) => a.id.localeCompare(b.id));
  const out: Choice[] = [];
  const have = points(stps.map((id) => s.ships[id]!));
  for (const u of stps.length ? here : []) {
    if (evacuationNeed(s, stps, u) > have) continue;
    out.push({ action: { type: 'evacuate', unit: u.id }, label: `Evacuate ${u.name} from ${placeName(l, space)}`, refs: { units: [u.id, ...stps], place: space } });
  }
  // 10.7, 10.8: DD/CL pairs evacuate infantry, generals and HQs.
  for (const u of pairs.length + more ? here.filter((x) => x.kind === 'inf' || x.kind === 'general' || x.kind === 'hq') : []) {
    if (evacuationNeed(s, pairs, u) > pairs.length + more) continue;
    const pairShips = ships.filter((id) => s.ships[id]!.type === 'DD' || s.ships[id]!.type === 'CL');
    out.push({ action: { type: 'evacuate', unit: u.id, by: 'dd-cl' }, label: `Evacuate ${u.name} from ${placeName(l, space)} aboard DD/CL pairs`, refs: { units: [u.id, ...pairShips], place: space } });
  }
  return out;
}

/** 10.7: the STPs a stack needs with `u` evacuated too: the Transport Table's figure, the evacuees' counted twice. */
function evacuationNeed(s: EtoState, stps: readonly string[], u: LandUnit): number {
  const evacuees = [...cargoOf(s, stps).filter((x) => s.land!.evacuated?.includes(x.id)), u];
  const extra = evacuees.reduce((t, x) => t + transportCost(x), 0) || 1;
  return need(s, stps, [u]) + extra;
}

export function evacuate(ctx: Ctx<EtoState>, ships: readonly string[], unit: string, by?: 'dd-cl'): void {
  const s = ctx.state;
  const stps = by ? formPairs(ctx, ships) : freeStps(s, ships);
  for (const id of stps) write(s, 'ships', id).evacuatedAt = s.ships[id]!.carried ?? 0;
  embark(ctx, ships, unit, true, by);
  appendToLand(s, 'evacuated', unit);
  ctx.log(`${landOf(s).units[unit]!.name} is evacuated: at most 12 naval MP to a friendly port this phase`, 'ETO 10.7');
}

/** 10.7, at the end of the Naval and Air phase: evacuees carried more than 12 naval MP, or not in a friendly port, are eliminated. */
export function endEvacuations(ctx: Ctx<EtoState>): void {
  const s = ctx.state;
  const l = s.land;
  if (!l?.evacuated?.length) return;
  for (const id of l.evacuated) {
    const u = landOf(s).units[id]!;
    if (u.where !== 'aboard') continue;
    const stp = s.ships[u.aboard!]!;
    const mp = (stp.carried ?? 0) - (stp.evacuatedAt ?? 0);
    if (mp <= 12 && inFriendlyPort(s, u.side, stp.space)) continue;
    write(s, 'land', 'losses')[u.side] += u.depleted ? 1 : u.steps;
    Object.assign(write(s, 'land', 'units', id), { where: 'removed', aboard: undefined, hex: null });
    ctx.log(`${u.name} (${u.id}) is eliminated: evacuated ${mp} naval MP and not in a friendly port`, 'ETO 10.7');
  }
  write(s, 'land').evacuated = [];
}

/**
 * 10.0: the selected STPs that may take cargo: while the stack carries cargo, all of them (one task, the markers
 * being change); else those that have not yet carried anything this turn.
 */
function freeStps(s: EtoState, selected: readonly string[]): string[] {
  const stps = selected.filter((id) => s.ships[id]!.type === 'STP' && !s.ships[id]!.sunk);
  return stps.some((id) => s.ships[id]!.supply) || cargoOf(s, stps).length ? stps : stps.filter((id) => !s.ships[id]!.used);
}

/** 10.4: cargo picked up after the STPs moved may be transported, never assault. */
function task(s: EtoState, stps: readonly string[], pickUp: boolean): void {
  for (const id of stps) {
    const sh = s.ships[id]!;
    if (pickUp) write(s, 'ships', id).pickedUp = true;
    if (!sh.carried) write(s, 'ships', id).carried = 0;
  }
}

export function embark(ctx: Ctx<EtoState>, selected: readonly string[], unit: string, pickUp = false, by?: 'dd-cl'): void {
  const s = ctx.state;
  const u = landOf(s).units[unit]!;
  const stps = by ? formPairs(ctx, selected) : freeStps(s, selected);
  const space = u.hex!;
  const w = write(s, 'land', 'units', unit);
  w.where = 'aboard';
  w.aboard = stps[0]!;
  w.hex = null;
  task(s, withPartners(s, stps), pickUp);
  ctx.log(`${u.name} embarks at ${placeName(landOf(s), space)}${by ? ` aboard ${s.ships[stps[0]!]!.name} and ${s.ships[s.ships[stps[0]!]!.pair!]!.name}` : ''}`, by ? 'ETO 10.4, 10.8' : 'ETO 10.4');
}

export function loadSupply(ctx: Ctx<EtoState>, selected: readonly string[], pickUp = false, by?: 'dd-cl'): void {
  const s = ctx.state;
  const stps = by ? formPairs(ctx, selected) : freeStps(s, selected);
  const stp = stps.find((id) => !s.ships[id]!.supply)!;
  write(s, 'ships', stp).supply = true;
  task(s, withPartners(s, stps), pickUp);
  ctx.log(`A supply marker is loaded aboard ${s.ships[stp]!.name} at ${placeName(landOf(s), s.ships[stp]!.space)}`, 'ETO 32.4, 32.5');
}

/** A moving stack's STPs carried their cargo `mp` more naval MP. */
export function noteCarried(s: EtoState, ships: readonly string[], mp: number): void {
  for (const pool of [ships.filter((id) => s.ships[id]!.type === 'STP'), ships.filter((id) => isPairDd(s, s.ships[id]!))]) {
    if (!pool.length || (!cargoOf(s, pool).length && !pool.some((id) => s.ships[id]!.supply))) continue;
    // 10.0: moving with cargo is the STPs' (10.8: the pairs') task for the turn.
    for (const id of withPartners(s, pool)) { const sh = write(s, 'ships', id); sh.carried = (sh.carried ?? 0) + mp; sh.used = true; }
  }
}

/**
 * 10.1: an STP leaving a stack hands its cargo to the stack's other STPs; allowed only while they can carry it all.
 * 10.8: likewise a DD/CL pair (either ship leaving takes the pair away) to the stack's other pairs.
 */
export function mayDropOff(s: EtoState, ships: readonly string[], ship: string): boolean {
  const sh = s.ships[ship]!;
  const carrier = sh.type === 'CL' && sh.pair ? s.ships[sh.pair]! : sh;
  const adHoc = carrier.type !== 'STP';
  if (adHoc && !isPairDd(s, carrier)) return true;
  const pool = ships.filter((id) => (adHoc ? isPairDd(s, s.ships[id]!) : s.ships[id]!.type === 'STP'));
  const rest = pool.filter((id) => id !== carrier.id);
  if (carrier.supply) return false;
  if (!cargoOf(s, [carrier.id]).length) return true;
  return rest.length > 0 && need(s, pool) <= points(rest.map((id) => s.ships[id]!));
}

export function handOver(s: EtoState, ships: readonly string[], ship: string): void {
  const sh = s.ships[ship]!;
  const carrier = sh.type === 'CL' && sh.pair ? s.ships[sh.pair]! : sh;
  const rest = ships.filter((id) => id !== carrier.id && (carrier.type === 'STP' ? s.ships[id]!.type === 'STP' : isPairDd(s, s.ships[id]!)));
  for (const u of cargoOf(s, [carrier.id])) write(s, 'land', 'units', u.id).aboard = rest[0]!;
  // 10.8: a pair split up is no STP any more.
  if (sh.pair) { delete write(s, 'ships', sh.pair).pair; delete write(s, 'ships', ship).pair; }
}

// ---------------------------------------------------------------- losses (10.9)

/**
 * 10.9: after an STP is lost, the STPs left in its space must still carry what they carry there (units aboard the
 * lost STP pass to them); the owner loses units until they can, the most costly first (ruling 59). Generals and HQs
 * are lost only with the last STP. Supply markers aboard a lost STP are lost with it.
 */
export function stpLost(ctx: Ctx<EtoState>, id: string): void {
  const stp = ctx.state.ships[id]!;
  carrierLost(ctx, id, stpsIn(ctx.state, stp.side, stp.space));
}

/** 10.8: when a DD or CL of a pair is sunk (or the pair is spent in an assault), the pair's STP is lost as in 10.9. */
export function pairLost(ctx: Ctx<EtoState>, id: string): void {
  const s = ctx.state;
  const sh = s.ships[id]!;
  const dd = sh.type === 'DD' ? id : sh.pair!;
  delete write(s, 'ships', s.ships[dd]!.pair!).pair;
  delete write(s, 'ships', dd).pair;
  carrierLost(ctx, dd, pairsIn(s, s.ships[dd]!.side, s.ships[dd]!.space));
}

function carrierLost(ctx: Ctx<EtoState>, stp: string, left: Ship[]): void {
  const s = ctx.state;
  if (!s.land) return;
  write(s, 'ships', stp).supply = false;
  const ids = [stp, ...left.map((sh) => sh.id)];
  const cargo = cargoOf(s, ids);
  if (!cargo.length) return;
  for (const u of cargo) write(s, 'land', 'units', u.id).aboard = left[0]?.id ?? stp;
  const have = points(left);
  const land = () => cargoOf(s, ids).filter((u) => transportCost(u) > 0);
  while (land().length && need(s, left.map((sh) => sh.id)) > have) {
    const u = land().sort((a, b) => transportCost(b) - transportCost(a) || a.id.localeCompare(b.id))[0]!;
    lose(ctx, u.id, 'ETO 10.9');
  }
  if (!left.length) for (const u of cargoOf(s, ids)) lose(ctx, u.id, 'ETO 10.9');
}

function lose(ctx: Ctx<EtoState>, id: string, rule: string): void {
  const s = ctx.state;
  const u = landOf(s).units[id]!;
  if (u.kind === 'inf' || u.kind === 'armor' || u.kind === 'para') write(s, 'land', 'losses')[u.side] += u.depleted ? 1 : u.steps;
  const w = write(s, 'land', 'units', id);
  w.where = u.kind === 'general' ? 'removed' : 'force-pool';
  delete w.aboard;
  ctx.log(`${u.name} is lost with its transport`, rule);
}

// ---------------------------------------------------------------- debarking (10.5, 32.4)

/** 10.2: debarking in a hex without a port takes twice the STPs. */
export function mayDebarkAt(s: EtoState, u: LandUnit): boolean {
  const l = landOf(s);
  const space = aboardSpace(s, u);
  const x = layerHex(l, space);
  if (!x || controller(l, space) !== u.side) return false;
  const stps = (s.ships[u.aboard!]!.type === 'STP' ? stpsIn : pairsIn)(s, u.side, space).map((sh) => sh.id);
  const port = !!navalMap(s).coastal.get(space)?.port;
  return port || points(stps.map((id) => s.ships[id]!)) >= 2 * need(s, stps);
}

export function debark(ctx: Ctx<EtoState>, unit: string, rule: string): string {
  const u = landOf(ctx.state).units[unit]!;
  const space = aboardSpace(ctx.state, u);
  const w = write(ctx.state, 'land', 'units', unit);
  w.where = 'map';
  w.hex = space;
  delete w.aboard;
  ctx.log(`${u.name} debarks at ${placeName(landOf(ctx.state), space)}`, rule);
  return space;
}

/** 32.4: supply markers a port holds: one in a minor port, two in a city resource minor port, three and four in major ones. */
export function markerRoom(l: LandState, h: string, port: 'minor' | 'major'): number {
  return (port === 'major' ? 3 : 1) + (layerHex(l, h)?.feature === 'city-resource' ? 1 : 0);
}

/** 10.5: at the end of the Naval and Air phase, supply markers aboard STPs in friendly ports debark where there is room. */
export function debarkSupply(ctx: Ctx<EtoState>): void {
  const s = ctx.state;
  if (!s.land) return;
  for (const sh of Object.values(s.ships).filter((x) => x.supply && !x.sunk).sort((a, b) => a.id.localeCompare(b.id))) {
    const port = navalMap(s).coastal.get(sh.space)?.port;
    if (!port || controller(landOf(s), sh.space) !== sh.side) continue;
    if (!landOf(s).markers) write(s, 'land').markers = [];
    const there = landOf(s).markers!.filter((m) => m.hex === sh.space && !m.air).length; // 32.4: air supply markers apart
    if (there >= markerRoom(landOf(s), sh.space, port)) continue;
    write(s, 'land', 'markers').push({ hex: sh.space, side: sh.side });
    write(s, 'ships', sh.id).supply = false;
    ctx.log(`A supply marker is landed at ${placeName(landOf(s), sh.space)}`, 'ETO 10.5, 32.4');
  }
}

/** 10.5: in the End phase units still aboard in a friendly port debark there where they may stack (24.2); elsewhere they stay aboard. */
export function debarkAtEnd(ctx: Ctx<EtoState>): void {
  const s = ctx.state;
  if (!s.land) return;
  for (const u of Object.values(s.land.units).filter((x) => x.where === 'aboard').sort((a, b) => a.id.localeCompare(b.id))) {
    const l = landOf(s);
    const space = aboardSpace(s, u);
    if (!navalMap(s).coastal.get(space)?.port || controller(l, space) !== u.side) continue;
    if (transportCost(u) > 0 && landUnitsAt(l, space, u.side).length >= stackLimit(l, space)) continue;
    if (landUnitsAt(l, space).some((x) => x.side !== u.side)) continue;
    debark(ctx, u.id, 'ETO 10.5');
  }
}

// ---------------------------------------------------------------- amphibious assault (10.6)

/** Land units that may join an assault from `space`: the infantry, armor and paratroops aboard, as many as may stack there (10.6). */
export function assaultUnits(s: EtoState, side: Side, space: string, limit: number): LandUnit[] {
  const cargo = cargoOf(s, [...stpsIn(s, side, space), ...pairsIn(s, side, space)].map((sh) => sh.id));
  const land = cargo.filter((u) => u.kind === 'inf' || u.kind === 'armor').slice(0, limit);
  return [...land, ...cargo.filter((u) => u.kind === 'general' || u.kind === 'hq')];
}

/** The land units aboard off `space` not yet activated this turn: a stack offensive's assault stack (ruling 62). */
export function assaultStack(s: EtoState, side: Side, space: string): LandUnit[] {
  const l = landOf(s);
  return assaultUnits(s, side, space, stackLimit(l, space)).filter((u) => (u.kind === 'inf' || u.kind === 'armor') && !l.activated.includes(u.id));
}

/**
 * 10.2: STPs an assault needs: twice the table's figure if carried 6 naval MP or less, three times if farther;
 * 10.8: twice whatever the distance when only DD/CL pairs carry the assault (no STP marker among `stps`).
 */
export function assaultNeed(s: EtoState, stps: readonly string[], units: readonly LandUnit[]): number {
  const factor = carriedOf(s, stps) > 6 && stps.some((id) => s.ships[id]!.type === 'STP') ? 3 : 2;
  return factor * units.reduce((t, u) => t + transportCost(u), 0);
}

/**
 * 10.6: the hexes `side` may assault now: coastal land hexes where its STPs are at sea with infantry or armor
 * aboard and enough of them, enemy-controlled or held by the enemy, not rough, forest or swamp, not assaulted this turn.
 */
export function assaultTargets(s: EtoState, side: Side): string[] {
  if (!s.land) return [];
  const l = s.land;
  const spaces = [...new Set(Object.values(l.units).filter((u) => u.where === 'aboard' && u.side === side).map((u) => aboardSpace(s, u)))].sort();
  return spaces.filter((h) => {
    const x = layerHex(l, h);
    if (!x || x.terrain !== 'clear' || (l.assaulted ?? []).includes(h)) return false;
    const c = controller(l, h);
    const enemyHeld = Object.values(l.units).some((u) => u.where === 'map' && u.hex === h && u.side !== side && (u.kind === 'inf' || u.kind === 'armor' || u.kind === 'para'));
    if (c === null || (c === side && !enemyHeld)) return false;
    const stps = stpsIn(s, side, h), pairs = pairsIn(s, side, h);
    // 10.4, 10.8: an assault's STPs (and DD/CL pairs) began the phase in the units' port: none picked its cargo up on the way.
    if ([...stps, ...pairs].some((sh) => sh.inPort || sh.pickedUp)) return false;
    const units = assaultUnits(s, side, h, stackLimit(l, h)).filter((u) => u.kind === 'inf' || u.kind === 'armor');
    const ids = stps.map((sh) => sh.id), pairIds = pairs.map((sh) => sh.id);
    const onPairs = new Set(cargoOf(s, pairIds).map((u) => u.id));
    const byStps = units.filter((u) => !onPairs.has(u.id)), byPairs = units.filter((u) => onPairs.has(u.id));
    // 10.8: pairs' assault units need two pairs each, three past 6 MP only when STP markers assault too.
    return units.length > 0 && points(stps) >= assaultNeed(s, ids, byStps) && pairs.length >= assaultNeed(s, byStps.length ? [...ids, ...pairIds] : pairIds, byPairs);
  });
}

/** 10.2, 10.6: one STP of the assaulting stack is sunk for each infantry and armor unit that assaulted, whatever the result (STP markers first). */
export function assaultSinkings(ctx: Ctx<EtoState>, side: Side, space: string, units: number): void {
  const s = ctx.state;
  for (let i = 0; i < units; i++) {
    const stp = stpsIn(s, side, space)[0];
    // 10.8: with no STP marker left a DD/CL pair's STP is the one lost; the ships stay afloat (ruling 76).
    const pair = stp ? undefined : pairsIn(s, side, space)[0];
    if (pair) { ctx.log(`${pair.name} and ${s.ships[pair.pair!]!.name} no longer serve as an STP`, 'ETO 10.6, 10.8'); pairLost(ctx, pair.id); continue; }
    if (!stp) return;
    const w = write(s, 'ships', stp.id);
    w.points = (w.points ?? 1) - 1;
    if (w.points <= 0) { w.sunk = true; w.inPort = false; }
    ctx.log(`${w.name} loses 1 STP in the assault`, 'ETO 10.6');
    if (w.sunk) stpLost(ctx, stp.id);
  }
}
