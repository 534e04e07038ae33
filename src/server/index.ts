// The Theater server's public entry points (wired to `theater serve`, `npm start` and `theater verify`).
export { startServer } from './server.ts';
export type { ServerOptions, RunningServer } from './server.ts';
export { verifyLog, formatVerifyReport, seedCommitment } from './fair-dice.ts';
export type { VerifyReport, RollReport } from './fair-dice.ts';
export { SqliteStorage } from './sqlite-storage.ts';
export type { Storage } from './storage.ts';
