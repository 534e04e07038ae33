// Where a game worker's time goes per request, for the benchmark (THEATER_TRACE_REQUESTS=<file>, bench/server.bench.ts):
// when the main thread posted it, when the worker began and ended it, the wall time between the pipeline's marks (the
// rules' apply, the SQLite write, the views and messages), and the request's CPU and run-queue wait on this thread,
// read from /proc/thread-self/schedstat at its begin and end (nanoseconds: on a loaded machine a request's wall time
// is its CPU plus its wait for a core). A read costs about 20 µs, so the marks read only the clock: reading it at
// every mark took 7 % of the worker's time. Off, the marks cost one property read.
import { closeSync, openSync, readSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Wall (ms since the epoch), CPU and run-queue wait (ms) of this thread so far. */
interface Stamp { at: number; cpu: number; wait: number }

const now = () => performance.timeOrigin + performance.now();

export class RequestTrace {
  private fd: number;
  private buf = Buffer.alloc(128);
  private cur: { start: Stamp; marks: [string, number][] } | null = null;

  constructor() {
    this.fd = openSync('/proc/thread-self/schedstat', 'r');
  }

  private stamp(): Stamp {
    const n = readSync(this.fd, this.buf, 0, this.buf.length, 0);
    const [cpu, wait] = this.buf.toString('latin1', 0, n).split(' ');
    return { at: now(), cpu: Number(cpu) / 1e6, wait: Number(wait) / 1e6 };
  }

  /** A request begins. */
  begin(): void {
    const start = this.stamp();
    this.cur = { start, marks: [['begin', start.at]] };
  }

  /** The request under way reached `name` (the part since the last mark is named by it). */
  mark(name: string): void {
    this.cur?.marks.push([name, now()]);
  }

  /**
   * The request ended: `begin`, `end` (ms since the epoch), its CPU and wait for a core (ms), and per part its wall
   * time in ms (`name wall`), the last part `reply` (from the last mark to the end); null when none was begun.
   */
  end(): { begin: number; end: number; cpu: number; wait: number; parts: string } | null {
    if (!this.cur) return null;
    const { start, marks: m } = this.cur;
    this.cur = null;
    const last = this.stamp();
    m.push(['reply', last.at]);
    const parts: string[] = [];
    for (let i = 1; i < m.length; i++) parts.push(`${m[i]![0]} ${(m[i]![1] - m[i - 1]![1]).toFixed(2)}`);
    return { begin: start.at, end: last.at, cpu: last.cpu - start.cpu, wait: last.wait - start.wait, parts: parts.join(' ') };
  }

  close(): void {
    closeSync(this.fd);
  }
}
