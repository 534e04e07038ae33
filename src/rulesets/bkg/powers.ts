// The nations of Blitzkrieg General (basic 1.0, 2.1): eight majors, each a seat, and the minors they may control.

export type Side = 'axis' | 'allies';
export const SIDES: readonly Side[] = ['axis', 'allies'];
export const SIDE_NAMES: Record<Side, string> = { axis: 'Axis', allies: 'Allies' };
export const otherSide = (side: Side): Side => (side === 'axis' ? 'allies' : 'axis');

/** The eight majors, bosses first (basic 1.0: Germany is the Axis boss, the USA the Allied boss). Also the seats. */
export const MAJORS = ['germany', 'italy', 'japan', 'usa', 'be', 'ussr', 'france', 'china'] as const;
export type Major = (typeof MAJORS)[number];

/** The sides as the set-ups give them (basic 1.0). A game reads a major's side with `sideOfMajor` only: optional 9.10
 *  lets the players choose other alliances (`sides` in the state). */
export const HISTORIC_SIDES: Readonly<Record<Major, Side>> = {
  germany: 'axis', italy: 'axis', japan: 'axis', usa: 'allies', be: 'allies', ussr: 'allies', france: 'allies', china: 'allies',
};

/** The side of a major in this game: the chosen alliance under optional 9.10, else the historic one. */
export function sideOfMajor(s: { sides?: Readonly<Record<Major, Side>> }, m: Major): Side {
  return (s.sides ?? HISTORIC_SIDES)[m];
}

/** Optional 9.10: are the sides of this game other than the set-ups give (the Time Table then reads as ruling 99)? */
export function nonHistoric(s: { sides?: Readonly<Record<Major, Side>> }): boolean {
  return !!s.sides && MAJORS.some((m) => s.sides![m] !== HISTORIC_SIDES[m]);
}

/** The majors of a side in this game, bosses first (basic 1.0). */
export function majorsOf(s: { sides?: Readonly<Record<Major, Side>> }, side: Side): Major[] {
  return MAJORS.filter((m) => sideOfMajor(s, m) === side);
}

/** Basic 2.1: Finland, Romania, Hungary, Bulgaria (dark grey). */
export const AXIS_MINORS = ['finland', 'romania', 'hungary', 'bulgaria'] as const;

/** Every minor with its own counters or areas (basic 2.1; Denmark and the Baltic States have areas but no forces). */
export const MINORS = [
  'poland', 'finland', 'romania', 'hungary', 'bulgaria', 'ireland', 'turkey', 'yugoslavia', 'norway', 'sweden', 'spain',
  'arabia', 'portugal', 'bnl', 'siam', 'greece', 'afghanistan', 'iran', 'iraq', 'denmark', 'baltic', 'vichy',
] as const;

/** Basic 1.0: the British Empire's home countries, each conquered on its own (7.1). */
export const BE_HOME_COUNTRIES = ['uk', 'canada', 'south-africa', 'india', 'australia'] as const;
/** The letter on BE units of each home country (advanced 5.2); UK units carry none. */
export const BE_LETTER: Record<string, string> = { canada: 'C', 'south-africa': 'SA', india: 'I', australia: 'A' };

/** The power that a political unit (home country, colony or minor) belongs to. */
export function powerOfCountry(country: string): string {
  return (BE_HOME_COUNTRIES as readonly string[]).includes(country) ? 'be' : country;
}

const MAJOR_SET: ReadonlySet<string> = new Set(MAJORS);

export function isMajor(p: string): p is Major {
  return MAJOR_SET.has(p); // asked for every unit a combat or a move looks at
}

export const POWER_NAMES: Record<string, string> = {
  germany: 'Germany', italy: 'Italy', japan: 'Japan', usa: 'USA', be: 'British Empire', ussr: 'USSR', france: 'France', china: 'China',
  poland: 'Poland', finland: 'Finland', romania: 'Romania', hungary: 'Hungary', bulgaria: 'Bulgaria', ireland: 'Ireland',
  turkey: 'Turkey', yugoslavia: 'Yugoslavia', norway: 'Norway', sweden: 'Sweden', spain: 'Spain', arabia: 'Arabia',
  portugal: 'Portugal', bnl: 'BNL', siam: 'Siam', greece: 'Greece', afghanistan: 'Afghanistan', iran: 'Iran', iraq: 'Iraq',
  denmark: 'Denmark', baltic: 'Baltic States', vichy: 'Vichy France',
};

/** Counter colours of basic 1.0 (minors: dark grey for the Axis minors, brown for the neutrals). */
export const POWER_COLORS: Record<string, string> = {
  germany: '#8d949b', italy: '#9cc58a', japan: '#f2f0ea', usa: '#3f6b3a', be: '#c9a877', ussr: '#c7412f', france: '#4f74c4',
  china: '#e6cf45', finland: '#55595e', romania: '#55595e', hungary: '#55595e', bulgaria: '#55595e',
};
export const NEUTRAL_COLOR = '#8a6a45';

export const POWER_ABBR: Record<string, string> = {
  germany: 'GE', italy: 'IT', japan: 'JP', usa: 'US', be: 'BE', ussr: 'SU', france: 'FR', china: 'CH', poland: 'P', finland: 'F',
  romania: 'R', hungary: 'HU', bulgaria: 'B', ireland: 'IRL', turkey: 'T', yugoslavia: 'YU', norway: 'NOR', sweden: 'SW',
  spain: 'S', arabia: 'ARA', portugal: 'POR', bnl: 'BNL', siam: 'SIAM', greece: 'GR', afghanistan: 'AF', iran: 'PER',
  iraq: 'Irak', denmark: 'DK', baltic: 'BAL', vichy: 'V',
};
