// The terminal's keys (muscleman play, docs/cli.md), as MOVES letters
// (rules.md §7) and the page's own actions.

/** @typedef {'next' | 'previous' | 'floor' | 'levels' | 'help' | 'hint' | 'look' | 'mute'} PageAction */

/** @type {Record<string, string>} Keys that play a command: its MOVES letter. */
export const COMMAND_KEYS = {
  ArrowUp: 'u', w: 'u', k: 'u',
  ArrowDown: 'd', s: 'd', j: 'd',
  ArrowLeft: 'l', a: 'l', h: 'l',
  ArrowRight: 'r', d: 'r', l: 'r',
  g: 'g', p: 'p', '[': '[', ']': ']', '.': 'w',
  z: 'z', u: 'z', Backspace: 'z', y: 'y', r: '!',
};

/** @type {Record<string, PageAction>} Keys the page answers itself. */
export const PAGE_KEYS = {
  n: 'next', PageDown: 'next', b: 'previous', PageUp: 'previous',
  f: 'floor', Tab: 'levels', '?': 'help', F1: 'help', i: 'hint', x: 'look', m: 'mute',
};

/**
 * Return what a key does: a MOVES letter, a page action, or nothing.
 * @param {KeyboardEvent} event
 * @returns {{letter: string} | {action: PageAction} | null}
 */
export function keyOf(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) {
    return null;
  }
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const letter = COMMAND_KEYS[key];
  if (letter !== undefined) {
    return { letter };
  }
  const action = PAGE_KEYS[key];
  if (action !== undefined) {
    return { action };
  }
  return null;
}
