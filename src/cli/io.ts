// File helpers for commands: every failure names the file and what is wrong.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export class CliError extends Error {}

export function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(`${path} is not valid JSON: ${(e as Error).message}`);
  }
}

export function writeJsonFile(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 1) + '\n');
}

export function parseIntArg(name: string, v: string, min = 0): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new CliError(`${name} must be a whole number >= ${min}, not "${v}"`);
  return n;
}
