// The hint's own thread: a second copy of the sim in a Web Worker, so the
// search never holds up the page. It is sent {id, save, positions},
// loads the save (the game as it is, undo history and all) and answers
// {id, hint} (the terminal's hint, docs/web.md `mm_hint`) or {id, error}.

import { Sim } from './wasm.js';

const ready = Sim.load('muscleman.wasm');
/** @type {any} */
const scope = self;

scope.onmessage = async (/** @type {MessageEvent} */ event) => {
  const { id, save, positions } = event.data;
  try {
    const sim = await ready;
    sim.loadSave(save);
    scope.postMessage({ id, hint: sim.hint(positions) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
