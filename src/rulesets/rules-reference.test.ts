// Every rules reference (src/rulesets/<id>/rules-reference.json) is well formed, and every rule case a rule set's code
// cites opens a summary (its own or its nearest parent's): a citation in the log or a prompt never leads nowhere.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseOf } from '../web/game/rules.tsx';
import { packages } from './index.ts';
import { checkRulesReference } from './rules-reference.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('rules references', () => {
  for (const [id, pkg] of Object.entries(packages)) {
    if (!pkg.rules) continue;
    it(`${id}: the reference is well formed and every citation in the code opens a case`, () => {
      const ref = checkRulesReference(`${id}/rules-reference.json`, pkg.rules);
      expect(ref.ruleset).toBe(id);
      const cited = new Set<string>();
      const pattern = new RegExp(`${ref.prefix} (?:scenario \\d+(?: \\[[\\d.]+\\])?|\\d+[0-9A-Z.]*(?: [A-G]\\.\\d+)?)`, 'g');
      // A reference with named cases ('AAE Conduct Combat', 'BKG card'): every string that begins with the prefix
      // is a citation too.
      const byName = Object.keys(ref.cases).some((k) => /^[A-Za-z]/.test(k) && !/^scenario \d/.test(k));
      const named = new RegExp(byName ? `['"\`]${ref.prefix} ([^'"\`$\n]+)` : '$^', 'g');
      for (const f of sources(new URL(`./${id}`, import.meta.url).pathname)) {
        const text = readFileSync(f, 'utf8');
        for (const m of text.match(pattern) ?? []) cited.add(m.replace(/\.$/, ''));
        for (const m of text.matchAll(named)) cited.add(`${ref.prefix} ${m[1]!.trim()}`);
      }
      expect(cited.size).toBeGreaterThan(3);
      const missing = [...cited].filter((c) => !caseOf(ref, c));
      expect(missing).toEqual([]);
    });
  }
  it('a citation opens its own case, else its nearest parent; several cases open the first', () => {
    const ref = packages['2ww']!.rules!;
    expect(caseOf(ref, '2WW 9.1.2')!.id).toBe('9.1.2');
    expect(caseOf(ref, '2WW 9.1.9')!.id).toBe('9.1');
    expect(caseOf(ref, '2WW 4.2 B.2')!.id).toBe('4.2 B.2');
    expect(caseOf(ref, '2WW 8.2, 8.3.1')!.id).toBe('8.2');
    expect(caseOf(ref, 'ETO 9.1')).toBeNull();
  });
});
