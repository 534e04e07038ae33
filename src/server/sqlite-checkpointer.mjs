// WAL checkpoints of the SQLite file on a thread of their own. A checkpoint copies the WAL into the database file
// and syncs it (8 to 14 ms on the 2-core machine, about twice a second at 500 actions/s); run by the game workers'
// own connections (SQLite's automatic checkpoint), it stalled every game of that worker meanwhile.
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
// THEATER_TRACE_CHECKPOINTS=1 (npm run bench:server): a line per checkpoint that copied anything, so that a slow action
// can be set against the checkpoints that ran meanwhile.
const trace = workerData.trace === true;
const checkpoint = () => {
  try {
    const t = performance.now();
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    if (trace && r?.checkpointed > 0) {
      process.stdout.write(`[checkpoint] ${(performance.now() - t).toFixed(2)} ms, ${r.checkpointed} of ${r.log} WAL pages\n`);
    }
  } catch (e) {
    parentPort.postMessage({ log: `WAL checkpoint: ${e.message}` });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'close') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
