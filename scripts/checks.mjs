// `npm test`'s static checks, `npm run typecheck` and `npm run lint`, side by side (each uses one core of the
// machine); each one's output is printed whole when it ends. Fails when either fails.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const results = await Promise.all(['typecheck', 'lint'].map((name) => new Promise((done) => {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = [];
  child.stdout.on('data', (d) => out.push(d));
  child.stderr.on('data', (d) => out.push(d));
  child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
  child.on('close', (code) => {
    const text = Buffer.concat(out).toString().trimEnd();
    console.log(`> npm run ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (text) console.log(text);
    done(code === 0);
  });
})));

process.exit(results.every(Boolean) ? 0 : 1);
