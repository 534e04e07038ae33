// A rule set's rules reference (src/rulesets/<id>/rules-reference.json): a short summary of each rule case, written in
// Theater's own words (never the rulebook's text), so that a citation in the log or a prompt opens what the case is
// about. Served by GET /api/rulesets/:id/rules; a package lists it as `rules` (src/rulesets/package.ts).
import { z } from 'zod';

export const RuleCaseSchema = z.strictObject({
  /** The case's heading in a few words ("Zones of control"). */
  title: z.string().min(1),
  /** One to four sentences: what the case does at the table, in Theater's words. */
  summary: z.string().min(1),
  /** Related cases, by number ("5.1.1"). */
  see: z.array(z.string()).optional(),
});

export const RulesReferenceSchema = z.strictObject({
  ruleset: z.string(),
  /** How this rule set's citations begin ("2WW" in "2WW 9.1.2"). */
  prefix: z.string(),
  /** The rulebook (title, edition) the case numbers follow. */
  source: z.string(),
  /** Cases by number: "9", "9.1", "9.1.2", "4.2 C.3". A citation of a case not listed opens its nearest parent. */
  cases: z.record(z.string(), RuleCaseSchema),
});

export type RuleCase = z.infer<typeof RuleCaseSchema>;
export type RulesReference = z.infer<typeof RulesReferenceSchema>;

/** Checks a rules reference file; throws naming the file and the field. */
export function checkRulesReference(file: string, value: unknown): RulesReference {
  const r = RulesReferenceSchema.safeParse(value);
  if (r.success) return r.data;
  const i = r.error.issues[0]!;
  throw new Error(`${file}: ${i.path.join('.') || '(root)'}: ${i.message}`);
}
