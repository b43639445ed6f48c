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
 *   redo_depth: number, state_hash: string, sprites: Sprite[]
 * }} State
 * @typedef {{event: string} & Record<string, unknown>} SimEvent
 * @typedef {{letter: string, action: string, events: SimEvent[], solved: boolean}} Step
 * @typedef {{steps: Step[], state: State}} Played
 * @typedef {{line: number, column: number, message: string}} Positioned
 * @typedef {{number: number, title: string, solution: string | null}} LevelEntry
 * @typedef {{id: string, title: string, levels: LevelEntry[]}} CollectionEntry
 * @typedef {{level: number, line: number, column: number, message: string}} Warning
 * @typedef {{levels: number, warnings: Warning[]}} Checked
 * @typedef {{answer: 'solution' | 'unsolvable' | 'none', moves?: string,
 *   optimal?: boolean, why?: string, positions: number}} Hint
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
}
