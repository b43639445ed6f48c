// The page: the level list of both built-in collections with the
// player's records, the board (keys, swipes, taps, the action buttons),
// progress and positions kept in the browser's storage, the intro, the
// help, the look at a cell, the Solved banner, the hint in a worker,
// sounds, a level shared as a link, and a level of your own (typed,
// pasted or dropped).

import { Sim, SimError } from './wasm.js';
import { cellAt, draw, shownFloor } from './board.js';
import { keyOf } from './keys.js';
import { gestures } from './touch.js';
import { Hints } from './hints.js';
import { LinkError, decode, encode } from './link.js';
import { Sounds } from './sounds.js';
import * as store from './store.js';
import { describeCell, element, fillList, showAbout, solvedBanner } from './view.js';

/** @typedef {import('./wasm.js').State} State */
/** @typedef {import('./wasm.js').Played} Played */

/** The most bytes of a level file dropped or pasted on the page. */
const MAX_FILE_BYTES = 1024 * 1024;
/** How long one step's move is animated, in ms. */
const STEP_MS = 90;

const ui = {
  levels: element('levels', HTMLSelectElement),
  rules: element('rules', HTMLSelectElement),
  summary: element('summary', HTMLElement),
  notice: element('notice', HTMLElement),
  title: element('title', HTMLElement),
  status: element('status', HTMLElement),
  banner: element('banner', HTMLElement),
  board: element('board', HTMLCanvasElement),
  floor: element('floor', HTMLElement),
  pad: element('pad', HTMLElement),
  hint: element('hint', HTMLButtonElement),
  look: element('look', HTMLButtonElement),
  lookOut: element('look-out', HTMLElement),
  help: element('help', HTMLElement),
  helpButton: element('help-button', HTMLButtonElement),
  mute: element('mute', HTMLButtonElement),
  intro: element('intro', HTMLElement),
  introClose: element('intro-close', HTMLButtonElement),
  text: element('text', HTMLTextAreaElement),
  load: element('load', HTMLButtonElement),
  share: element('share', HTMLButtonElement),
  link: element('link', HTMLInputElement),
  errors: element('errors', HTMLUListElement),
  undo: element('undo', HTMLButtonElement),
  redo: element('redo', HTMLButtonElement),
};

const sim = await Sim.load('muscleman.wasm');
const hints = new Hints();
const sounds = new Sounds(sim, store.read(store.MUTE) === 'on');

/**
 * Tell the player something that is not the board's: a warning, an error.
 * @param {string} text
 */
function notice(text) {
  ui.notice.textContent = text;
  ui.notice.hidden = text === '';
}

// The rules chosen, then the progress kept (a record the sim refuses is
// kept aside with a message, never a broken page).
if (store.read(store.RULES) === 'sokoban') {
  ui.rules.value = 'sokoban';
  sim.setRules(true);
}
const opened = sim.openProgress(store.read(store.PROGRESS) ?? '');
// As the terminal does with its file: a record that cannot be kept aside
// is never written over (progress is kept for this visit only).
let keepProgress = opened.keep;
if (opened.aside) {
  const aside = store.keepAside(store.PROGRESS, opened.aside);
  keepProgress = aside !== null;
  const where = aside ? ` (under ${aside})` : '; it could not be kept aside, so progress is kept for this visit only';
  notice(`${opened.warning?.detail ?? 'the progress kept here was not read'}${where}.`);
} else if (opened.warning) {
  notice(`${opened.warning.detail}.`);
}
let stored = store.read(store.PROGRESS);

const collections = sim.collections();
/** @type {State} */
let state = sim.loadBuiltin(0, 1);
/** The floor looked at (0: the player's). */
let look = 0;
/** @type {import('./board.js').Geometry | null} */
let geometry = null;
/** @type {import('./board.js').Motion | null} */
let motion = null;
/** A box picked by a tap, to push where the next tap says. */
/** @type {[number, number] | null} */
let picked = null;
let looking = false;
/** The walk under way (its timer), if any. */
let walking = 0;
/** @type {Played | null} */
let lastPlayed = null;

/** Keep the progress in the browser's storage when it changed. */
function keepRecords() {
  if (!keepProgress) {
    return;
  }
  const text = sim.progressText();
  if (text !== stored) {
    const failed = store.write(store.PROGRESS, text);
    if (failed) {
      notice(`Progress cannot be kept in this browser: ${failed}.`);
    } else {
      stored = text;
    }
  }
}

/** Keep the game's position (a save, undo history and all), or forget it at the start. */
function keepPosition() {
  const key = store.SAVES + state.save_name;
  if (state.history === 0) {
    store.remove(key);
  } else {
    store.write(key, sim.save());
  }
}

/** Put back the position kept for the level just loaded, if any. */
function restorePosition() {
  const key = store.SAVES + state.save_name;
  const text = store.read(key);
  if (text === null) {
    return;
  }
  try {
    state = sim.restore(text);
  } catch (error) {
    const aside = store.keepAside(key, 'unreadable');
    notice(`${error instanceof Error ? error.message : String(error)}${aside ? ` (under ${aside})` : ''}.`);
  }
}

/** Refill the level list from the records. */
function refreshList() {
  const levels = sim.levels();
  fillList(ui.levels, ui.summary, collections, levels, state);
  return levels;
}

/** Draw the board (part way through a move while one is animated). */
function paint() {
  const wide = Math.max(200, Math.min(window.innerWidth - 40, 900));
  const high = Math.max(160, window.innerHeight - 330);
  geometry = draw(ui.board, state, look, wide, high, motion, picked ? [picked] : []);
}

/** Draw the state: the board, the title, the counts, the floors, the banner. */
function show() {
  paint();
  ui.title.textContent = state.title;
  const counters = Object.entries(state.counters)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name.replaceAll('_', ' ')} ${n}`);
  const counts = [`moves ${state.moves}`, `pushes ${state.pushes}`, ...counters].join(', ');
  ui.status.textContent = state.solved ? `Solved! ${counts}` : counts;
  ui.status.classList.toggle('solved', state.solved);
  ui.banner.hidden = !state.solved;
  if (state.solved && !ui.banner.textContent) {
    ui.banner.textContent = solvedBanner(state, null);
  }
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
  document.body.dataset.solved = String(state.solved);
}

/** Animate the last move: each sprite from where the state before had it. */
function animate() {
  const start = performance.now();
  const frame = (/** @type {number} */ now) => {
    if (!motion) {
      return;
    }
    motion.t = (now - start) / STEP_MS;
    if (motion.t >= 1) {
      motion = null;
    }
    paint();
    if (motion) {
      requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
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
    lines.push(error instanceof Error ? error.message : String(error));
  }
  for (const text of lines) {
    const li = document.createElement('li');
    li.textContent = text;
    ui.errors.append(li);
  }
}

/** Stop what runs beside the player: a walk, a hint's search. */
function stopAside() {
  if (walking) {
    clearTimeout(walking);
    walking = 0;
  }
  if (hints.cancel()) {
    ui.lookOut.textContent = 'Hint dropped: the position changed.';
    document.body.dataset.hint = 'dropped';
  }
}

/**
 * Play MOVES letters and draw the result, animated and with its sounds;
 * keep the position, and a solve in the progress.
 * @param {string} moves
 * @param {boolean} [keepWalk] whether this is a step of a walk under way
 * @returns {Played | null}
 */
function play(moves, keepWalk = false) {
  if (!keepWalk) {
    stopAside();
  }
  ui.intro.hidden = true;
  const before = state;
  let played;
  try {
    played = sim.play(moves);
  } catch (error) {
    showError(error);
    return null;
  }
  state = played.state;
  lastPlayed = played;
  look = 0;
  picked = null;
  if (played.record) {
    ui.banner.textContent = solvedBanner(state, played.record);
    keepRecords();
    refreshList();
  } else if (!state.solved) {
    ui.banner.textContent = '';
  }
  keepPosition();
  sounds.play(played.steps);
  motion = played.steps.length === 1 ? { from: before, t: 0 } : null;
  show();
  if (motion) {
    animate();
  }
  return played;
}

/**
 * Open a level just loaded: its kept position, its intro, the list.
 * @param {boolean} intro whether to show its introduction
 */
function enterLevel(intro) {
  restorePosition();
  look = 0;
  picked = null;
  motion = null;
  ui.errors.replaceChildren();
  ui.banner.textContent = '';
  ui.lookOut.textContent = '';
  keepRecords();
  refreshList();
  const about = sim.about();
  showAbout(about, state);
  ui.intro.hidden = !(intro && about.comment);
  show();
}

/**
 * Load a built-in level.
 * @param {number} collection
 * @param {number} number
 * @returns {State}
 */
function loadBuiltin(collection, number) {
  stopAside();
  state = sim.loadBuiltin(collection, number);
  enterLevel(true);
  return state;
}

/**
 * Load level text (typed, pasted, dropped or from a link); show its
 * errors, the level played before staying, when it does not load.
 * @param {string} text
 * @returns {boolean} whether it loaded
 */
function loadText(text) {
  try {
    const loaded = sim.loadText(text, 1);
    stopAside();
    state = loaded;
  } catch (error) {
    showError(error);
    return false;
  }
  enterLevel(true);
  ui.board.focus();
  return true;
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

/**
 * Play moves letter by letter, each step animated: a push path as planned,
 * or, with `to`, a walk planned again before each step (so it goes round
 * what moves by itself, as the terminal's mouse does). Stop where a step
 * moved nothing, where no way is left, or when anything else is played.
 * @param {string} moves
 * @param {[number, number] | null} [to] the cell a walk goes to
 */
function walk(moves, to = null) {
  stopAside();
  let letters = [...moves];
  const next = () => {
    walking = 0;
    if (to) {
      try {
        letters = [...sim.walk(to[0], to[1])];
      } catch (error) {
        ui.lookOut.textContent = `${error instanceof Error ? error.message : String(error)}.`;
        return;
      }
    }
    const letter = letters.shift();
    if (!letter) {
      return;
    }
    const played = play(letter, true);
    const moved = played?.steps[0]?.events.some((e) => e.event === 'moved');
    if (moved && letters.length > 0) {
      walking = window.setTimeout(next, STEP_MS + 10);
    }
  };
  next();
}

/**
 * A tap on the board: look at the cell, or walk there, or pick a box and
 * push it where the next tap says, as the terminal's mouse does.
 * @param {number} clientX
 * @param {number} clientY
 */
function tap(clientX, clientY) {
  if (!geometry) {
    return;
  }
  const [x, y] = cellAt(ui.board, geometry, clientX, clientY);
  if (looking) {
    ui.lookOut.textContent = describeCell(state, geometry.floor, x, y);
    return;
  }
  if (geometry.floor !== state.floor) {
    ui.lookOut.textContent = `You are on floor ${state.floor}: f looks back there.`;
    return;
  }
  try {
    if (picked) {
      const [fx, fy] = picked;
      picked = null;
      if (fx === x && fy === y) {
        ui.lookOut.textContent = '';
        show();
        return;
      }
      walk(sim.push(fx, fy, x, y));
    } else if (sim.pushable(x, y)) {
      picked = [x, y];
      ui.lookOut.textContent = 'Box picked: tap where it goes (tap it again to let it be).';
      show();
    } else {
      walk(sim.walk(x, y), [x, y]);
    }
  } catch (error) {
    ui.lookOut.textContent = `${error instanceof Error ? error.message : String(error)}.`;
    show();
  }
}

/** Ask the worker for a hint from the game's position. */
async function askHint() {
  stopAside();
  ui.lookOut.textContent = 'Looking for a hint…';
  document.body.dataset.hint = 'searching';
  const positions = /** @type {any} */ (window).muscleman?.hintPositions ?? 400000;
  const asked = state.state_hash;
  const answer = await hints.ask(sim.save(), positions);
  if (!answer) {
    return;
  }
  if (state.state_hash !== asked) {
    ui.lookOut.textContent = 'Hint dropped: the position changed.';
    document.body.dataset.hint = 'dropped';
    return;
  }
  ui.lookOut.textContent = answer.hint ? answer.hint.message : `No hint: ${answer.error}`;
  document.body.dataset.hint = answer.hint ? answer.hint.answer : 'error';
}

/** Look at cells (a tap names what a cell holds), or stop. */
function toggleLook() {
  looking = !looking;
  ui.look.setAttribute('aria-pressed', String(looking));
  ui.lookOut.textContent = looking ? 'Tap a cell to see what it holds.' : '';
}

/** Show or hide the help. */
function toggleHelp() {
  ui.help.hidden = !ui.help.hidden;
}

/** Sound on or off, kept for the next visit. */
function toggleMute() {
  sounds.muted = !sounds.muted;
  store.write(store.MUTE, sounds.muted ? 'on' : 'off');
  ui.mute.textContent = sounds.muted ? 'Sound off' : 'Sound on';
  ui.mute.setAttribute('aria-pressed', String(sounds.muted));
}

/** Open the level a link carries (the URL's fragment), if any. */
async function openLink() {
  const fragment = window.location.hash.replace(/^#/, '');
  if (!fragment) {
    return false;
  }
  try {
    const text = await decode(fragment);
    if (text === null) {
      return false;
    }
    ui.text.value = text;
    if (!loadText(text)) {
      notice('The shared link\'s level does not load: its errors are listed beside the board.');
    } else {
      notice('');
    }
    return true;
  } catch (error) {
    notice(`${error instanceof LinkError ? error.message : String(error)}.`);
    return false;
  }
}

/** Make a link that opens the level being played. */
async function share() {
  try {
    const fragment = await encode(sim.levelText());
    const url = `${window.location.origin}${window.location.pathname}#${fragment}`;
    ui.link.value = url;
    ui.link.hidden = false;
    ui.link.select();
    history.replaceState(null, '', `#${fragment}`);
    try {
      await navigator.clipboard.writeText(url);
      ui.lookOut.textContent = `Link copied (${url.length} characters).`;
    } catch {
      ui.lookOut.textContent = `Link made (${url.length} characters): copy it from the box.`;
    }
  } catch (error) {
    ui.link.hidden = true;
    notice(`${error instanceof Error ? error.message : String(error)}.`);
  }
}

/**
 * Play a level file dropped or pasted on the page.
 * @param {File} file
 */
async function openFile(file) {
  if (file.size > MAX_FILE_BYTES) {
    showError(new Error(`${file.name} is ${file.size} bytes: a level file here is at most ${MAX_FILE_BYTES}`));
    return;
  }
  const text = await file.text();
  ui.text.value = text;
  loadText(text);
}

document.addEventListener('keydown', (event) => {
  const t = event.target;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement || t instanceof HTMLInputElement) {
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
  } else if (what.action === 'help') {
    toggleHelp();
  } else if (what.action === 'hint') {
    void askHint();
  } else if (what.action === 'look') {
    toggleLook();
  } else if (what.action === 'mute') {
    toggleMute();
  } else {
    ui.levels.focus();
  }
});

gestures(ui.board, { swipe: (letter) => play(letter), tap });
for (const button of ui.pad.querySelectorAll('button[data-letter]')) {
  button.addEventListener('click', () => {
    play(/** @type {HTMLElement} */ (button).dataset.letter ?? '');
    ui.board.focus();
  });
}
ui.hint.addEventListener('click', () => void askHint());
ui.look.addEventListener('click', toggleLook);
ui.helpButton.addEventListener('click', toggleHelp);
ui.mute.addEventListener('click', toggleMute);
ui.introClose.addEventListener('click', () => {
  ui.intro.hidden = true;
  ui.board.focus();
});
ui.levels.addEventListener('change', () => {
  const [c, n] = ui.levels.value.split(':').map(Number);
  loadBuiltin(c ?? 0, n ?? 1);
  ui.board.focus();
});
ui.rules.addEventListener('change', () => {
  const sokoban = ui.rules.value === 'sokoban';
  sim.setRules(sokoban);
  store.write(store.RULES, sokoban ? 'sokoban' : 'muscleman');
  const c = collections.findIndex((entry) => entry.id === state.collection);
  if (c >= 0) {
    loadBuiltin(c, state.number);
  } else {
    loadText(ui.text.value);
  }
});
ui.load.addEventListener('click', () => loadText(ui.text.value));
ui.share.addEventListener('click', () => void share());
document.addEventListener('paste', (event) => {
  if (event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement) {
    return;
  }
  const text = event.clipboardData?.getData('text/plain') ?? '';
  if (text.trim()) {
    event.preventDefault();
    ui.text.value = text;
    loadText(text);
  }
});
document.addEventListener('dragover', (event) => event.preventDefault());
document.addEventListener('drop', (event) => {
  event.preventDefault();
  const file = event.dataTransfer?.files[0];
  if (file) {
    void openFile(file);
  }
});
window.addEventListener('hashchange', () => void openLink());
window.addEventListener('resize', () => paint());
ui.mute.textContent = sounds.muted ? 'Sound off' : 'Sound on';
ui.mute.setAttribute('aria-pressed', String(sounds.muted));

// Where to start: a shared link's level, else where the player left off,
// else the first level.
if (!(await openLink())) {
  const where = sim.levels().where;
  try {
    loadBuiltin(where?.collection ?? 0, where?.number ?? 1);
  } catch {
    loadBuiltin(0, 1);
  }
}
ui.board.focus();
// What the browser tests read: the sim, the page's own actions, and when
// the board became playable (ms since the page's navigation started).
/** @type {any} */ (window).muscleman = {
  sim,
  collections,
  play,
  loadBuiltin,
  loadText,
  state: () => state,
  lastActions: () => lastPlayed?.steps.map((s) => s.action) ?? [],
  geometry: () => geometry,
  sounds,
  hintPositions: 400000,
  readyAt: performance.now(),
};
document.body.dataset.ready = 'true';
