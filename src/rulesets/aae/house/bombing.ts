// Damage of a strategic bombing raid: each bomber's die as rolled (printed rules: no limit but the defender's IPCs).
import type { AaeState } from '../state.ts';

export function bombingDamage(_s: AaeState, _area: string, faces: number[]): number {
  return faces.reduce((a, b) => a + b, 0);
}
