// Kernel throughput: apply + validate of a simple action, and replay speed. Run: npm run bench
import { applyAction, Game, prompts } from '../src/engine/index.ts';
import { duel } from '../src/engine/testing/duel.ts';

export function runKernelBench(): Record<string, number> {
  const g = Game.create(duel, 'standard', { rounds: 20 }, 'bench');
  g.act('red', { type: 'bid', n: 2 });
  g.act('blue', { type: 'bid', n: 1 });
  const base = g.state;
  const adv = { type: 'advance' };
  // warm-up
  for (let i = 0; i < 20_000; i++) applyAction(duel, base, 'red', adv);
  const n = 200_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    applyAction(duel, base, 'red', adv);
  }
  const secs = (performance.now() - t0) / 1000;
  const applyPerSec = Math.round(n / secs);

  const t1 = performance.now();
  let promptCount = 0;
  for (let i = 0; i < n; i++) promptCount += prompts(duel, base).length;
  const promptsPerSec = Math.round(n / ((performance.now() - t1) / 1000));

  const figures = { applyValidatePerSec: applyPerSec, promptsPerSec, promptCount };
  console.log(`kernel: apply+validate of a simple action: ${applyPerSec.toLocaleString('en')} per second (target > 50,000)`);
  console.log(`kernel: prompts of a position: ${promptsPerSec.toLocaleString('en')} per second`);
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) runKernelBench();
