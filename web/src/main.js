// The page: the level list of both built-in collections, the board, the
// terminal's keys, undo, redo and restart, and a level of your own.

import { Sim, SimError } from './wasm.js';
import { draw, shownFloor } from './board.js';
import { keyOf } from './keys.js';

/** @typedef {import('./wasm.js').State} State */

/**
 * Return the element with id `id`, of type `type`.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} type
 * @returns {T}
 */
function element(id, type) {
  const e = document.getElementById(id);
  if (!(e instanceof type)) {
    throw new Error(`the page has no ${type.name} #${id}`);
  }
  return e;
}

const ui = {
  levels: element('levels', HTMLSelectElement),
  title: element('title', HTMLElement),
  status: element('status', HTMLElement),
  board: element('board', HTMLCanvasElement),
  floor: element('floor', HTMLElement),
  text: element('text', HTMLTextAreaElement),
  load: element('load', HTMLButtonElement),
  errors: element('errors', HTMLUListElement),
  undo: element('undo', HTMLButtonElement),
  redo: element('redo', HTMLButtonElement),
  restart: element('restart', HTMLButtonElement),
};

const sim = await Sim.load('muscleman.wasm');
const collections = sim.collections();
/** @type {State} */
let state = sim.loadBuiltin(0, 1);
/** The floor looked at (0: the player's). */
let look = 0;

for (const [c, collection] of collections.entries()) {
  const group = document.createElement('optgroup');
  group.label = collection.title;
  for (const level of collection.levels) {
    const option = document.createElement('option');
    option.value = `${c}:${level.number}`;
    option.textContent = `${level.number}. ${level.title}`;
    group.append(option);
  }
  ui.levels.append(group);
}

/** Draw the state: the board, the title, the counts and the floors. */
function show() {
  const wide = Math.max(200, Math.min(window.innerWidth - 40, 900));
  const high = Math.max(160, window.innerHeight - 260);
  draw(ui.board, state, look, wide, high);
  ui.title.textContent = state.title;
  const counters = Object.entries(state.counters)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name.replaceAll('_', ' ')} ${n}`);
  const counts = [`moves ${state.moves}`, `pushes ${state.pushes}`, ...counters].join(', ');
  ui.status.textContent = state.solved ? `Solved! ${counts}` : counts;
  ui.status.classList.toggle('solved', state.solved);
  const shown = shownFloor(state, look);
  if (state.floors.length > 1) {
    const name = state.floors.find((f) => f.number === shown)?.name;
    const where = shown === state.floor ? 'you are here' : `you are on floor ${state.floor}`;
    ui.floor.textContent = `Floor ${shown} of ${state.floors.length}${name ? `: ${name}` : ''} (${where}; f looks at another)`;
  } else {
    ui.floor.textContent = '';
  }
  const index = collections.findIndex((c) => c.id === state.collection);
  ui.levels.value = index >= 0 ? `${index}:${state.number}` : '';
  ui.undo.disabled = state.undo_depth === 0;
  ui.redo.disabled = state.redo_depth === 0;
}

/**
 * Show an error: its message, then each positioned error.
 * @param {unknown} error
 */
function showError(error) {
  ui.errors.replaceChildren();
  const lines = [];
  if (error instanceof SimError) {
    lines.push(error.message);
    for (const e of error.errors) {
      lines.push(`line ${e.line}, column ${e.column}: ${e.message}`);
    }
  } else {
    lines.push(String(error));
  }
  for (const text of lines) {
    const li = document.createElement('li');
    li.textContent = text;
    ui.errors.append(li);
  }
}

/**
 * Play MOVES letters and draw the result.
 * @param {string} moves
 * @returns {import('./wasm.js').Played | null}
 */
function play(moves) {
  try {
    const played = sim.play(moves);
    state = played.state;
    look = 0;
    show();
    return played;
  } catch (error) {
    showError(error);
    return null;
  }
}

/**
 * Load a built-in level.
 * @param {number} collection
 * @param {number} number
 * @returns {State}
 */
function loadBuiltin(collection, number) {
  state = sim.loadBuiltin(collection, number);
  look = 0;
  ui.errors.replaceChildren();
  show();
  return state;
}

/**
 * Go to the next (`+1`) or previous (`-1`) built-in level.
 * @param {number} by
 */
function step(by) {
  const c = collections.findIndex((entry) => entry.id === state.collection);
  const collection = collections[c];
  if (!collection) {
    return;
  }
  const number = state.number + by;
  if (number >= 1 && number <= collection.levels.length) {
    loadBuiltin(c, number);
  }
}

/** Look at the next floor, the player's again after the last. */
function nextFloor() {
  const shown = shownFloor(state, look);
  const next = shown >= state.floors.length ? 1 : shown + 1;
  look = next === state.floor ? 0 : next;
  show();
}

document.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement) {
    return;
  }
  const what = keyOf(event);
  if (!what) {
    return;
  }
  event.preventDefault();
  if ('letter' in what) {
    play(what.letter);
  } else if (what.action === 'next') {
    step(1);
  } else if (what.action === 'previous') {
    step(-1);
  } else if (what.action === 'floor') {
    nextFloor();
  } else {
    ui.levels.focus();
  }
});

ui.levels.addEventListener('change', () => {
  const [c, n] = ui.levels.value.split(':').map(Number);
  loadBuiltin(c ?? 0, n ?? 1);
  ui.board.focus();
});
ui.undo.addEventListener('click', () => play('z'));
ui.redo.addEventListener('click', () => play('y'));
ui.restart.addEventListener('click', () => play('!'));
ui.load.addEventListener('click', () => {
  try {
    state = sim.loadText(ui.text.value, 1);
    look = 0;
    ui.errors.replaceChildren();
    show();
    ui.board.focus();
  } catch (error) {
    showError(error);
  }
});
window.addEventListener('resize', show);

show();
ui.board.focus();
// What the browser tests read: the sim, the page's own actions, and when
// the board became playable (ms since the page's navigation started).
/** @type {any} */ (window).muscleman = {
  sim,
  collections,
  play,
  loadBuiltin,
  state: () => state,
  readyAt: performance.now(),
};
document.body.dataset.ready = 'true';
