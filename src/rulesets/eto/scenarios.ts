// The implemented scenarios, by id: what is unique to each (scenario.ts ScenarioRules); what they play is their data.
import { bulge } from './bulge.ts';
import { caseWhite } from './case-white.ts';
import type { ScenarioRules } from './scenario.ts';
import { sinkTheBismarck } from './sink-the-bismarck.ts';
import { theirFinestHour } from './their-finest-hour.ts';
import { northwardStrike } from './northward-strike.ts';

export const SCENARIOS: Readonly<Record<string, ScenarioRules>> = {
  'sink-the-bismarck': sinkTheBismarck,
  'their-finest-hour': theirFinestHour,
  bulge,
  'case-white': caseWhite,
  'northward-strike': northwardStrike,
};
