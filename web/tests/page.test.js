// The page players keep, in a real headless Chromium: progress and the
// position survive a reload (a corrupt or newer record meets a message,
// never a broken page), the level list marks solves with best and par, a
// shared link opens its level and a broken or hostile one shows its
// error, a touch swipe moves and a tap walks, the buttons play, the hint
// answers from a worker while the page keeps answering, the intro, the
// help and the look speak the sim's words, sounds come from the step's
// events, and a pasted or dropped level plays. In `screenshot` mode it
// saves the page at 1280×800 and 390×844 (MUSCLEMAN_WEB_SCREENSHOTS, a
// folder).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import { Browser, solution } from './harness.js';

const web = new Browser({ width: 1280, height: 800 });
/** @type {import('puppeteer-core').Page} */
let page;

/**
 * Run `f` on the page's `window.muscleman`.
 * @template T
 * @param {(m: any, arg: any) => T} f
 * @param {any} [arg]
 * @returns {Promise<T>}
 */
function page$(f, arg) {
  return page.evaluate((source, a) => {
    const fn = new Function('m', 'a', `return (${source})(m, a);`);
    return fn(/** @type {any} */ (window).muscleman, a);
  }, f.toString(), arg);
}

/** @returns {Promise<{x: number, y: number, moves: number}>} where the player is */
async function player() {
  const s = await web.state();
  const p = s.sprites.find((/** @type {any} */ e) => e.kind === 'player');
  return { x: p.x, y: p.y, moves: s.moves };
}

/**
 * Return the base64url of bytes, as a link writes them.
 * @param {Uint8Array} bytes
 */
function base64url(bytes) {
  return Buffer.from(bytes).toString('base64url');
}

before(async () => {
  await web.start();
  page = web.page;
});

after(() => web.stop());

test('a reload keeps the records, the level list marks them, and the position comes back with its history', async () => {
  await web.open();
  // Solve Combinations 2 with its stored solution: the banner says par.
  const moves = solution(1, 2);
  await page$((m) => m.loadBuiltin(1, 2));
  await page$((m, s) => m.play(s), moves);
  const banner = await web.text('#banner');
  assert.match(banner, /^Solved in \d+ moves? and \d+ push(es)?: par \(\d+\)\. First solve!$/);
  // Then leave level 1 part-played: two moves, one undone.
  await page$((m) => m.loadBuiltin(0, 1));
  await page.focus('#board');
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowDown', 'z']) {
    await page.keyboard.press(/** @type {import('puppeteer-core').KeyInput} */ (key));
  }
  const before = await web.state();
  await web.open({ keep: true });
  const after = await web.state();
  assert.equal(after.title, 'First Steps', 'opens where the player left off');
  assert.equal(after.state_hash, before.state_hash);
  assert.equal(after.redo_depth, 1);
  await page.focus('#board');
  await page.keyboard.press('y');
  assert.equal((await web.state()).moves, 3, 'the undo history came back too');
  const option = await page.$eval('#levels option[value="1:2"]', (o) => o.textContent ?? '');
  assert.match(option, /^✓ 2\. .* · best \d+\/\d+ · par \d+$/);
  const other = await page.$eval('#levels option[value="1:3"]', (o) => o.textContent ?? '');
  assert.match(other, /^· 3\. /);
  assert.match(await web.text('#summary'), /^0 levels of \d+ solved/);
  assert.equal(await page.$eval('#notice', (e) => e.hidden), true);
  assert.deepEqual(web.errors, []);
});

test('under Sokoban\'s rules the list marks the levels they cannot solve, and the choice is kept', async () => {
  await web.open();
  await page.select('#rules', 'sokoban');
  assert.equal((await web.state()).rules, 'sokoban');
  const marks = await page.$$eval('#levels option', (os) => os.map((o) => [o.textContent ?? '', o.title]));
  const cannot = marks.filter(([text]) => text.startsWith('✗'));
  assert.ok(cannot.length > 0, 'some levels need hands');
  for (const [text, why] of cannot) {
    assert.match(text, / · needs Muscleman rules$/);
    assert.match(why, /^the level says "Rules: muscleman"/);
  }
  assert.ok(marks.some(([text]) => text.startsWith('·')), 'others can be solved');
  await web.open({ keep: true });
  assert.equal(await page.$eval('#rules', (e) => /** @type {HTMLSelectElement} */ (e).value), 'sokoban');
  assert.match(await web.text('#summary'), /\(sokoban rules\)$/);
  assert.deepEqual(web.errors, []);
});

test('a corrupt record is kept aside with a message, a newer one is never written over', async () => {
  await web.open();
  await page.evaluate(() => localStorage.setItem('muscleman.progress', '{ not json'));
  await web.open({ keep: true });
  assert.match(await web.text('#notice'), /corrupt .*kept it aside and started afresh \(under muscleman\.progress\.corrupt-1\)\.$/);
  assert.equal(await page.evaluate(() => localStorage.getItem('muscleman.progress.corrupt-1')), '{ not json');
  assert.equal(await web.text('#title'), 'First Steps', 'the page plays on');
  // A position that is not this level's: refused, kept aside, the level starts afresh.
  const name = (await web.state()).save_name;
  await page.evaluate((n) => localStorage.setItem(`muscleman.saves/${n}`, 'garbage'), name);
  await web.open({ keep: true });
  assert.match(await web.text('#notice'), /^the saved position of this level could not be loaded/);
  assert.equal((await web.state()).history, 0);
  // A newer muscleman's record: kept as it is, even after a solve.
  const newer = '{"version": 99, "levels": {}}';
  await page.evaluate((t) => localStorage.setItem('muscleman.progress', t), newer);
  await web.open({ keep: true });
  assert.match(await web.text('#notice'), /newer muscleman \(format version 99/);
  await page$((m, s) => m.play(s), solution(0, 1));
  assert.equal(await page.evaluate(() => localStorage.getItem('muscleman.progress')), newer);
  assert.deepEqual(web.errors, []);
});

test('a shared link opens its level, and a broken or hostile link shows its error, never a trap', async () => {
  await web.open();
  const level = 'Title: Shared\nComment: Sent by a friend.\n#######\n#@ $ .#\n#######\n';
  await page.$eval('#text', (e, t) => {
    /** @type {HTMLTextAreaElement} */ (e).value = t;
  }, level);
  await page.click('#load');
  await page.click('#share');
  await page.waitForFunction(() => !(/** @type {HTMLInputElement} */ (document.getElementById('link'))).hidden);
  const link = await page.$eval('#link', (e) => /** @type {HTMLInputElement} */ (e).value);
  assert.match(link, /#level=[A-Za-z0-9_-]+$/);
  const hash = link.slice(link.indexOf('#'));
  await web.open({ hash });
  assert.equal(await web.text('#title'), 'Shared');
  assert.equal(await page.$eval('#intro', (e) => e.hidden), false, 'its intro shows');
  assert.equal(await web.text('#intro-comment'), 'Sent by a friend.');
  await page.focus('#board');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight']) {
    await page.keyboard.press(/** @type {import('puppeteer-core').KeyInput} */ (key));
  }
  assert.equal((await web.state()).solved, true);

  const bomb = base64url(deflateRawSync(Buffer.alloc(4 * 1024 * 1024, 35)));
  const cases = [
    ['#level=***', /not base64url text/],
    ['#level=AAAAAAAA', /does not unpack/],
    [`#level=${'A'.repeat(9000)}`, /too long: its level is 9000 characters, and a link holds at most 8000/],
    [`#level=${bomb}`, /larger than 262144 bytes once unpacked/],
    [`#level=${base64url(deflateRawSync(Buffer.from([0xff, 0xfe, 0x41])))}`, /not UTF-8 text/],
  ];
  for (const [bad, why] of cases) {
    await web.open({ hash: /** @type {string} */ (bad) });
    assert.match(await web.text('#notice'), /** @type {RegExp} */ (why), String(bad).slice(0, 40));
    assert.equal(await web.text('#title'), 'First Steps', 'the page plays on');
  }
  // A link to a level that does not read: its errors, and a message.
  const broken = base64url(deflateRawSync(Buffer.from('#####\n#@x.#\n#####\n')));
  await web.open({ hash: `#level=${broken}` });
  assert.match(await web.text('#notice'), /does not load/);
  assert.match(await web.text('#errors'), /line 2, column 3: unknown symbol 'x'/);
  // Too large to share: a clear message, no link.
  const big = `Title: Big\nComment: ${Array.from({ length: 4000 }, (_, i) => Math.abs(Math.sin(i + 1)).toString(36).slice(2, 8)).join(' ')}`;
  await page.$eval('#text', (e, t) => {
    /** @type {HTMLTextAreaElement} */ (e).value = t;
  }, `${big}\n#####\n#@$.#\n#####\n`);
  await page.click('#load');
  await page.click('#share');
  await page.waitForFunction(() => /too large to share/.test(document.getElementById('notice')?.textContent ?? ''));
  assert.deepEqual(web.errors, []);
});

test('a pasted or dropped level plays', async () => {
  await web.open();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'Title: Pasted\n#####\n#@$.#\n#####\n');
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  });
  assert.equal(await web.text('#title'), 'Pasted');
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['Title: Dropped\n######\n#@ $.#\n######\n'], 'dropped.txt'));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true }));
  });
  await page.waitForFunction(() => document.getElementById('title')?.textContent === 'Dropped');
  assert.deepEqual(web.errors, []);
});

test('on a phone, a swipe moves, a tap walks and pushes, and the buttons play', async () => {
  await page.setViewport({ width: 390, height: 844, hasTouch: true, isMobile: true });
  await web.open();
  await page$((m) => m.loadText('Title: Touch\n########\n#@     #\n#  $  .#\n########\n'));
  const box = await page.$eval('#board', (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  });
  const g = await page$((m) => m.geometry());
  /** @param {number} x @param {number} y */
  const at = (x, y) => ({ x: box.x + (x - g.x0 + 0.5) * g.size, y: box.y + (y - g.y0 + 0.5) * g.size });
  const start = await player();
  const from = at(start.x, start.y);
  await page.touchscreen.touchStart(from.x, from.y);
  await page.touchscreen.touchMove(from.x + 60, from.y + 5);
  await page.touchscreen.touchEnd();
  assert.deepEqual(await player(), { x: start.x + 1, y: start.y, moves: 1 }, 'a swipe right moved right');
  // A tap walks the shortest way there.
  const to = at(6, 1);
  await page.touchscreen.tap(to.x, to.y);
  await page.waitForFunction(() => /** @type {any} */ (window).muscleman.state().moves === 5);
  assert.deepEqual(await player(), { x: 6, y: 1, moves: 5 });
  // A tap on the box picks it, a tap on the goal pushes it there.
  const b = at(3, 2);
  await page.touchscreen.tap(b.x, b.y);
  assert.match(await web.text('#look-out'), /^Box picked/);
  const goal = at(6, 2);
  await page.touchscreen.tap(goal.x, goal.y);
  await page.waitForFunction(() => /** @type {any} */ (window).muscleman.state().solved);
  assert.match(await web.text('#banner'), /^Solved in/);
  // The buttons: undo, redo, restart, wait.
  await page.click('#undo');
  assert.equal((await web.state()).solved, false);
  await page.click('#redo');
  assert.equal((await web.state()).solved, true);
  await page.click('#restart');
  const restarted = await web.state();
  assert.equal(restarted.moves, 0);
  for (const [letter, action] of [['w', 'wait'], ['g', 'grab'], ['p', 'drop'], ['[', 'swing_left'], [']', 'swing_right']]) {
    await page.click(`#pad button[data-letter="${letter}"]`);
    assert.deepEqual(await page$((m) => m.lastActions()), [action], `the ${action} button`);
  }
  if (process.env.MUSCLEMAN_WEB_SCREENSHOTS) {
    await page$((m) => m.loadBuiltin(1, 1));
    await page$((m) => m.play('rr'));
    await page.screenshot({ path: join(process.env.MUSCLEMAN_WEB_SCREENSHOTS, 'phone.png') });
  }
  await page.setViewport({ width: 1280, height: 800 });
  assert.deepEqual(web.errors, []);
});

test('a tap\'s walk is planned again before each step, round a duck that walks', async () => {
  await web.open();
  await page$((m) => m.loadText('legend: t = Duck:down\n########\n#@ t   #\n#      #\n########\n'));
  const g = await page$((m) => m.geometry());
  const box = await page.$eval('#board', (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.left, y: r.top };
  });
  await page.mouse.click(box.x + (6 - g.x0 + 0.5) * g.size, box.y + (1 - g.y0 + 0.5) * g.size);
  await page.waitForFunction(() => {
    const s = /** @type {any} */ (window).muscleman.state();
    const p = s.sprites.find((/** @type {any} */ e) => e.kind === 'player');
    return p.x === 6 && p.y === 1;
  }, { timeout: 10000 });
  assert.deepEqual(web.errors, []);
});

test('the hint answers from a worker while the page keeps answering, and proves what it proves', async () => {
  await web.open();
  await page$((m) => m.loadBuiltin(1, 22));
  await page$((m) => {
    m.hintPositions = 600000;
  });
  await page.focus('#board');
  await page.keyboard.press('i');
  assert.equal(await page.evaluate(() => document.body.dataset.hint), 'searching');
  // The page answers meanwhile: the help opens and closes, a floor is looked at.
  await page.keyboard.press('?');
  assert.equal(await page.$eval('#help', (e) => e.hidden), false);
  await page.keyboard.press('?');
  assert.equal(await page.$eval('#help', (e) => e.hidden), true);
  await page.waitForFunction(() => document.body.dataset.hint !== 'searching', { timeout: 300000 });
  assert.match(await web.text('#look-out'), /^(Hint: |No hint found )/);
  // From a position of First Steps, the hint's way solves it.
  await page$((m) => m.loadBuiltin(0, 1));
  await page$((m) => m.play('rd'));
  await page.keyboard.press('i');
  await page.waitForFunction(() => document.body.dataset.hint === 'solution', { timeout: 60000 });
  assert.match(await web.text('#look-out'), /^Hint: .* to go\)$/);
  // A dead end: proved.
  await page$((m) => m.loadText('######\n#@$#.#\n######\n'));
  await page.keyboard.press('i');
  await page.waitForFunction(() => document.body.dataset.hint === 'unsolvable', { timeout: 60000 });
  assert.equal(await web.text('#look-out'), 'No solution from here (the solver proved it): z undoes');
  // A move while searching drops the search.
  await page$((m) => m.loadBuiltin(1, 22));
  await page.keyboard.press('i');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.body.dataset.hint), 'dropped');
  assert.deepEqual(web.errors, []);
});

test('the intro, the help and the look speak the sim\'s words, and sounds follow the steps, with mute', async () => {
  await web.open();
  await page$((m) => m.loadText('Title: Keys\nAuthor: Ada\nComment: Fetch the key.\nlegend: r = KeyRed\nlegend: R = DoorRed\n########\n#@ r R.#\n#  $   #\n########\n'));
  assert.equal(await page.$eval('#intro', (e) => e.hidden), false);
  assert.equal(await web.text('#intro-author'), 'by Ada');
  await page.focus('#board');
  await page.keyboard.press('?');
  const help = await page.$$eval('#help-things li', (lis) => lis.map((li) => li.textContent ?? ''));
  assert.ok(help.some((t) => t.startsWith('red key') || t.includes(', red key')), help.join('\n'));
  assert.ok(help.some((t) => /red door/.test(t)), help.join('\n'));
  assert.match(await web.text('#help-rules'), /^Fetch the key\. Put a box on every goal\. Muscleman: you push a whole line of boxes at once\. g grabs /);
  await page.keyboard.press('?');
  // The look: a tap names what the cell holds.
  await page.keyboard.press('x');
  const g = await page$((m) => m.geometry());
  const box = await page.$eval('#board', (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.left, y: r.top };
  });
  await page.mouse.click(box.x + (3 - g.x0 + 0.5) * g.size, box.y + (1 - g.y0 + 0.5) * g.size);
  assert.equal(await web.text('#look-out'), 'Row 2 column 4: red key.');
  await page.keyboard.press('x');
  // Sounds: a push scrapes, a bump thuds; mute is kept across a reload.
  await page$((m) => m.loadText('#@$ #\n'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await page$((m) => m.sounds.heard), ['push', 'bump']);
  if (process.env.MUSCLEMAN_WEB_SCREENSHOTS) {
    await page$((m) => m.loadBuiltin(1, 1));
    await page$((m) => m.play('rr'));
    await page.keyboard.press('i');
    await page.waitForFunction(() => document.body.dataset.hint !== 'searching', { timeout: 60000 });
    await page.screenshot({ path: join(process.env.MUSCLEMAN_WEB_SCREENSHOTS, 'desktop.png') });
  }
  await page.keyboard.press('m');
  assert.equal(await web.text('#mute'), 'Sound off');
  await web.open({ keep: true });
  assert.equal(await web.text('#mute'), 'Sound off');
  assert.deepEqual(web.errors, []);
});
