// `npm run bench`: the kernel and board figures named by the foundation issue.
import { runKernelBench } from './kernel.bench.ts';
import { runBoardBench } from './board.bench.ts';

runKernelBench();
runBoardBench();
