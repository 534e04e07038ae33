// A server process for tests and the benchmark: `npx tsx src/server/main-for-tests.ts [db] [port]`. Prints one line
// {"url": ...} on stdout when listening; closes cleanly on SIGTERM.
import { startServer } from './server.ts';

const db = process.argv[2] ?? ':memory:'; // a given db beats DATABASE_URL; THEATER_TEST_PG picks PostgreSQL
const port = Number(process.argv[3] ?? 0);
const srv = await startServer({
  db, port, aiWorkers: Number(process.env.THEATER_AI_WORKERS ?? 1), databaseUrl: process.env.THEATER_TEST_PG,
});
process.stdout.write(JSON.stringify({ url: srv.url, pid: process.pid }) + '\n');
process.on('SIGTERM', () => {
  void srv.close().then(() => process.exit(0));
});
