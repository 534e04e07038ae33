// Game worker entry: registers the TypeScript loader (tsx), then runs game-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./game-worker.ts');
