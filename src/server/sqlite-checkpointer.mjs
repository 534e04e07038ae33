// WAL checkpoints of the SQLite file on a thread of their own. A checkpoint copies the WAL into the database file
// and syncs it (8 to 14 ms on the 2-core machine, about twice a second at 500 actions/s); run by the game workers'
// own connections (SQLite's automatic checkpoint), it stalled every game of that worker meanwhile.
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
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
