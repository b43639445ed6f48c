// The board on a canvas, drawn from the sim's view alone: every sprite by
// its declared appearance (a few kinds have art of their own, every other
// kind its glyph in its tint), in layer order, facing shown as a notch.

/** @typedef {import('./wasm.js').State} State */
/** @typedef {import('./wasm.js').Sprite} Sprite */

/** The plain text colour. */
const PLAIN = '#e8e6e3';

/** @type {Record<string, string>} The glyph colours by tint name. */
export const TINTS = {
  plain: PLAIN,
  red: '#e5534b',
  green: '#57ab5a',
  yellow: '#e0c341',
  blue: '#539bf5',
  magenta: '#c96bd8',
  cyan: '#39c5cf',
  brown: '#b07a45',
  grey: '#8b949e',
};

const FLOOR = '#2d333b';
const OUTSIDE = '#1c2128';

/**
 * Return the floor to draw: `look` if the level has it, else the player's.
 * @param {State} state
 * @param {number} look
 * @returns {number}
 */
export function shownFloor(state, look) {
  return state.floors.some((f) => f.number === look) ? look : state.floor;
}

/**
 * @typedef {object} Geometry Where the board was drawn: the floor shown,
 *   the size of a cell in pixels, and the level cell of the top left corner.
 * @property {number} floor
 * @property {number} size
 * @property {number} x0
 * @property {number} y0
 */

/**
 * @typedef {object} Motion A move being animated: the state before it,
 *   and how far along it is (0 to 1).
 * @property {State} from
 * @property {number} t
 */

/**
 * Draw `state`'s floor `look` (the player's when it has none) on `canvas`,
 * sized to fit `maxWidth` by `maxHeight` pixels. With `motion`, each
 * sprite that was on the same floor in the state before is drawn part
 * way from where that state had it (the sim's two views, nothing
 * derived); `marks` outlines cells (a box picked to push, a hint's way).
 * Return where it drew, or null for nothing to draw.
 * @param {HTMLCanvasElement} canvas
 * @param {State} state
 * @param {number} look
 * @param {number} maxWidth
 * @param {number} maxHeight
 * @param {Motion | null} [motion]
 * @param {Array<[number, number]>} [marks]
 * @returns {Geometry | null}
 */
export function draw(canvas, state, look, maxWidth, maxHeight, motion = null, marks = []) {
  const number = shownFloor(state, look);
  const floor = state.floors.find((f) => f.number === number);
  const ctx = canvas.getContext('2d');
  if (!floor || !floor.bounds || !ctx) {
    return null;
  }
  const [x0, y0, x1, y1] = floor.bounds;
  const cols = x1 - x0 + 1;
  const rows = y1 - y0 + 1;
  const size = Math.max(8, Math.min(48, Math.floor(Math.min(maxWidth / cols, maxHeight / rows))));
  if (canvas.width !== cols * size || canvas.height !== rows * size) {
    canvas.width = cols * size;
    canvas.height = rows * size;
  }
  ctx.fillStyle = OUTSIDE;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = FLOOR;
  for (const [x, y] of floor.inside) {
    ctx.fillRect((x - x0) * size, (y - y0) * size, size, size);
  }
  /** @type {Map<string, Sprite>} */
  const before = new Map();
  if (motion) {
    for (const p of motion.from.sprites) {
      before.set(`${p.entity.id}:${p.entity.generation}`, p);
    }
  }
  const t = motion ? Math.min(1, Math.max(0, motion.t)) : 1;
  const sprites = state.sprites
    .filter((s) => s.floor === number)
    .sort((a, b) => a.layer - b.layer);
  for (const s of sprites) {
    const p = before.get(`${s.entity.id}:${s.entity.generation}`);
    const from = p && p.floor === s.floor ? p : s;
    const x = from.x + (s.x - from.x) * t;
    const y = from.y + (s.y - from.y) * t;
    drawSprite(ctx, s, (x - x0) * size, (y - y0) * size, size);
  }
  ctx.strokeStyle = TINTS.yellow ?? PLAIN;
  ctx.lineWidth = Math.max(2, size / 12);
  for (const [x, y] of marks) {
    ctx.strokeRect((x - x0) * size + 1, (y - y0) * size + 1, size - 2, size - 2);
  }
  return { floor: number, size, x0, y0 };
}

/**
 * Return the level cell under a point of the canvas (client pixels), on
 * the floor `geometry` says was drawn.
 * @param {HTMLCanvasElement} canvas
 * @param {Geometry} geometry
 * @param {number} clientX
 * @param {number} clientY
 * @returns {[number, number]}
 */
export function cellAt(canvas, geometry, clientX, clientY) {
  const box = canvas.getBoundingClientRect();
  const scale = box.width > 0 ? canvas.width / box.width : 1;
  const px = (clientX - box.left) * scale;
  const py = (clientY - box.top) * scale;
  return [geometry.x0 + Math.floor(px / geometry.size), geometry.y0 + Math.floor(py / geometry.size)];
}

/**
 * Draw one sprite in the cell whose corner is (`px`, `py`).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Sprite} s
 * @param {number} px
 * @param {number} py
 * @param {number} size
 */
function drawSprite(ctx, s, px, py, size) {
  const colour = TINTS[s.tint] ?? PLAIN;
  const pad = Math.round(size * 0.1);
  const cx = px + size / 2;
  const cy = py + size / 2;
  switch (s.kind) {
    case 'wall':
      ctx.fillStyle = '#545d68';
      ctx.fillRect(px, py, size, size);
      ctx.strokeStyle = '#3d444d';
      ctx.strokeRect(px + 0.5, py + 0.5, size - 1, size - 1);
      break;
    case 'water':
      ctx.fillStyle = '#1f4f7a';
      ctx.fillRect(px, py, size, size);
      break;
    case 'goal':
      ctx.strokeStyle = colour;
      ctx.lineWidth = Math.max(1, size / 12);
      ctx.beginPath();
      ctx.arc(cx, cy, size * 0.22, 0, Math.PI * 2);
      ctx.stroke();
      break;
    case 'box':
    case 'heavy_box':
      ctx.fillStyle = s.on_goal ? '#57ab5a' : colour;
      ctx.fillRect(px + pad, py + pad, size - 2 * pad, size - 2 * pad);
      ctx.strokeStyle = '#1c2128';
      ctx.lineWidth = Math.max(1, size / 16);
      ctx.strokeRect(px + pad, py + pad, size - 2 * pad, size - 2 * pad);
      if (s.kind === 'heavy_box') {
        glyph(ctx, '&', '#1c2128', cx, cy, size);
      }
      break;
    case 'player':
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.arc(cx, cy, size * 0.34, 0, Math.PI * 2);
      ctx.fill();
      break;
    default:
      glyph(ctx, s.glyph, colour, cx, cy, size);
  }
  if (s.state && s.kind !== 'player') {
    ctx.fillStyle = colour;
    ctx.font = `${Math.max(6, Math.round(size / 5))}px sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(s.state, px + 1, py + 1);
  }
  if (s.contents.length > 0) {
    ctx.fillStyle = '#e8e6e3';
    for (let i = 0; i < s.contents.length; i += 1) {
      ctx.fillRect(px + pad + i * (size / 8), py + size - pad - size / 10, size / 10, size / 10);
    }
  }
  if (s.facing) {
    notch(ctx, s.facing, s.kind === 'player' ? '#1c2128' : colour, cx, cy, size);
  }
}

/**
 * Draw `text` centred in a cell.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} text
 * @param {string} colour
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 */
function glyph(ctx, text, colour, cx, cy, size) {
  ctx.fillStyle = colour;
  ctx.font = `bold ${Math.round(size * 0.7)}px monospace`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy);
}

/** @type {Record<string, [number, number]>} */
const OFFSETS = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] };

/**
 * Draw a small triangle on the side a sprite faces.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} facing
 * @param {string} colour
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 */
function notch(ctx, facing, colour, cx, cy, size) {
  const [dx, dy] = OFFSETS[facing] ?? [0, 0];
  const tip = size * 0.46;
  const base = size * 0.3;
  const half = size * 0.12;
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(cx + dx * tip, cy + dy * tip);
  ctx.lineTo(cx + dx * base - dy * half, cy + dy * base + dx * half);
  ctx.lineTo(cx + dx * base + dy * half, cy + dy * base - dx * half);
  ctx.closePath();
  ctx.fill();
}
