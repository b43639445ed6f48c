// What the browser tests share: the site served on 127.0.0.1 (nothing
// outside it), Debian's Chromium started headless with a fresh profile,
// a page opened afresh (its storage cleared) or kept, and `muscleman
// replay`'s state hash to compare with.
//
// Environment: MUSCLEMAN_WEB_SITE (the site, target/web/site), MUSCLEMAN_BIN
// (the muscleman binary), CHROMIUM (the browser, /usr/bin/chromium).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

export const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const site = resolve(process.env.MUSCLEMAN_WEB_SITE ?? join(repo, 'target/web/site'));
const bin = resolve(process.env.MUSCLEMAN_BIN ?? join(repo, 'target/debug/muscleman'));
export const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};
export const COLLECTION_FILES = [
  'crates/muscleman-levels/builtin.txt',
  'crates/muscleman-levels/combinations.txt',
];

/** How many levels both collections hold: one stored solution each (`N: MOVES` lines). */
export const LEVELS = ['solutions.txt', 'combinations-solutions.txt']
  .map((f) => readFileSync(join(repo, `crates/muscleman-levels/${f}`), 'utf8'))
  .flatMap((text) => text.split('\n'))
  .filter((line) => /^\s*\d+\s*:/.test(line)).length;

/**
 * Return the stored solution of level `number` of collection `c` (0 or 1).
 * @param {number} c
 * @param {number} number
 * @returns {string}
 */
export function solution(c, number) {
  const file = ['solutions.txt', 'combinations-solutions.txt'][c] ?? '';
  const line = readFileSync(join(repo, `crates/muscleman-levels/${file}`), 'utf8')
    .split('\n')
    .find((l) => l.trim().startsWith(`${number}:`));
  return line?.split(':')[1]?.trim() ?? '';
}

/**
 * Serve the site's files, nothing outside it.
 * @returns {Promise<import('node:http').Server>}
 */
function serve() {
  const s = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const file = normalize(join(site, path === '/' ? 'index.html' : path));
    if (!file.startsWith(site)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((done) => s.listen(0, '127.0.0.1', () => done(s)));
}

/** A browser on the served site, and one page in it. */
export class Browser {
  /** @param {{width: number, height: number, hasTouch?: boolean, isMobile?: boolean}} viewport */
  constructor(viewport = { width: 1100, height: 760 }) {
    this.viewport = viewport;
    this.url = '';
    this.profile = '';
    /** @type {string[]} */
    this.errors = [];
    /** @type {import('node:http').Server | null} */
    this.server = null;
    /** @type {import('puppeteer-core').Browser | null} */
    this.browser = null;
    /** @type {import('puppeteer-core').Page} */
    this.page = /** @type {any} */ (null);
  }

  async start() {
    this.server = await serve();
    const address = this.server.address();
    assert.ok(address && typeof address === 'object');
    this.url = `http://127.0.0.1:${address.port}/`;
    this.profile = mkdtempSync(join(tmpdir(), 'muscleman-chromium-'));
    this.browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      headless: false, // --headless=new is in FLAGS, as the README gives it
      args: [...FLAGS, `--user-data-dir=${this.profile}`, `--window-size=${this.viewport.width},${this.viewport.height}`],
      defaultViewport: this.viewport,
    });
    this.page = await this.browser.newPage();
    this.page.on('pageerror', (e) => this.errors.push(String(e)));
    this.page.on('console', (m) => {
      if (m.type() === 'error') {
        this.errors.push(m.text());
      }
    });
    return this;
  }

  async stop() {
    await this.browser?.close();
    this.server?.close();
    if (this.profile) {
      rmSync(this.profile, { recursive: true, force: true });
    }
  }

  /** Forget everything the page kept (its localStorage). */
  async forget() {
    const client = await this.page.createCDPSession();
    await client.send('Storage.clearDataForOrigin', { origin: this.url.replace(/\/$/, ''), storageTypes: 'local_storage' });
    await client.detach();
  }

  /**
   * Open the page; return when its board is playable (ms since the
   * navigation started, as the page measured it). Unless `keep`, what
   * the page kept before is forgotten first.
   * @param {{keep?: boolean, hash?: string}} [how]
   * @returns {Promise<number>}
   */
  async open(how = {}) {
    if (!how.keep) {
      await this.forget();
    }
    await this.page.goto('about:blank');
    await this.page.goto(this.url + (how.hash ?? ''), { waitUntil: 'load' });
    await this.page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    return this.page.evaluate(() => /** @type {any} */ (window).muscleman.readyAt);
  }

  /** @returns {Promise<any>} the page's state */
  state() {
    return this.page.evaluate(() => /** @type {any} */ (window).muscleman.state());
  }

  /**
   * @param {string} selector
   * @returns {Promise<string>} the element's text
   */
  text(selector) {
    return this.page.$eval(selector, (e) => e.textContent ?? '');
  }
}

/**
 * Return `muscleman replay`'s final state hash for MOVES on level NUMBER
 * (from 1) of FILE.
 * @param {string} file
 * @param {number} number
 * @param {string} moves
 * @returns {string}
 */
export function replayHash(file, number, moves) {
  const out = execFileSync(bin, ['replay', file, moves, '--level', String(number), '--json'], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const last = out.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(last).state_hash;
}
