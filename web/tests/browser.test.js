// The page in a real headless Chromium (Debian's, driven by puppeteer-core
// over the DevTools protocol), the site served on 127.0.0.1: every stored
// solution plays to solved through the wasm with `muscleman replay`'s
// state hash, a scripted game ends on replay's hash, typed keys move the
// player, a broken level shows its positioned errors. It prints the time
// from load to a playable board (no test is timed).
//
// Environment (and harness.js's): MUSCLEMAN_WEB_TIMING (where to write
// the timings as JSON).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { Browser, COLLECTION_FILES, LEVELS, replayHash } from './harness.js';

const web = new Browser();
/** @type {import('puppeteer-core').Page} */
let page;
const pageErrors = web.errors;

/** Open the page afresh. */
const open = () => web.open();

before(async () => {
  await web.start();
  page = web.page;
});

after(() => web.stop());

test('the page loads to a playable board of level 1, and says how long that took', async () => {
  const first = await open();
  /** @type {number[]} */
  const again = [];
  for (let i = 0; i < 5; i += 1) {
    again.push(await open());
  }
  again.sort((a, b) => a - b);
  const median = again[2] ?? 0;
  const timing = { first_ms: Math.round(first), reload_median_ms: Math.round(median) };
  console.log(`load to playable board: ${timing.first_ms} ms (first load), ${timing.reload_median_ms} ms (median of 5 reloads)`);
  if (process.env.MUSCLEMAN_WEB_TIMING) {
    writeFileSync(process.env.MUSCLEMAN_WEB_TIMING, `${JSON.stringify(timing)}\n`);
  }
  const title = await page.$eval('#title', (e) => e.textContent);
  assert.equal(title, 'First Steps');
  const options = await page.$$eval('#levels option', (os) => os.length);
  assert.equal(options, LEVELS);
  const groups = await page.$$eval('#levels optgroup', (gs) => gs.map((g) => g.label));
  assert.equal(groups.length, 2);
  assert.deepEqual(pageErrors, []);
});

test('every stored solution of both collections plays to solved through the wasm, on replay\'s hash', async () => {
  await open();
  /** @type {Array<{c: number, number: number, solution: string, solved: boolean, solvedAt: number[], steps: number, hash: string}>} */
  const results = await page.evaluate(() => {
    const m = /** @type {any} */ (window).muscleman;
    const out = [];
    for (const [c, collection] of m.collections.entries()) {
      for (const level of collection.levels) {
        m.sim.loadBuiltin(c, level.number);
        const played = m.sim.play(level.solution);
        out.push({
          c,
          number: level.number,
          solution: level.solution,
          solved: played.state.solved,
          solvedAt: played.steps.flatMap((/** @type {any} */ s, /** @type {number} */ i) => (s.solved ? [i] : [])),
          steps: played.steps.length,
          hash: played.state.state_hash,
        });
      }
    }
    return out;
  });
  assert.equal(results.length, LEVELS);
  for (const r of results) {
    const name = `${COLLECTION_FILES[r.c]} level ${r.number}`;
    assert.ok(r.solved, `${name} is not solved`);
    assert.deepEqual(r.solvedAt, [r.steps - 1], `${name} solved once, at its last step`);
    const file = COLLECTION_FILES[r.c] ?? '';
    assert.equal(r.hash, replayHash(file, r.number, r.solution), `${name}: the wasm and replay disagree`);
  }
});

test('the state hash after a scripted game equals muscleman replay\'s', async () => {
  await open();
  // Moves, refused moves, a grab, swings, a drop, waits, undo, redo and a restart.
  const script = 'rdzdy!rddRgp[]wRzzyydrU!rdd';
  const hash = await page.evaluate((moves) => {
    const m = /** @type {any} */ (window).muscleman;
    m.loadBuiltin(1, 3);
    return m.play(moves).state.state_hash;
  }, script);
  assert.equal(hash, replayHash(COLLECTION_FILES[1] ?? '', 3, script));
});

test('the solver runs in the wasm with a budget of positions and no clock', async () => {
  await open();
  const result = await page.evaluate(() => {
    const m = /** @type {any} */ (window).muscleman;
    m.loadBuiltin(0, 1);
    m.play('rd');
    const hint = m.sim.hint(100000);
    const solved = m.play(hint.moves)?.state.solved;
    m.loadBuiltin(1, 22);
    const none = m.sim.hint(5);
    return { hint, solved, none };
  });
  assert.equal(result.hint.answer, 'solution');
  assert.equal(result.solved, true);
  assert.deepEqual(result.none, {
    answer: 'none',
    message: 'No hint found (the search spent its positions)',
    positions: 5,
  });
  assert.deepEqual(pageErrors, []);
});

test('keys typed into the page move the player, as the terminal\'s keys do', async () => {
  await open();
  /** @returns {Promise<{x: number, y: number, moves: number}>} */
  const player = () =>
    page.evaluate(() => {
      const s = /** @type {any} */ (window).muscleman.state();
      const p = s.sprites.find((/** @type {any} */ e) => e.kind === 'player');
      return { x: p.x, y: p.y, moves: s.moves };
    });
  const start = await player();
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await player(), { x: start.x + 1, y: start.y, moves: 1 });
  await page.keyboard.press('s'); // WASD: down
  await page.keyboard.press('j'); // hjkl: down
  assert.deepEqual(await player(), { x: start.x + 1, y: start.y + 2, moves: 3 });
  await page.keyboard.press('z');
  assert.deepEqual(await player(), { x: start.x + 1, y: start.y + 1, moves: 2 });
  await page.keyboard.press('y');
  assert.equal((await player()).moves, 3);
  await page.keyboard.press('r');
  assert.deepEqual(await player(), { ...start, moves: 0 });
  const status = await page.$eval('#status', (e) => e.textContent);
  assert.equal(status, 'moves 0, pushes 0');
  await page.keyboard.press('n');
  assert.equal(await page.$eval('#title', (e) => e.textContent), 'Freight Train');
  // Level 1's stored solution typed as keys solves it.
  await page.keyboard.press('b');
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowUp']) {
    await page.keyboard.press(/** @type {import('puppeteer-core').KeyInput} */ (key));
  }
  assert.match((await page.$eval('#status', (e) => e.textContent)) ?? '', /^Solved!/);
  assert.deepEqual(pageErrors, []);
});

test('a broken level shows its errors at their lines and columns', async () => {
  await open();
  await page.$eval('#text', (e) => {
    /** @type {HTMLTextAreaElement} */ (e).value = '#####\n#@x.#\n#$?.#\n#####\n';
  });
  await page.click('#load');
  const errors = await page.$$eval('#errors li', (lis) => lis.map((li) => li.textContent));
  assert.equal(errors[0], 'the level text has 2 errors');
  assert.match(errors[1] ?? '', /^line 2, column 3: unknown symbol 'x'/);
  assert.match(errors[2] ?? '', /^line 3, column 3: unknown symbol '\?'/);
  // The level played before is still on the board.
  assert.equal(await page.$eval('#title', (e) => e.textContent), 'First Steps');
  // A good one plays, and the errors go.
  await page.$eval('#text', (e) => {
    /** @type {HTMLTextAreaElement} */ (e).value = '#####\n#@$.#\n#####\n';
  });
  await page.click('#load');
  assert.equal(await page.$$eval('#errors li', (lis) => lis.length), 0);
  await page.focus('#board');
  await page.keyboard.press('l');
  assert.match((await page.$eval('#status', (e) => e.textContent)) ?? '', /^Solved!/);
});
