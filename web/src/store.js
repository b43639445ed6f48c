// What the page keeps in the browser's storage (localStorage): the
// terminal's own records, as text in the terminal's own formats. The
// progress is a progress.json (docs/cli.md) under PROGRESS; each level's
// position is a save (docs/save-format.md) under SAVES + the name the
// terminal gives its save file. A record the sim refuses is kept aside
// under its key + `.SUFFIX-N`, never deleted. Storage that is full or
// switched off never breaks the page: every call answers instead.

/** The key of the progress. */
export const PROGRESS = 'muscleman.progress';
/** The prefix of the key of each level's kept position. */
export const SAVES = 'muscleman.saves/';
/** The key of the rules the player chose. */
export const RULES = 'muscleman.rules';
/** The key of the mute switch. */
export const MUTE = 'muscleman.mute';

/**
 * Return the text kept under `key`, or null (none, or no storage).
 * @param {string} key
 * @returns {string | null}
 */
export function read(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Keep `text` under `key`; return why not, or null when it was kept.
 * @param {string} key
 * @param {string} text
 * @returns {string | null}
 */
export function write(key, text) {
  try {
    window.localStorage.setItem(key, text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Forget what is kept under `key`.
 * @param {string} key
 */
export function remove(key) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
}

/**
 * Keep the text under `key` aside, under the first free `key.SUFFIX-N`,
 * and forget it under `key`; return the key it is kept under now, or null
 * when it could not be kept aside (then it stays where it was).
 * @param {string} key
 * @param {string} suffix
 * @returns {string | null}
 */
export function keepAside(key, suffix) {
  const text = read(key);
  if (text === null) {
    return null;
  }
  for (let n = 1; n < 10000; n += 1) {
    const aside = `${key}.${suffix}-${n}`;
    if (read(aside) === null) {
      if (write(aside, text) !== null) {
        return null;
      }
      remove(key);
      return aside;
    }
  }
  return null;
}
