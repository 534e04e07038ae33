// One game at the terminal: shows each decision, reads commands, plays the automatic seats, prints what happened.
// Input/output free: the runner (terminal.ts) feeds lines and writes what `out` receives.
import {
  actionKey, allChoices, choicesIn, eventsFor, playerPrompt, prompts, RuleViolation, viewFor,
  type Action, type BaseState, type Choice, type Game, type GameEvent, type Json, type Prompt, type Seat,
} from '../../engine/index.ts';
import { EMPTY_BOARD, pieceName, placeLabel, placeName, seatLabel, type BoardView } from '../../web/map/board-model.ts';
import { writeJsonFile } from '../io.ts';
import {
  choiceByLabel, describeAction, groupKeyOf, groupSummary, matches, menuItems, parseFilter,
  type ChoiceGroup, type MenuItem, type MenuState,
} from './menu.ts';
import { columns, eventsLines, wrap, pieceDetails, pieceLabel, viewSummary, type Style, type ViewContext } from './render.ts';
import { chooseAutomatic, controllerName, type Controller } from './seats.ts';

export interface SessionOptions {
  game: Game<BaseState>;
  controllers: Record<Seat, Controller>;
  out: (line: string) => void;
  style: Style;
  width: number;
  /** AI time guard per decision. */
  budgetMs: number;
  /** Where `save` (no file) and the end of the session write the log. */
  outFile?: string;
  /** Log metadata kept from a loaded file. */
  meta?: Record<string, Json>;
  /** How AI and random seats choose (default: src/ai's players; tests give their own). */
  choose?: typeof chooseAutomatic;
}

export type Pending =
  | { kind: 'over' }
  | { kind: 'auto'; prompt: Prompt }
  | { kind: 'human'; prompt: Prompt }
  | { kind: 'remote'; prompts: Prompt[] }
  | { kind: 'stuck' };

export const HELP = [
  'Commands:',
  '  NUMBER          take that choice, or open that group of choices',
  '  /TEXT           show only choices containing every word of TEXT ("/inf 2214"), in the open group if any; "/" clears',
  '  ..              close the open group, or clear the filter',
  '  list            show the choices again (Enter does too); "all" alone lists every choice ungrouped',
  '  LABEL or {JSON} take the choice with that label, as listed or in full, or send that action (scripts)',
  '  undo            take back the last action made at this terminal (not past dice or hidden information)',
  '  takeback        take back everything since the last action made at this terminal, dice too; the AI agrees',
  '  log [N]         the last N actions (default 10) with their events, dice and combat arithmetic',
  '  view [TEXT]     the deciding seat\'s view: units by location (only those matching TEXT); "view json" for all of it',
  '  save [FILE]     write the game log (default: the --out file)',
  '  help            this list',
  '  quit            stop (the log is written to --out if given)',
];

export class PlaySession {
  readonly game: Game<BaseState>;
  private readonly o: SessionOptions;
  private menu: MenuState = { filter: [], group: null };
  /** The filter of the list a group was opened from: ".." brings it back. */
  private outerFilter: string[] = [];
  /** The AI's last reason shown and its seat: the same reason again, before another seat acts, is not repeated. */
  private lastWhy: { seat: Seat; reason: string } | null = null;
  private items: MenuItem[] = [];
  /** Key of the decision last shown, so that it is shown once. */
  private shown = '';
  private lastHumanSeat: Seat | null = null;
  private labels: (string | undefined)[] = [];
  private readonly viewCtx: ViewContext;
  /** Choices of the structured groups opened in the decision on screen (asked once from the kernel). */
  private opened = new Map<string, Choice[]>();
  /** Input lines refused (illegal, unknown): a script's exit code reports them. */
  refused = 0;

  /** Log entries the session started with: a server game ended by resignation or time stays ended until one more. */
  private readonly loadedEntries: number;

  constructor(o: SessionOptions) {
    this.o = o;
    this.game = o.game;
    this.loadedEntries = o.game.entries.length;
    this.viewCtx = { assets: o.game.ruleset.assets?.() ?? null, width: o.width, style: o.style };
  }

  private boardFor(seat: Seat | null): { state: Json; board: BoardView } {
    const v = viewFor(this.game.ruleset, this.game.state, seat);
    return { state: v.state, board: v.board ?? EMPTY_BOARD };
  }

  private get st(): Style {
    return this.o.style;
  }

  private say(...lines: string[]): void {
    for (const l of lines) this.o.out(l);
  }

  private humans(): Seat[] {
    return Object.keys(this.o.controllers).filter((s) => this.o.controllers[s]!.kind === 'human');
  }

  /** What happens next: the game is over, an automatic seat moves, a person decides, or only remote seats can. */
  pending(): Pending {
    const g = this.game;
    if (g.state.outcome) return { kind: 'over' };
    const ps = prompts(g.ruleset, g.state);
    if (!ps.length) return { kind: 'stuck' };
    const ctl = (p: Prompt) => this.o.controllers[p.seat] ?? { kind: 'human' };
    const auto = ps.find((p) => ctl(p).kind === 'ai' || ctl(p).kind === 'random');
    if (auto) return { kind: 'auto', prompt: auto };
    const human = ps.find((p) => ctl(p).kind === 'human');
    // As a player is shown it: groups with no legal move left out where the rules may offer them (sparseGroups).
    if (human) return { kind: 'human', prompt: playerPrompt(g.ruleset, g.state, human.seat)! };
    return { kind: 'remote', prompts: ps };
  }

  /** The prompt text for the input line: seat, open group, filter. */
  promptString(): string {
    const p = this.pending();
    if (p.kind !== 'human') return '> ';
    const extra = (this.menu.group !== null ? ` ${this.groupName(p.prompt, this.menu.group)}` : '') + (this.menu.filter.length ? ` /${this.menu.filter.join(' ')}` : '');
    return `${this.st.seat(p.prompt.seat)}${extra}> `;
  }

  intro(isNew: boolean, seed: string): void {
    const g = this.game;
    const sc = g.ruleset.scenarios.find((s) => s.id === g.scenario);
    this.say(this.st.heading(gameTitle(g.ruleset.title, sc?.name ?? g.scenario)) + this.st.dim(` (seed ${seed})`));
    this.say('Seats: ' + Object.entries(this.o.controllers).map(([s, c]) => `${this.st.seat(s)} ${controllerName(c)}`).join(', '));
    if (isNew) {
      const ev = this.visible(g.setupEvents);
      if (ev.length) {
        this.say(this.st.dim('Setup:'));
        this.printEvents(ev);
      }
    } else {
      this.say(`Loaded ${g.played.length} action(s) in force; every state hash verified.`);
      const ended = serverEnd(this.o.meta);
      if (ended) this.say(this.st.dim(`The server ended this game (${ended}); a move here plays on from its last position, and the log then no longer says it ended.`));
    }
    this.say(this.st.dim('Type help for commands.'));
  }

  /** Events the people at this terminal may see: those of the human seats (a spectator's when none). */
  private visible(events: GameEvent[]): GameEvent[] {
    const hs = this.humans();
    if (!hs.length) return eventsFor(events, null);
    return events.filter((e) => !e.visibleTo || e.visibleTo.some((s) => hs.includes(s)));
  }

  private printEvents(events: GameEvent[]): void {
    this.say(...eventsLines(events, this.st, '    ', this.o.width));
  }

  /** Names of the places a choice points at (a filter matches them; a line shows those its label lacks). */
  private extraOf = (c: Choice): string => {
    const r = c.refs;
    return [r?.place, r?.from].filter((p): p is string => !!p).map((p) => placeName(this.viewCtx.assets, p)).filter((n) => !!n && !c.label.includes(n)).join(' ');
  };

  /** A unit's name as the board shows it ("GE 1st infantry"), when the group is a unit. */
  private unitName(id: string): string | null {
    const m = this.viewCtx.assets?.counters?.units?.[id];
    return m ? pieceName({ id, where: '', side: '', power: m.power, type: m.type }, this.viewCtx.assets?.counters) : null;
  }

  /** A choice's line; inside an open group the group's own name is left out ("Move to 2106" under ge-inf-1). */
  private choiceText(c: Choice, group: string | null = null): string {
    const x = this.placesOf(c, group);
    const label = this.shortLabel(c, group);
    return x ? `${label} ${this.st.dim(`(${x})`)}` : label;
  }

  /**
   * The texts a choice goes by on screen, each of which can be typed: its line, with the places added, and without
   * the place names its label has after their numbers ("Rail to 2106" for "Rail to 2106 Berlin").
   */
  private shownTexts(c: Choice, group: string | null): string[] {
    const x = this.placesOf(c, group);
    const label = this.shortLabel(c, group);
    const bare = [c.refs?.place, c.refs?.from].filter((p): p is string => !!p)
      .reduce((l, p) => l.replace(`${p} ${placeName(this.viewCtx.assets, p)}`, p), label);
    return [label, ...(x ? [`${label} (${x})`] : []), ...(bare !== label ? [bare] : [])];
  }

  /**
   * Names of the places a choice's line adds: the place it is about, and where the units start as "from ..." (bare,
   * it read as the destination: "Air 3 to Austria (East Poland)"); inside a group the start is the group's own.
   */
  private placesOf(c: Choice, group: string | null): string {
    const r = c.refs;
    const name = (p: string | undefined) => {
      const n = p ? placeName(this.viewCtx.assets, p) : null;
      return n && !c.label.includes(n) ? n : null;
    };
    const place = name(r?.place);
    const from = group === null && r?.from !== r?.place ? name(r?.from) : null;
    return [place, from && `from ${from}`].filter(Boolean).join(', ');
  }

  /** A choice's label without the open group's own name. */
  private shortLabel(c: Choice, group: string | null): string {
    let label = c.label;
    // The group is a unit id; labels name the unit by id or by its counter name.
    for (const g of group === null ? [] : [group, this.unitName(group)].filter((x): x is string => !!x)) {
      const i = label.indexOf(` ${g}`);
      const after = label[i + g.length + 1];
      if (i > 0 && (after === undefined || after === ' ')) {
        label = label.slice(0, i) + label.slice(i + g.length + 1);
        break;
      }
    }
    return label;
  }

  /** What a group is called on screen: a structured group's label, else its unit's name (a flat list's group). */
  private groupName(prompt: Prompt, key: string): string {
    const g = prompt.groups?.find((x) => x.key === key);
    return g?.label || this.unitName(key) || key;
  }

  /** A seat as players read it ("Allies", "Soviet Union"): the same name the web client shows. */
  private seatName(seat: Seat): string {
    return seatLabel(this.viewCtx.assets, seat);
  }

  /** A group's line: a structured prompt's label, or the unit a flat list's group is about, with what it holds. */
  private groupText(g: ChoiceGroup, board: BoardView): string {
    if (g.structured) {
      // The rule set's label; a group of one piece adds what its counter shows (factors, marks).
      const ids = g.refs?.units ?? [g.key];
      const one = ids.length === 1 ? board.pieces.find((p) => p.id === ids[0]) : undefined;
      const details = one ? this.newDetails(g.label ?? g.key, pieceDetails(one, this.viewCtx)) : '';
      const held = g.choices.length ? groupSummary(g) : this.opened.has(g.key) ? 'no legal move' : '';
      return `${g.label ?? g.key}${details ? ` ${this.st.dim(`(${details})`)}` : ''}${held ? ` ${this.st.dim(`[${held}]`)}` : ''} >`;
    }
    const u = board.pieces.find((p) => p.id === g.key);
    const head = u ? `${pieceLabel(u, this.viewCtx)} at ${placeLabel(this.viewCtx.assets, u.where)}` : g.key;
    return `${head} ${this.st.dim(`[${groupSummary(g)}]`)} >`;
  }

  /**
   * What a piece's counter adds to a group's label: the parts the label does not say already. Factors go when the
   * label has them, or factors in its own notation (ETO's "German fighter 4*-4/3" is not also "(4-3-4)").
   */
  private newDetails(label: string, details: string): string {
    const has = (part: string) => new RegExp(`(^|[\\s(])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[\\s),])`, 'i').test(label);
    const factorsInLabel = /\d\*?-\d/.test(label);
    return details.split(', ').filter((part, i) => part && !has(part) && !(i === 0 && /^[\d*/-]+$/.test(part) && factorsInLabel)).join(', ');
  }

  /** A structured prompt's groups, with the choices of those opened so far. */
  private structuredGroups(prompt: Prompt): ChoiceGroup[] {
    return (prompt.groups ?? []).map((g) => ({ key: g.key, label: g.label, refs: g.refs, structured: true, choices: this.opened.get(g.key) ?? [] }));
  }

  /** Every legal choice of the decision (the listed ones and each group's): for typed labels, JSON and the AI. */
  /** Every choice of the decision, each group's as a player reads it (labels shared within a group numbered). */
  private everyChoice(prompt: Prompt): Choice[] {
    const { ruleset, state } = this.game;
    return [...prompt.choices, ...(prompt.groups ?? []).flatMap((g) => choicesIn(ruleset, state, prompt.seat, g.key))];
  }

  /** Show the decision if it is new: status, who decides, the question and its rule, the menu. */
  showTurn(prompt: Prompt): void {
    const key = `${prompt.seat}|${this.game.entries.length}`;
    if (this.shown === key) return;
    this.shown = key;
    this.menu = { filter: [], group: null };
    this.outerFilter = [];
    this.opened = new Map();
    const g = this.game;
    const status = g.ruleset.describe?.(g.state) ?? '';
    if (this.humans().length > 1 && this.lastHumanSeat !== null && this.lastHumanSeat !== prompt.seat) {
      this.say(this.st.bold(`--- ${possessive(this.seatName(prompt.seat))} turn at the keyboard ---`));
    }
    this.lastHumanSeat = prompt.seat;
    this.say('');
    this.say(this.st.heading(`== ${status || g.ruleset.title} ==`) + this.st.dim(` (action ${g.seq + 1})`));
    const top = g.state.stack[g.state.stack.length - 1];
    const sealed = top && g.ruleset.procedures[top.proc]?.simultaneous ? this.st.dim(' (answers stay sealed until every seat has answered)') : '';
    // A long question (ETO's moving stack of twenty ships) wraps at the width; the seat and rule keep their colours.
    const lines = wrap(`${prompt.seat} decides: ${prompt.text} [${prompt.rule}]`, this.o.width, '  ');
    lines[0] = this.st.seat(prompt.seat) + lines[0]!.slice(prompt.seat.length);
    const last = lines.length - 1;
    const rule = `[${prompt.rule}]`;
    if (lines[last]!.endsWith(rule)) lines[last] = lines[last]!.slice(0, -rule.length) + this.st.rule(rule);
    lines[last] += sealed;
    this.say(...lines);
    this.showMenu(prompt);
  }

  /**
   * The numbered list and its heading. Counts are of what is listed against what the level holds: inside a group its
   * choices; above, the groups and the choices outside them; `flat`: every choice of the decision.
   */
  private showMenu(prompt: Prompt, flat = false): void {
    const groups = this.structuredGroups(prompt);
    const filter = this.menu.filter.length ? `filter "${this.menu.filter.join(' ')}"` : '';
    const count = (n: number, total: number, noun: string) => `${n === total ? total : `${n} of ${total}`} ${noun}${total === 1 ? '' : 's'}`;
    const paren = (parts: string[]) => (parts.some(Boolean) ? ` (${parts.filter(Boolean).join(', ')})` : '');
    let head: string;
    if (flat) {
      this.items = this.everyChoice(prompt).map((choice) => ({ choice }));
      head = `${count(this.items.length, this.items.length, 'choice')}, ungrouped`;
    } else if (this.menu.group !== null) {
      const key = this.menu.group;
      this.items = menuItems(prompt.choices, this.menu, this.extraOf, { groups });
      const total = this.opened.get(key)?.length ?? prompt.choices.filter((c) => groupKeyOf(c) === key).length;
      head = count(this.items.length, total, 'choice') + paren([`group ${this.groupName(prompt, key)}`, filter]);
    } else {
      this.items = menuItems(prompt.choices, this.menu, this.extraOf, { groups });
      const shownGroups = this.items.filter((i) => 'group' in i && i.group.structured).length;
      const shownChoices = this.items.reduce((n, i) => n + ('choice' in i ? 1 : i.group.structured ? 0 : i.group.choices.length), 0);
      head = (groups.length ? `${count(shownGroups, groups.length, 'group')} and ` : '') + count(shownChoices, prompt.choices.length, 'choice') +
        paren([filter]) + (this.items.some((i) => 'group' in i) ? ', grouped: a number opens a group, /TEXT filters' : '');
    }
    this.say(this.st.dim(head + ':'));
    const w = String(this.items.length).length;
    const board = this.items.some((i) => 'group' in i) ? this.boardFor(prompt.seat).board : EMPTY_BOARD;
    const texts = this.items.map((it, i) => `${String(i + 1).padStart(w)}) ${'group' in it ? this.groupText(it.group, board) : this.choiceText(it.choice, flat ? null : this.menu.group)}`);
    this.say(...columns(texts, this.o.width));
  }

  /**
   * Open a group: a structured one's choices are asked from the kernel once. A filter typed above stays when it
   * narrows the group's list; a group with no choice is not opened.
   */
  private openGroup(prompt: Prompt, g: ChoiceGroup): void {
    if (g.structured && !this.opened.has(g.key)) this.opened.set(g.key, choicesIn(this.game.ruleset, this.game.state, prompt.seat, g.key));
    const all = g.structured ? this.opened.get(g.key)! : prompt.choices.filter((c) => groupKeyOf(c) === g.key);
    if (!all.length) {
      this.say(`${this.groupName(prompt, g.key)} has no legal move; back to the list.`);
      this.showMenu(prompt);
      return;
    }
    const kept = all.filter((c) => matches(c, this.menu.filter, this.extraOf(c))).length;
    this.outerFilter = this.menu.filter;
    this.menu = { filter: kept > 0 && kept < all.length ? this.menu.filter : [], group: g.key };
    this.showMenu(prompt);
  }

  /** The choice a typed line names: one on screen by the text shown (inside a group, shortened), else any by its label. */
  private typedChoice(prompt: Prompt, text: string): Choice | undefined {
    const group = this.menu.group;
    const onScreen = this.items.flatMap((i) => ('choice' in i ? [i.choice] : []));
    const inGroup = group !== null ? this.opened.get(group) ?? prompt.choices.filter((c) => groupKeyOf(c) === group) : [];
    return choiceByLabel([...onScreen, ...inGroup], text, (c) => this.shownTexts(c, group)) ?? choiceByLabel(this.everyChoice(prompt), text);
  }

  /** Handle one input line while a person decides. Returns 'quit' when the session should stop. */
  input(line: string): 'ok' | 'quit' {
    const p = this.pending();
    const text = line.trim();
    const [cmd, ...args] = text.split(/\s+/);
    const arg = args.join(' ');
    const word = (cmd ?? '').toLowerCase();
    // A line of several words that is a choice's label takes it, before a command of the same first word
    // (AAE's "all 3 infantry from Finland: attack Karelia" is not the "all" command).
    if (p.kind === 'human' && args.length && !/^[/{]/.test(text)) {
      const c = this.typedChoice(p.prompt, text);
      if (c) {
        this.act(p.prompt.seat, c.action, c.label);
        return 'ok';
      }
    }
    if (word === 'quit' || word === 'exit' || word === 'q') return 'quit';
    if (word === 'help' || word === '?') {
      this.say(...HELP);
      return 'ok';
    }
    if (word === 'save') {
      this.save(arg || undefined);
      return 'ok';
    }
    if (word === 'log') {
      this.showLog(arg ? Number(arg) : 10);
      return 'ok';
    }
    if (word === 'view') {
      this.showView(p.kind === 'human' ? p.prompt.seat : null, arg);
      return 'ok';
    }
    if (word === 'undo') {
      this.undo();
      return 'ok';
    }
    if (word === 'takeback') {
      this.takeback();
      return 'ok';
    }
    if (p.kind !== 'human') {
      this.refuse('no decision is awaited at this terminal now');
      return 'ok';
    }
    const prompt = p.prompt;
    if (text === '' || word === 'list' || word === 'ls') {
      this.showMenu(prompt);
      return 'ok';
    }
    if (text.toLowerCase() === 'all') {
      // Every choice of the decision, ungrouped: it closes the group and clears the filter.
      this.menu = { filter: [], group: null };
      this.outerFilter = [];
      this.showMenu(prompt, true);
      return 'ok';
    }
    if (text === '..' || word === 'back' || word === 'up') {
      if (this.menu.group !== null) this.menu = { filter: this.outerFilter, group: null };
      else this.menu.filter = [];
      this.showMenu(prompt);
      return 'ok';
    }
    if (text.startsWith('/')) {
      this.applyFilter(prompt, text.slice(1));
      return 'ok';
    }
    if (/^\d+$/.test(text)) {
      const n = Number(text);
      const it = this.items[n - 1];
      if (!it) {
        this.refuse(this.items.length
          ? `there is no item ${n}; choose 1..${this.items.length} (list shows them again)`
          : 'nothing is listed here; ".." goes back');
        return 'ok';
      }
      if ('group' in it) {
        this.openGroup(prompt, it.group);
        return 'ok';
      }
      this.act(prompt.seat, it.choice.action, it.choice.label);
      return 'ok';
    }
    if (text.startsWith('{')) {
      let action: Action;
      try {
        action = JSON.parse(text) as Action;
      } catch (e) {
        this.refuse(`that is not valid JSON: ${(e as Error).message}`);
        return 'ok';
      }
      const c = this.everyChoice(prompt).find((x) => actionKey(x.action) === actionKey(action));
      this.act(prompt.seat, action, c?.label);
      return 'ok';
    }
    const byLabel = this.typedChoice(prompt, text);
    if (byLabel) {
      this.act(prompt.seat, byLabel.action, byLabel.label);
      return 'ok';
    }
    // Any other text is a filter when it matches something (typing "2214" finds the moves to 2214): first in the
    // open group, else in the decision's list (the group is closed).
    const words = parseFilter(text);
    const group = this.menu.group;
    const hits = (g: string | null) => menuItems(prompt.choices, { filter: words, group: g }, this.extraOf, { groups: this.structuredGroups(prompt) }).length > 0;
    if (group !== null && hits(group)) {
      this.applyFilter(prompt, text);
      return 'ok';
    }
    if (hits(null)) {
      this.menu = { filter: [], group: null };
      this.outerFilter = [];
      this.applyFilter(prompt, text);
      return 'ok';
    }
    this.refuse(`"${text}" is neither a command nor part of any choice; type a number, /TEXT to filter, or help`);
    return 'ok';
  }

  /** Filter the list on screen: the open group's choices, else the decision's groups and choices. */
  private applyFilter(prompt: Prompt, text: string): void {
    const words = parseFilter(text);
    const next: MenuState = { filter: words, group: this.menu.group };
    if (words.length && !menuItems(prompt.choices, next, this.extraOf, { groups: this.structuredGroups(prompt) }).length) {
      const where = next.group !== null ? ` in ${this.groupName(prompt, next.group)}` : '';
      this.refuse(`no choice${where} matches "${text.trim()}"; the filter is unchanged`);
      return;
    }
    this.menu = next;
    this.showMenu(prompt);
  }

  private refuse(msg: string): void {
    this.refused++;
    this.say(this.st.error('Refused: ') + msg);
  }

  private act(seat: Seat, action: Action, label: string | undefined, note?: string): boolean {
    const top = this.game.state.stack[this.game.state.stack.length - 1];
    // A secret simultaneous answer is not printed while another person at this keyboard has yet to answer.
    const simultaneous = !!(top && this.game.ruleset.procedures[top.proc]?.simultaneous);
    const sealedBefore = this.sealedCount();
    let events: GameEvent[];
    try {
      events = this.game.act(seat, action);
    } catch (e) {
      if (e instanceof RuleViolation) {
        this.refuse(`illegal: ${e.message}`);
        return false;
      }
      throw e;
    }
    this.labels[this.game.seq - 1] = label;
    if (this.lastWhy?.seat !== seat) this.lastWhy = null;
    const who = this.seatWho(seat);
    // The last answer of a simultaneous decision opens them all; before it, an answer stays sealed from the other
    // people at this keyboard.
    const opened = simultaneous && this.sealedCount() === 0;
    const sealed = simultaneous && !opened && this.humans().some((h) => h !== seat);
    this.say(`${this.st.seat(who)}: ${sealed ? 'answer sealed' : label ?? describeAction(action)}`);
    // An AI's reason could tell a sealed answer.
    if (note && !sealed) this.say(...wrap(`    ${note}`, this.o.width, '      ').map((l) => this.st.dim(l)));
    // The answers sealed before this one are shown now.
    if (opened && sealedBefore > 0) {
      const n = this.game.played.length;
      for (let i = n - 1 - sealedBefore; i < n - 1; i++) {
        const p = this.game.played[i]!;
        this.say(`${this.st.seat(this.seatWho(p.seat))}: ${this.labelAt(i)} ${this.st.dim('(answer opened)')}`);
      }
    }
    // The kernel's "Game over" event: the session's result line says it, with the winner (runPlay).
    const o = this.game.state.outcome;
    this.printEvents(this.visible(o ? events.filter((e) => !(e.text === `Game over: ${o.result}` && e.rule === o.rule)) : events));
    return true;
  }

  /** One decision of an AI or random seat, with a short line and the events it caused. */
  playAuto(prompt: Prompt): void {
    const g = this.game;
    const seat = prompt.seat;
    const view = viewFor(g.ruleset, g.state, seat);
    const r = (this.o.choose ?? chooseAutomatic)(this.o.controllers[seat]!, {
      ruleset: g.ruleset.id, seat, view, seed: `${g.seed}|${seat}|${g.seq}`, budgetMs: this.o.budgetMs,
    });
    const key = actionKey(r.action);
    const c = this.everyChoice(prompt).find((x) => actionKey(x.action) === key);
    if (!c) throw new Error(`the ${controllerName(this.o.controllers[seat]!)} player for ${seat} chose ${key}, which is not a legal choice of "${prompt.text}"`);
    // The AI's reason, without the choice's label it repeats; a reason like the seat's last one is not printed again
    // (a purchase of 13 infantry gives one "why").
    let reason = r.explanation ?? '';
    if (reason === c.label) reason = '';
    else if (reason.startsWith(`${c.label}: `)) reason = reason.slice(c.label.length + 2);
    const choices = prompt.choices.length + (prompt.groups?.length ?? 0);
    const why = this.o.controllers[seat]!.kind === 'ai' && reason && choices > 1 && !(this.lastWhy?.seat === seat && this.lastWhy.reason === reason);
    this.act(seat, c.action, c.label, why ? `why: ${reason}` : undefined);
    if (why) this.lastWhy = { seat, reason };
  }

  /** A seat as an action's line names it: "allies", or "allies (ai normal)" for an automatic seat. */
  private seatWho(seat: Seat): string {
    const c = this.o.controllers[seat];
    return c && c.kind !== 'human' ? `${seat} (${controllerName(c)})` : seat;
  }

  /** Answers sealed now (a simultaneous decision not yet complete): the last ones played. */
  private sealedCount(): number {
    return Object.values(this.game.state.sealed).reduce((n, box) => n + Object.keys(box).length, 0);
  }

  private labelAt(i: number): string {
    const known = this.labels[i];
    if (known !== undefined) return known;
    const p = this.game.played[i]!;
    try {
      const before = this.game.stateAt(i);
      const pr = prompts(this.game.ruleset, before).find((x) => x.seat === p.seat);
      const c = pr ? allChoices(this.game.ruleset, before, pr).find((x) => actionKey(x.action) === actionKey(p.action)) : undefined;
      if (c) {
        this.labels[i] = c.label;
        return c.label;
      }
    } catch {
      // a label is a nicety; the action's own text will do
    }
    return describeAction(p.action);
  }

  showLog(n: number): void {
    if (!Number.isInteger(n) || n < 1) {
      this.refuse('log wants a whole number of actions, e.g. "log 5"');
      return;
    }
    const played = this.game.played;
    const from = Math.max(0, played.length - n);
    const setup = this.visible(this.game.setupEvents);
    if (from === 0 && setup.length) {
      this.say(`${'setup'.padStart(5)}`);
      this.say(...eventsLines(setup, this.st, '        ', this.o.width));
    }
    // Answers still sealed (a simultaneous decision not yet complete) stay hidden: they are the last ones played.
    const sealedCount = this.sealedCount();
    for (let i = from; i < played.length; i++) {
      const p = played[i]!;
      const hidden = i >= played.length - sealedCount;
      this.say(`${String(i + 1).padStart(5)} ${this.st.seat(p.seat)}: ${hidden ? 'answer sealed' : this.labelAt(i)}`);
      this.say(...eventsLines(this.visible(p.events), this.st, '        ', this.o.width));
    }
    if (!played.length) this.say('  no action yet');
  }

  showView(seat: Seat | null, arg: string): void {
    const s = seat ?? this.humans()[0] ?? null;
    const v = viewFor(this.game.ruleset, this.game.state, s);
    this.say(this.st.heading(`View of ${s ?? 'a spectator'}`) + (v.status ? `: ${v.status}` : ''));
    if (arg.toLowerCase() === 'json') {
      this.say(...JSON.stringify(v.state, null, 1).split('\n'));
      return;
    }
    this.say(...viewSummary(v.state, v.board ?? null, this.viewCtx, arg));
    if (v.waitingFor.length) this.say(`Waiting for ${v.waitingFor.map((w) => `${w.seat}: ${w.text.replace(/[.\s]+$/, '')} [${w.rule}]`).join('; ')}`);
  }

  undo(): void {
    const last = this.game.played[this.game.played.length - 1];
    if (!last) {
      this.refuse('undo: no action has been played');
      return;
    }
    const c = this.o.controllers[last.seat];
    if (c && c.kind !== 'human') {
      this.refuse(`undo: the last action was ${possessive(last.seat)} (${controllerName(c)}); "takeback" rewinds to before your own last action`);
      return;
    }
    const label = this.labelAt(this.game.played.length - 1);
    try {
      this.game.undo(last.seat);
    } catch (e) {
      if (e instanceof RuleViolation) {
        this.refuse(e.message);
        return;
      }
      throw e;
    }
    this.labels.length = this.game.seq;
    this.shown = '';
    this.say(`${this.st.seat(last.seat)} takes back: ${label}`);
  }

  /**
   * Rewind to before the last action made at this terminal, past dice and other seats' answers. The log records
   * it as a takeback agreed by another seat: an AI or random seat agrees by itself, a person at this keyboard is
   * there to agree; a remote player cannot be asked here.
   */
  takeback(): void {
    const played = this.game.played;
    let i = played.length - 1;
    while (i >= 0 && this.o.controllers[played[i]!.seat]?.kind !== 'human') i--;
    if (i < 0) {
      this.refuse('takeback: no action has been made at this terminal');
      return;
    }
    const by = played[i]!.seat;
    const seats = Object.keys(this.o.controllers).filter((s) => s !== by);
    const agrees = seats.find((s) => ['ai', 'random'].includes(this.o.controllers[s]!.kind)) ?? seats.find((s) => this.o.controllers[s]!.kind === 'human');
    if (!agrees) {
      this.refuse(`takeback: the other seats (${seats.join(', ')}) play elsewhere and must agree; take it back by arrangement with them`);
      return;
    }
    const label = this.labelAt(i);
    const n = played.length - i;
    try {
      this.game.takeback(i, by, agrees);
    } catch (e) {
      if (e instanceof RuleViolation) {
        this.refuse(e.message);
        return;
      }
      throw e;
    }
    this.labels.length = this.game.seq;
    this.shown = '';
    this.say(`${this.st.seat(by)} takes back ${n} action(s), back to before "${label}" (${agrees} agrees)`);
  }

  /** Write the log; with no file, to the --out file. Returns false when there is nowhere to write. */
  save(file?: string): boolean {
    const path = file ?? this.o.outFile;
    if (!path) {
      this.refuse('save needs a file name ("save game.json"), or start with --out FILE');
      return false;
    }
    try {
      // Played on past a server's end: the result in the meta (resignation, time) no longer holds.
      const meta = this.game.entries.length > this.loadedEntries && serverEnd(this.o.meta) ? playedOn(this.o.meta!) : this.o.meta;
      writeJsonFile(path, this.game.toLog(meta));
    } catch (e) {
      this.refuse(`cannot write ${path}: ${(e as Error).message}`);
      return false;
    }
    this.say(this.st.good(`Saved ${this.game.played.length} action(s) to ${path}`));
    return true;
  }

  /** The end of the game: its result. */
  result(): string {
    const o = this.game.state.outcome;
    if (!o) return '';
    return `Game over: ${o.result}${o.winner ? ` (winner: ${o.winner})` : ' (draw)'}${o.rule ? ` [${o.rule}]` : ''}`;
  }
}

/**
 * The game's heading: the rule set's title and the scenario's name, the words they share said once ("2WW: The War
 * in Europe" and "The War in Europe, Autumn 1939" give "2WW: The War in Europe, Autumn 1939").
 */
export function gameTitle(title: string, scenario: string): string {
  const tail = title.slice(title.lastIndexOf(': ') + 2);
  return title.includes(': ') && scenario.startsWith(tail) ? `${title}${scenario.slice(tail.length)}` : `${title}: ${scenario}`;
}

/** "blue's", "Allies'": no "'s" after an s. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** The result a server wrote into a log's meta when it ended the game without the rules (resignation, time). */
export function serverEnd(meta: Record<string, Json> | undefined): string | null {
  const r = meta?.serverResult as { result?: unknown } | null | undefined;
  return r && typeof r.result === 'string' ? r.result : null;
}

function playedOn(meta: Record<string, Json>): Record<string, Json> {
  const { serverResult: _r, status: _s, ...rest } = meta;
  return rest;
}
