// Where a game worker's time goes per request, for the benchmark (THEATER_TRACE_REQUESTS=<file>, bench/server.bench.ts):
// when the main thread posted it, when the worker began and ended it, and between the pipeline's marks (the rules'
// apply, the SQLite write, the views and messages) the wall time and this thread's CPU and run-queue wait, read from
// /proc/thread-self/schedstat (nanoseconds: on a loaded machine a request's wall time is its CPU plus its wait for a
// core). Off, the marks cost one property read.
import { closeSync, openSync, readSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Wall (ms since the epoch), CPU and run-queue wait (ms) of this thread so far. */
interface Stamp { at: number; cpu: number; wait: number }

export class RequestTrace {
  private fd: number;
  private buf = Buffer.alloc(128);
  private cur: { marks: [string, Stamp][] } | null = null;

  constructor() {
    this.fd = openSync('/proc/thread-self/schedstat', 'r');
  }

  private stamp(): Stamp {
    const n = readSync(this.fd, this.buf, 0, this.buf.length, 0);
    const [cpu, wait] = this.buf.toString('latin1', 0, n).split(' ');
    return { at: performance.timeOrigin + performance.now(), cpu: Number(cpu) / 1e6, wait: Number(wait) / 1e6 };
  }

  /** A request begins. */
  begin(): void {
    this.cur = { marks: [['begin', this.stamp()]] };
  }

  /** The request under way reached `name` (the part since the last mark is named by it). */
  mark(name: string): void {
    this.cur?.marks.push([name, this.stamp()]);
  }

  /**
   * The request ended: `begin`, `end` (ms since the epoch), and per part its wall, CPU and wait in ms
   * (`name wall/cpu/wait`), the last part `reply` (from the last mark to the end); null when none was begun.
   */
  end(): { begin: number; end: number; parts: string } | null {
    if (!this.cur) return null;
    this.mark('reply');
    const m = this.cur.marks;
    this.cur = null;
    const parts: string[] = [];
    for (let i = 1; i < m.length; i++) {
      const [name, b] = m[i]!, a = m[i - 1]![1];
      parts.push(`${name} ${(b.at - a.at).toFixed(2)}/${(b.cpu - a.cpu).toFixed(2)}/${(b.wait - a.wait).toFixed(2)}`);
    }
    return { begin: m[0]![1].at, end: m[m.length - 1]![1].at, parts: parts.join(' ') };
  }

  close(): void {
    closeSync(this.fd);
  }
}
