// Research and development (house rules l.217-239): filled in below.
import type { Power } from '../data/index.ts';
import type { AaeState } from '../state.ts';

/** How many times `p` has gained research item `item` (0 when never, or without hr-research). */
export function researched(s: AaeState, p: Power, item: string): number {
  if (!s.opts.house.research) return 0;
  const r = (s.house?.research as Record<string, Record<string, { gains?: number }>> | undefined)?.[p]?.[item];
  return r?.gains ?? 0;
}
