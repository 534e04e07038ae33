// `npm run bench`: the kernel and board figures named by the foundation issue, the rules' speed (issue #19).
import { runKernelBench } from './kernel.bench.ts';
import { runBoardBench } from './board.bench.ts';
import { runRulesBench } from './rules.bench.ts';

runKernelBench();
runBoardBench();
runRulesBench(process.argv.includes('--quick'));
