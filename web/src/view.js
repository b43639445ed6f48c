// What the page writes beside the board, from the sim's answers alone:
// the level list with the player's records, the Solved banner, the intro
// and the help in the recipes' own words, and the look at a cell.

/** @typedef {import('./wasm.js').State} State */

/**
 * Return the element with id `id`, of type `type`.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} type
 * @returns {T}
 */
export function element(id, type) {
  const e = document.getElementById(id);
  if (!(e instanceof type)) {
    throw new Error(`the page has no ${type.name} #${id}`);
  }
  return e;
}

/**
 * Return `1 move`, `2 moves`.
 * @param {number} n
 * @param {string} one
 * @param {string} many
 */
export function count(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Fill the level list: each built-in level with its solved mark, best
 * moves and pushes, par, and why the rules in use cannot play it.
 * @param {HTMLSelectElement} list
 * @param {HTMLElement} summary
 * @param {import('./wasm.js').CollectionEntry[]} collections
 * @param {import('./wasm.js').Levels} levels
 * @param {State} state
 */
export function fillList(list, summary, collections, levels, state) {
  list.replaceChildren();
  for (const [c, collection] of collections.entries()) {
    const records = levels.collections[c];
    const group = document.createElement('optgroup');
    group.label = `${collection.title} (${records?.solved ?? 0} of ${collection.levels.length} solved)`;
    for (const level of collection.levels) {
      const r = records?.levels[level.number - 1];
      const option = document.createElement('option');
      option.value = `${c}:${level.number}`;
      const mark = r?.why_not ? '✗' : r?.solved ? '✓' : '·';
      let text = `${mark} ${level.number}. ${level.title}`;
      if (r?.best_moves !== null && r?.best_moves !== undefined) {
        text += ` · best ${r.best_moves}/${r.best_pushes ?? '?'}`;
      }
      if (r?.par !== null && r?.par !== undefined) {
        text += ` · par ${r.par}`;
      }
      if (r?.why_not) {
        text += ' · needs Muscleman rules';
        option.title = r.why_not;
      }
      option.textContent = text;
      option.dataset.solved = String(Boolean(r?.solved));
      group.append(option);
    }
    list.append(group);
  }
  const c = collections.findIndex((entry) => entry.id === state.collection);
  const records = levels.collections[c];
  summary.textContent = records
    ? `${count(records.solved, 'level', 'levels')} of ${records.levels.length} solved (${levels.rules} rules)`
    : '';
}

/**
 * Return the Solved banner: the counts, against par when the level has
 * one, and what this solve bettered.
 * @param {State} state
 * @param {import('./wasm.js').Solve | null} record
 * @returns {string}
 */
export function solvedBanner(state, record) {
  let text = `Solved in ${count(state.moves, 'move', 'moves')} and ${count(state.pushes, 'push', 'pushes')}`;
  if (state.par !== null) {
    const by = state.moves - state.par;
    text += by === 0 ? `: par (${state.par})` : by < 0 ? `: ${-by} under par (${state.par})!` : ` (par ${state.par})`;
  }
  if (record?.first_solve) {
    text += '. First solve!';
  } else if (record?.moves || record?.pushes) {
    text += `. New best ${[record.moves ? 'moves' : '', record.pushes ? 'pushes' : ''].filter(Boolean).join(' and ')}!`;
  }
  return text;
}

/**
 * Show the level's intro and help from the sim's words.
 * @param {import('./wasm.js').About} about
 * @param {State} state
 */
export function showAbout(about, state) {
  const set = (/** @type {string} */ id, /** @type {string} */ text) => {
    const e = document.getElementById(id);
    if (e) {
      e.textContent = text;
    }
  };
  set('intro-title', about.title);
  set('intro-author', about.author ? `by ${about.author}` : '');
  set('intro-comment', about.comment ?? '');
  const why = state.why_not ? ` This level cannot be solved so: ${state.why_not}.` : '';
  set('help-rules', `${about.comment ? `${about.comment} ` : ''}Put a box on every goal. ${about.rules}${why} Moves: ${about.moves}`);
  const list = document.getElementById('help-things');
  if (list) {
    list.replaceChildren();
    for (const thing of about.things) {
      const li = document.createElement('li');
      const names = document.createElement('b');
      names.textContent = thing.names.join(', ');
      li.append(names, `: ${thing.explain}`);
      list.append(li);
    }
  }
}

/**
 * Describe what the cell (x, y) of floor `floor` holds, top first, in the
 * view's names.
 * @param {State} state
 * @param {number} floor
 * @param {number} x
 * @param {number} y
 * @returns {string}
 */
export function describeCell(state, floor, x, y) {
  const here = state.sprites
    .filter((s) => s.floor === floor && s.x === x && s.y === y)
    .sort((a, b) => b.layer - a.layer)
    .map((s) => {
      let name = s.color ? `${s.color} ${s.name}` : s.name;
      if (s.state) {
        name += ` (${s.state})`;
      }
      if (s.contents.length > 0) {
        name += ` holding ${s.contents.join(', ')}`;
      }
      if (s.facing) {
        name += `, facing ${s.facing}`;
      }
      return name;
    });
  const inside = state.floors.find((f) => f.number === floor)?.inside.some(([a, b]) => a === x && b === y);
  const what = here.length > 0 ? here.join('; ') : inside ? 'floor' : 'nothing';
  const place = `${state.floors.length > 1 ? `Floor ${floor} row` : 'Row'} ${y + 1} column ${x + 1}`;
  return `${place}: ${what}.`;
}
