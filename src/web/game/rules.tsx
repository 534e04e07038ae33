// Rules at hand: every citation ("2WW 9.1.2") is a button that opens the case's short summary from the rule set's
// rules reference (GET /api/rulesets/:id/rules; summaries in Theater's words, not the rulebook's text).
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { RuleCase, RulesReference } from '../../server/protocol.ts';
import { api } from '../api.ts';

const loaded = new Map<string, Promise<RulesReference | null>>();

/** The rule set's reference, fetched once per page; null when it has none. */
export function useRules(ruleset: string | null, has: boolean): RulesReference | null {
  const [r, setR] = useState<RulesReference | null>(null);
  useEffect(() => {
    if (!ruleset || !has) { setR(null); return; }
    let p = loaded.get(ruleset);
    if (!p) {
      p = api.rules(ruleset).catch(() => null);
      loaded.set(ruleset, p);
    }
    let live = true;
    void p.then((x) => { if (live) setR(x); });
    return () => { live = false; };
  }, [ruleset, has]);
  return r;
}

/**
 * The case a citation names, or its nearest parent the reference has: "2WW 9.1.2" tries 9.1.2, 9.1, 9;
 * "2WW 4.2 C.3" tries "4.2 C.3", "4.2 C", "4.2", "4"; a citation of several cases ("2WW 8.2, 8.3.1") opens the first;
 * a named one ("AAE Conduct Combat: Submerging") tries "Conduct Combat: Submerging", "Conduct Combat", "Conduct".
 */
export function caseOf(ref: RulesReference | null, citation: string): { id: string; c: RuleCase } | null {
  if (!ref) return null;
  let rest = citation.trim();
  if (rest.startsWith(ref.prefix)) rest = rest.slice(ref.prefix.length).trim();
  rest = rest.split(',')[0]!.trim();
  while (rest) {
    const c = ref.cases[rest];
    if (c) return { id: rest, c };
    // A bare section ("ETO 26") opens its introduction ("26.0").
    if (/^\d+$/.test(rest) && ref.cases[`${rest}.0`]) return { id: `${rest}.0`, c: ref.cases[`${rest}.0`]! };
    // A named case ("AAE Conduct Combat: submarines", "AAE house rules l.76 (night bombing)") drops its tail.
    const cut = Math.max(rest.lastIndexOf('.'), rest.lastIndexOf(' '), rest.lastIndexOf(':'));
    if (cut <= 0) break;
    rest = rest.slice(0, cut).replace(/[\s:(]+$/, '');
  }
  return null;
}

/** Opens a citation's card; provided by the screen that shows the card. */
export const RulesContext = createContext<{ ref: RulesReference | null; open(citation: string): void }>({ ref: null, open: () => {} });

/** A rule citation: a button when the reference has the case, plain text otherwise. */
export function Rule({ cite, children }: { cite: string; children?: ComponentChildren }) {
  const ctx = useContext(RulesContext);
  const found = caseOf(ctx.ref, cite);
  if (!found) return <span class="rule" title="Rule case">{children ?? cite}</span>;
  return (
    <button type="button" class="rule rule-link" data-testid="rule-link" title={`${found.c.title}: open the rule summary`}
      onClick={(e) => { e.stopPropagation(); ctx.open(cite); }}>{children ?? cite}</button>
  );
}

/** The card of one citation: the case's title and summary, related cases, and the way to the whole reference. */
export function RuleCard({ citation, onClose, onOpen }: { citation: string; onClose(): void; onOpen(c: string): void }) {
  const { ref } = useContext(RulesContext);
  const found = caseOf(ref, citation);
  if (!ref || !found) return null;
  return (
    <div class="overlay" role="dialog" aria-label="Rule summary" onClick={onClose}>
      <div class="overlay-box rule-card" data-testid="rule-card" onClick={(e) => e.stopPropagation()}>
        <h2><span class="rule">{ref.prefix} {found.id}</span> {found.c.title}</h2>
        {found.id !== citation.replace(ref.prefix, '').trim().split(',')[0]!.trim() && (
          <p class="muted small">{citation} is covered by this case.</p>
        )}
        <p data-testid="rule-summary">{found.c.summary}</p>
        {found.c.see?.length ? (
          <p class="small">See also: {found.c.see.map((s) => (
            <button key={s} type="button" class="link" onClick={() => onOpen(`${ref.prefix} ${s}`)}>{ref.prefix} {s}</button>
          ))}</p>
        ) : null}
        <p class="muted small">A summary in Theater's words, for finding your way; the rulebook ({ref.source}) is the authority.</p>
        <button class="primary" onClick={onClose}>Close</button>
      </div>
    </div>
  );
}
