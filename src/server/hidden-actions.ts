// Fog of war on the server (Ruleset.hiddenActions): until the end, a seat's log export shows only its own actions.
import type { LogEntry } from '../engine/game.ts';
import type { Seat } from '../engine/types.ts';

/**
 * `entries` as `seat` (null: a spectator) may read them while the rule set hides actions: another seat's action is
 * `{type:'hidden'}`, and from the first one on no entry keeps its state hash (with the public set-up, a hash would let
 * anyone test the possible actions).
 */
export function hideOthersActions(entries: LogEntry[], seat: Seat | null): LogEntry[] {
  let blind = false;
  return entries.map((e) => {
    if ('action' in e && e.seat !== seat) {
      blind = true;
      return { seat: e.seat, action: { type: 'hidden' }, hash: '' };
    }
    return blind ? { ...e, hash: '' } : e;
  });
}
