// Checks that hold in every reachable A&A Europe state (the fuzzer runs them after each action).
import { AREAS, hasMark, inPlay, isLand, unitData } from './world.ts';
import { transportRoomLeft } from './movement.ts';
import type { AaeState } from './state.ts';
import { cityHits } from './house/values.ts';

export function aaeInvariants(s: AaeState): string[] {
  const out: string[] = [];
  const ids = new Set<string>();
  for (const u of s.units) {
    if (ids.has(u.id)) out.push(`unit ${u.id} appears twice`);
    ids.add(u.id);
    if (!AREAS.has(u.at)) { out.push(`unit ${u.id} is in unknown area "${u.at}"`); continue; }
    if (!inPlay(s, u.at)) out.push(`unit ${u.id} is in ${u.at}, a regional area not in play`);
    const d = unitData(u.type);
    if (hasMark(u.at, 'neutral')) out.push(`unit ${u.id} (${u.type}) is in neutral ${u.at}`);
    if (d.domain === 'sea' && isLand(u.at)) out.push(`ship ${u.id} (${u.type}) is on land in ${u.at}`);
    if (d.domain === 'land' && !isLand(u.at) && !u.aboard) out.push(`land unit ${u.id} (${u.type}) is at sea in ${u.at} without a transport`);
    if (u.aboard) {
      const t = s.units.find((x) => x.id === u.aboard);
      if (!t) out.push(`unit ${u.id} is aboard missing unit ${u.aboard}`);
      else if (t.at !== u.at && !(u.landing && u.at === u.landing)) out.push(`unit ${u.id} is aboard ${t.id} in ${t.at} but placed in ${u.at}`);
    }
    if (d.transportRoom && transportRoomLeft(s, u) < 0) out.push(`transport ${u.id} carries more than its room`);
    // House rules l.38: defending infantry in a built-up city takes two hits.
    if ((u.damage ?? 0) >= (cityHits(s, u.at, u, 'defender') ?? d.hits ?? 1)) out.push(`unit ${u.id} has ${u.damage} damage and should be gone`);
  }
  for (const [p, n] of Object.entries(s.ipcs)) if (n < 0 || !Number.isInteger(n)) out.push(`${p} has ${n} IPCs`);
  for (const [id, c] of Object.entries(s.control)) {
    if (!AREAS.has(id)) out.push(`control of unknown area ${id}`);
    else if (!inPlay(s, id)) out.push(`control of ${id}, a regional area not in play`);
    else if (c !== null && hasMark(id, 'neutral')) out.push(`neutral ${id} is held by ${c}`);
  }
  return out;
}
