// Sounds with Web Audio: each step's `sounds` (the names the wasm gives
// by muscleman-play's one table, the Godot adapter's too) played from the
// samples the wasm computes (`mm_sounds`: no sound files), with mute.
// The audio starts on the first sound after a key or tap, as browsers ask.

/** @typedef {import('./wasm.js').Step} Step */

export class Sounds {
  /**
   * @param {import('./wasm.js').Sim} sim
   * @param {boolean} muted
   */
  constructor(sim, muted) {
    this.sim = sim;
    this.muted = muted;
    /** @type {AudioContext | null} */
    this.context = null;
    /** @type {Map<string, AudioBuffer>} */
    this.buffers = new Map();
    /** Every sound asked for, played or muted (the tests read it). */
    /** @type {string[]} */
    this.heard = [];
  }

  /** Make the audio context and the sounds' buffers, once. */
  start() {
    if (this.context) {
      return this.context;
    }
    const { rate, sounds } = this.sim.sounds();
    const context = new AudioContext();
    for (const [name, samples] of Object.entries(sounds)) {
      const buffer = context.createBuffer(1, Math.max(1, samples.length), rate);
      const data = buffer.getChannelData(0);
      samples.forEach((/** @type {number} */ s, /** @type {number} */ i) => {
        data[i] = s / 32768;
      });
      this.buffers.set(name, buffer);
    }
    this.context = context;
    return context;
  }

  /**
   * Play the sounds the steps ask for, each once.
   * @param {Step[]} steps
   */
  play(steps) {
    const names = [...new Set(steps.flatMap((s) => s.sounds))];
    this.heard.push(...names);
    if (this.muted || names.length === 0) {
      return;
    }
    try {
      const context = this.start();
      for (const name of names) {
        const buffer = this.buffers.get(name);
        if (buffer) {
          const source = context.createBufferSource();
          source.buffer = buffer;
          source.connect(context.destination);
          source.start();
        }
      }
    } catch {
      // No audio here (none, or not allowed yet): the game goes on silent.
    }
  }
}
