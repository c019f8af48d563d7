import { useSyncExternalStore } from 'react';
import { sameGame } from '../domain/games.ts';

/*
 * Which games this browser's push subscription follows, for the remotes' bells (mf-results'
 * result table) and the shell's settings sheet. The shell owns the subscription: it sets the
 * state once the notify service has stored it, and lends the actions (toggle a game, open the
 * sheet); a remote only reads the state and calls the actions. Kept on globalThis under a
 * Symbol.for key, like the navigator slot, so every copy of this module on a page shares it.
 */
export interface PushFollowState {
  /** This browser holds a push subscription that the notify service stored. */
  active: boolean;
  /** null: every game; otherwise the games followed ([] = none), as the notify service spells them. */
  games: readonly string[] | null;
}

export interface PushFollowActions {
  /** Follows `game`, or stops following it; `shown` are all the games on the page (from "every game", the others stay on). */
  toggle(game: string, shown: readonly string[]): void;
  /** Opens the sheet where the visitor picks the games; `shown`: the games on the page (the admin's own among them). */
  openSettings(shown?: readonly string[]): void;
}

const INACTIVE: PushFollowState = { active: false, games: null };
const SLOT = Symbol.for('satta.pushFollow');

interface Store {
  state: PushFollowState;
  actions: PushFollowActions | null;
  listeners: Set<() => void>;
}

function store(): Store {
  const slot = globalThis as { [SLOT]?: Store };
  slot[SLOT] ??= { state: INACTIVE, actions: null, listeners: new Set() };
  return slot[SLOT];
}

export function getPushFollow(): PushFollowState {
  return store().state;
}

/** The shell: the subscription's state changed (stored, games chosen). */
export function setPushFollow(state: PushFollowState): void {
  const s = store();
  s.state = state;
  for (const listener of [...s.listeners]) listener();
}

/** The shell lends its actions (null when it takes them back). */
export function setPushFollowActions(actions: PushFollowActions | null): void {
  store().actions = actions;
}

function subscribe(listener: () => void): () => void {
  const { listeners } = store();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The state, live; inactive on the server and while a server page hydrates, so the HTML matches. */
export function usePushFollow(): PushFollowState {
  return useSyncExternalStore(subscribe, getPushFollow, () => INACTIVE);
}

/** Whether a state sends the pushes of `game`. */
export function followsGame(state: PushFollowState, game: string): boolean {
  return state.active && (state.games === null || state.games.some((name) => sameGame(name, game)));
}

/**
 * The games followed after turning `game` on or off. From every game, turning one off keeps
 * the others of `shown`; when every game of `shown` is on again, that is every game (null),
 * which also takes in games added later.
 */
export function toggledGames(games: readonly string[] | null, game: string, shown: readonly string[]): readonly string[] | null {
  const current = games ?? shown;
  const on = current.some((name) => sameGame(name, game));
  const next = on ? current.filter((name) => !sameGame(name, game)) : [...current, game];
  return shown.length > 0 && shown.every((name) => next.some((chosen) => sameGame(chosen, name))) ? null : next;
}

export function toggleFollow(game: string, shown: readonly string[]): void {
  store().actions?.toggle(game, shown);
}

export function openFollowSettings(shown?: readonly string[]): void {
  store().actions?.openSettings(shown);
}
