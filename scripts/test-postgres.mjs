// Runs the PostgreSQL storage tests when TEST_DATABASE_URL names a server (.ci/run starts one).
// Without it they cannot run: that is an error in CI and a notice on a developer's machine.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  const msg = 'PostgreSQL tests not run: TEST_DATABASE_URL is unset (see docs/server.md, "PostgreSQL").';
  if (process.env.CI) {
    console.error(`${msg} CI must provide a database.`);
    process.exit(1);
  }
  console.log(msg);
  process.exit(0);
}
const r = spawnSync('npx', ['vitest', 'run', '--config', 'src/server/vitest.pg.config.ts'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
