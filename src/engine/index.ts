export * from './types.ts';
export {
  RuleViolation, EngineError, prompts, promptFor, playerPrompt, choicesIn, allChoices, applyAction, setupGame, viewFor, eventsFor, actionKey, sameAction, fullOptions,
  derived, derivedFrom, checkDerivedFacts, write, withRng, sameFacts, withContentFacts, derivedByContent, contentKey, adoptState,
} from './kernel.ts';
export type { SeatView, PromptMemo } from './kernel.ts';
export { Game, LogError, checkLog, replayLog, setupOfLog, entropyKey, LOG_FORMAT, LOG_VERSION, LOG_MIN_VERSION } from './game.ts';
export type { GameLog, LogEntry, Played, DiceEntropy, Takeback } from './game.ts';
export { createRng, nextInt, nextUint32, rollDice, forceDice, seedWords, DiceNeeded } from './rng.ts';
export { stateHash, hashString } from './hash.ts';
export { fuzzGame } from './fuzz.ts';
export type { FuzzOptions, FuzzResult } from './fuzz.ts';
export * from './board.ts';
