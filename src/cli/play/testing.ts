// Drive `theater play` with scripted input, as a script or a test would.
import { PassThrough, Writable } from 'node:stream';
import { runPlay, type PlayArgs } from './terminal.ts';

export interface Scripted {
  code: number;
  out: string;
}

/** Run a session on these input lines (then end of input), without a terminal. */
export async function playScript(args: PlayArgs, lines: string[], width = 100): Promise<Scripted> {
  const input = new PassThrough();
  let out = '';
  const output = new Writable({
    write(chunk, _enc, cb) {
      out += String(chunk);
      cb();
    },
  });
  input.end(lines.map((l) => l + '\n').join(''));
  const code = await runPlay(args, { input, output, tty: false, width });
  return { code, out };
}
