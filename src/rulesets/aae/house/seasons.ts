// The house rules count turns in seasons; their turn-sequence file is missing. Ruling (docs/rulings/aae.md): turn 1
// is Spring 1941, the base game's start, and each round is one season: turn 4 is Winter 1941, turn 16 Winter 1944.
export const SEASONS = ['Spring', 'Summer', 'Autumn', 'Winter'] as const;
export type Season = (typeof SEASONS)[number];

export function seasonOf(round: number): { season: Season; year: number; label: string } {
  const i = round - 1;
  const season = SEASONS[((i % 4) + 4) % 4]!;
  const year = 1941 + Math.floor(i / 4);
  return { season, year, label: `${season} ${year}` };
}
