// Worker entry: registers the TypeScript loader (tsx), then runs ai-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./ai-worker.ts');
