// Vitest global set-up of the browser tests: the client is built once for the run and handed to every test file
// (they run in more than one process, each of which would build it again) by THEATER_WEB_ROOT.
import { buildClient } from './web-build.ts';

export default async function setup(): Promise<void> {
  process.env.THEATER_WEB_ROOT = await buildClient();
}
