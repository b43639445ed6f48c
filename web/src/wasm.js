// The sim, over the WebAssembly's plain C ABI (docs/web.md): text goes in
// through the module's input buffer, every answer comes back as JSON.

/**
 * @typedef {{id: number, generation: number}} Entity
 * @typedef {{
 *   entity: Entity, floor: number, x: number, y: number, kind: string,
 *   name: string, color: string | null, state: string, layer: number,
 *   glyph: string, tint: string, blocks: boolean, pushable: boolean,
 *   deep: boolean, encloses: boolean, contents: string[],
 *   facing: string | null, on_goal: boolean
 * }} Sprite
 * @typedef {{
 *   number: number, name: string | null,
 *   bounds: [number, number, number, number] | null,
 *   inside: Array<[number, number]>
 * }} Floor
 * @typedef {{
 *   title: string, collection: string | null, number: number, count: number,
 *   floor: number, floors: Floor[], facing: string | null,
 *   holding: Entity | null, counters: Record<string, number>,
 *   moves: number, pushes: number, solved: boolean, undo_depth: number,
 *   redo_depth: number, state_hash: string, sprites: Sprite[],
 *   rules: string, save_name: string, history: number, par: number | null,
 *   best: Best | null, why_not: string | null
 * }} State
 * @typedef {{solved: boolean, best_moves: number | null, best_pushes: number | null}} Best
 * @typedef {{first_solve: boolean, moves: boolean, pushes: boolean,
 *   count_moves: number, count_pushes: number, solution: string}} Solve
 * @typedef {{event: string} & Record<string, unknown>} SimEvent
 * @typedef {{letter: string, action: string, events: SimEvent[], sounds: string[], solved: boolean}} Step
 * @typedef {{steps: Step[], record: Solve | null, state: State}} Played
 * @typedef {{line: number, column: number, message: string}} Positioned
 * @typedef {{number: number, title: string, solution: string | null}} LevelEntry
 * @typedef {{id: string, title: string, levels: LevelEntry[]}} CollectionEntry
 * @typedef {{level: number, line: number, column: number, message: string}} Warning
 * @typedef {{levels: number, warnings: Warning[]}} Checked
 * @typedef {{answer: 'solution' | 'unsolvable' | 'none', moves?: string,
 *   message: string, positions: number}} Hint
 * @typedef {{short: string, detail: string}} Notice
 * @typedef {{keep: boolean, aside: string | null, warning: Notice | null}} Opened
 * @typedef {{number: number, par: number | null, solved: boolean,
 *   best_moves: number | null, best_pushes: number | null,
 *   why_not: string | null, save_name: string}} LevelRecord
 * @typedef {{rules: string, where: {collection: number, number: number} | null,
 *   collections: Array<{id: string, solved: number, levels: LevelRecord[]}>}} Levels
 * @typedef {{title: string, author: string | null, comment: string | null,
 *   rules: string, moves: string,
 *   things: Array<{explain: string, names: string[]}>}} About
 */

/**
 * @typedef {object} Exports
 * @property {WebAssembly.Memory} memory
 * @property {(len: number) => number} mm_input
 * @property {() => number} mm_output
 * @property {() => number} mm_collections
 * @property {(collection: number, number: number) => number} mm_load_builtin
 * @property {(number: number) => number} mm_load_text
 * @property {() => number} mm_play
 * @property {() => number} mm_state
 * @property {() => number} mm_save
 * @property {() => number} mm_load_save
 * @property {() => number} mm_check
 * @property {(positions: number) => number} mm_hint
 * @property {() => number} mm_open_progress
 * @property {() => number} mm_progress
 * @property {() => number} mm_levels
 * @property {() => number} mm_restore
 * @property {(sokoban: number) => number} mm_set_rules
 * @property {() => number} mm_about
 * @property {() => number} mm_sounds
 * @property {() => number} mm_level_text
 * @property {(x: number, y: number) => number} mm_walk
 * @property {(fromX: number, fromY: number, x: number, y: number) => number} mm_push
 * @property {(x: number, y: number) => number} mm_pushable
 */

/** An answer the sim refused: its message, and where in level text. */
export class SimError extends Error {
  /**
   * @param {string} message
   * @param {Positioned[]} errors
   */
  constructor(message, errors) {
    super(message);
    this.name = 'SimError';
    /** @type {Positioned[]} */
    this.errors = errors;
  }
}

/** The sim in the page: one game at a time. */
export class Sim {
  /** @param {Exports} exports */
  constructor(exports) {
    /** @type {Exports} */
    this.x = exports;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  /**
   * Load the module from `url`.
   * @param {string} url
   * @returns {Promise<Sim>}
   */
  static async load(url) {
    const response = await fetch(url);
    if (!response.ok) {
      throw new Error(`${url}: ${response.status} ${response.statusText}`);
    }
    const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
    return new Sim(/** @type {Exports} */ (/** @type {unknown} */ (instance.exports)));
  }

  /**
   * Write `text` into the module's input buffer.
   * @param {string} text
   */
  give(text) {
    const bytes = this.encoder.encode(text);
    const at = this.x.mm_input(bytes.length);
    if (at === 0) {
      this.answer(0);
      throw new SimError(`the text is too long (${bytes.length} bytes)`, []);
    }
    new Uint8Array(this.x.memory.buffer, at, bytes.length).set(bytes);
  }

  /**
   * Read the answer of `len` bytes; return its value or throw its error.
   * @param {number} len
   * @returns {unknown}
   */
  answer(len) {
    const at = this.x.mm_output();
    const text = this.decoder.decode(new Uint8Array(this.x.memory.buffer, at, len));
    const value = JSON.parse(text);
    if (value.error) {
      throw new SimError(value.error.message, value.error.errors);
    }
    return value.ok;
  }

  /** @returns {CollectionEntry[]} */
  collections() {
    return /** @type {CollectionEntry[]} */ (this.answer(this.x.mm_collections()));
  }

  /**
   * Load level `number` (from 1) of built-in collection `collection` (from 0).
   * @param {number} collection
   * @param {number} number
   * @returns {State}
   */
  loadBuiltin(collection, number) {
    return /** @type {State} */ (this.answer(this.x.mm_load_builtin(collection, number)));
  }

  /**
   * Load level `number` (from 1) of level text.
   * @param {string} text
   * @param {number} number
   * @returns {State}
   */
  loadText(text, number) {
    this.give(text);
    return /** @type {State} */ (this.answer(this.x.mm_load_text(number)));
  }

  /**
   * Play MOVES letters (rules.md §7).
   * @param {string} moves
   * @returns {Played}
   */
  play(moves) {
    this.give(moves);
    return /** @type {Played} */ (this.answer(this.x.mm_play()));
  }

  /** @returns {State} */
  state() {
    return /** @type {State} */ (this.answer(this.x.mm_state()));
  }

  /** @returns {string} */
  save() {
    return /** @type {string} */ (this.answer(this.x.mm_save()));
  }

  /**
   * @param {string} text
   * @returns {State}
   */
  loadSave(text) {
    this.give(text);
    return /** @type {State} */ (this.answer(this.x.mm_load_save()));
  }

  /**
   * Search from the game's position, the solver expanding at most
   * `positions` positions (it reads no clock).
   * @param {number} positions
   * @returns {Hint}
   */
  hint(positions) {
    return /** @type {Hint} */ (this.answer(this.x.mm_hint(positions)));
  }

  /**
   * Check level text.
   * @param {string} text
   * @returns {Checked}
   */
  check(text) {
    this.give(text);
    return /** @type {Checked} */ (this.answer(this.x.mm_check()));
  }

  /**
   * Open the progress the page kept (the text of a progress.json; '' for none).
   * @param {string} text
   * @returns {Opened}
   */
  openProgress(text) {
    this.give(text);
    return /** @type {Opened} */ (this.answer(this.x.mm_open_progress()));
  }

  /** @returns {string} the progress as the text of a progress.json */
  progressText() {
    return /** @type {string} */ (this.answer(this.x.mm_progress()));
  }

  /** @returns {Levels} the built-in levels' records, and where the player left off */
  levels() {
    return /** @type {Levels} */ (this.answer(this.x.mm_levels()));
  }

  /**
   * Put back a kept position (a save) of the level loaded.
   * @param {string} text
   * @returns {State}
   */
  restore(text) {
    this.give(text);
    return /** @type {State} */ (this.answer(this.x.mm_restore()));
  }

  /**
   * Play the next level loaded under Sokoban's rules or Muscleman's.
   * @param {boolean} sokoban
   * @returns {string} the rules' key
   */
  setRules(sokoban) {
    return /** @type {string} */ (this.answer(this.x.mm_set_rules(sokoban ? 1 : 0)));
  }

  /** @returns {About} the level's introduction and help */
  about() {
    return /** @type {About} */ (this.answer(this.x.mm_about()));
  }

  /** @returns {{rate: number, sounds: Record<string, number[]>}} every sound's samples */
  sounds() {
    return /** @type {{rate: number, sounds: Record<string, number[]>}} */ (this.answer(this.x.mm_sounds()));
  }

  /** @returns {string} the level's text */
  levelText() {
    return /** @type {string} */ (this.answer(this.x.mm_level_text()));
  }

  /**
   * The shortest walk to a cell of the player's floor, as MOVES letters.
   * @param {number} x
   * @param {number} y
   * @returns {string}
   */
  walk(x, y) {
    return /** @type {{moves: string}} */ (this.answer(this.x.mm_walk(x, y))).moves;
  }

  /**
   * The pushes that take the box at (fromX, fromY) to (x, y).
   * @param {number} fromX
   * @param {number} fromY
   * @param {number} x
   * @param {number} y
   * @returns {string}
   */
  push(fromX, fromY, x, y) {
    return /** @type {{moves: string}} */ (this.answer(this.x.mm_push(fromX, fromY, x, y))).moves;
  }

  /**
   * Whether a cell holds a box a tap may pick to push.
   * @param {number} x
   * @param {number} y
   * @returns {boolean}
   */
  pushable(x, y) {
    return /** @type {boolean} */ (this.answer(this.x.mm_pushable(x, y)));
  }
}
