// Touch and mouse on the board: a swipe moves one cell its way (a MOVES
// letter), a tap (a press that hardly moved) names the point tapped.
// Pointer events cover fingers, pens and mice alike; the board's CSS sets
// `touch-action: none`, so a swipe never scrolls the page.

/** The fewest CSS pixels a press must travel to be a swipe. */
export const SWIPE_PIXELS = 24;

/**
 * Return the MOVES letter of a swipe by (dx, dy) pixels, or null for a tap.
 * @param {number} dx
 * @param {number} dy
 * @returns {string | null}
 */
export function swipeLetter(dx, dy) {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_PIXELS) {
    return null;
  }
  if (Math.abs(dx) >= Math.abs(dy)) {
    return dx > 0 ? 'r' : 'l';
  }
  return dy > 0 ? 'd' : 'u';
}

/**
 * Call `on.swipe(letter)` for each swipe on `target` and `on.tap(x, y)`
 * (client pixels) for each tap.
 * @param {HTMLElement} target
 * @param {{swipe: (letter: string) => void, tap: (x: number, y: number) => void}} on
 */
export function gestures(target, on) {
  /** @type {{x: number, y: number, id: number} | null} */
  let start = null;
  target.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) {
      return;
    }
    start = { x: event.clientX, y: event.clientY, id: event.pointerId };
    target.focus();
  });
  target.addEventListener('pointerup', (event) => {
    if (!start || event.pointerId !== start.id) {
      return;
    }
    const letter = swipeLetter(event.clientX - start.x, event.clientY - start.y);
    start = null;
    if (letter) {
      on.swipe(letter);
    } else {
      on.tap(event.clientX, event.clientY);
    }
  });
  target.addEventListener('pointercancel', () => {
    start = null;
  });
}
