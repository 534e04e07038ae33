// Lockstep A/B of the 2WW hard AI (issue #19, docs/performance.md): two source trees imported side by side in one
// process, each request asked of both in turn (which goes first alternates), so the machine's load hits both alike.
// Prints each tree's CPU, positions and positions per CPU second, and how many chosen actions differ (must be 0).
//   npx tsx bench/ab-ai.ts BASE_DIR HEAD_DIR --requests FILE.jsonl [--rounds 3]   (requests: bench/ai-rate.ts --save)
//   npx tsx bench/ab-ai.ts BASE_DIR HEAD_DIR --suite [--rounds 2]                 (the 2WW position suite, src/ai/positions/2ww)
// BASE_DIR: e.g. `git archive <commit> | tar -x -C /tmp/base` with node_modules linked; the head's own tree for HEAD_DIR.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ChooseActionRequest, ChooseActionResult } from '../src/ai/index.ts';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1]! : dflt;
};
const [baseDir, headDir] = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--')).map((d) => resolve(d));
if (!baseDir || !headDir) throw new Error('usage: bench/ab-ai.ts BASE_DIR HEAD_DIR (--requests FILE.jsonl | --suite) [--rounds N]');

interface Tree {
  chooseAction: (r: ChooseActionRequest) => ChooseActionResult;
  forgetPlans: () => void;
  actionKey: (a: unknown) => string;
  /** The request of a suite position: its game's first prompt, as the suite's test asks it. */
  suiteRequest: (name: string, position: unknown) => ChooseActionRequest;
}

async function load(dir: string): Promise<Tree> {
  const ai = await import(`${dir}/src/ai/index.ts`);
  const eng = await import(`${dir}/src/engine/index.ts`);
  const { twoWW } = await import(`${dir}/src/rulesets/2ww/index.ts`);
  return {
    chooseAction: ai.chooseAction, forgetPlans: ai.forgetPlans, actionKey: eng.actionKey,
    suiteRequest: (name, position) => {
      const game = eng.Game.create(twoWW, twoWW.scenarios[0].id, {}, `position-${name}`, position);
      const p = eng.prompts(twoWW, game.state)[0];
      const view = eng.viewFor(twoWW, game.state, p.seat);
      return { ruleset: '2ww', seat: p.seat, level: 'hard', view, prompt: view.prompt, seed: name };
    },
  };
}

const trees = [await load(baseDir), await load(headDir)];
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Each case: a request per tree (fresh objects: a tree may freeze what it is given). */
const cases: (() => ChooseActionRequest)[][] = [];
if (argv.includes('--suite')) {
  const dir = `${headDir}/src/ai/positions/2ww`;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.expect.json')).sort()) {
    const name = f.replace(/\.expect\.json$/, '');
    const text = readFileSync(`${dir}/${name}.json`, 'utf8');
    cases.push(trees.map((t) => () => t.suiteRequest(name, JSON.parse(text))));
  }
} else {
  for (const line of readFileSync(opt('--requests', ''), 'utf8').split('\n').filter(Boolean)) cases.push(trees.map(() => () => JSON.parse(line)));
}

for (let round = 0; round < Number(opt('--rounds', '2')); round++) {
  for (const t of trees) t.forgetPlans(); // a suite position or a game's first request plans afresh
  const cpu = [0, 0], positions = [0, 0];
  let differ = 0;
  cases.forEach((c, i) => {
    const keys = ['', ''];
    for (const k of i % 2 ? [0, 1] : [1, 0]) {
      if (argv.includes('--suite')) trees[k]!.forgetPlans();
      const req = c[k]!();
      const c0 = cpuMs();
      const r = trees[k]!.chooseAction(req);
      cpu[k]! += cpuMs() - c0;
      positions[k]! += r.stats?.positions ?? 0;
      keys[k] = `${trees[k]!.actionKey(r.action)} ${r.stats?.positions ?? 0}`;
    }
    if (keys[0] !== keys[1]) differ++;
  });
  const rate = (k: number) => Math.round(positions[k]! / (cpu[k]! / 1000));
  console.log(`round ${round + 1}, ${cases.length} decisions: base ${(cpu[0]! / 1000).toFixed(2)} s CPU, ${positions[0]} positions (${rate(0)} per CPU s); ` +
    `head ${(cpu[1]! / 1000).toFixed(2)} s, ${positions[1]} (${rate(1)} per CPU s); head/base rate ${(rate(1) / rate(0)).toFixed(3)}; decisions that differ: ${differ}`);
}
