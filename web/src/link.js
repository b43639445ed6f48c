// A level shared as a link: its text, deflated (CompressionStream's
// deflate-raw) and written in base64url, in the URL's fragment
// (`#level=...`), which the browser never sends to a server. A link past
// MAX_LINK_CHARS is refused with a clear message; a hostile or broken
// link (not base64url, not deflate, more than MAX_LEVEL_BYTES once
// inflated, not UTF-8) is a LinkError, read no further.

/** The fragment's key: `#level=...`. */
export const KEY = 'level=';
/** The most characters of a link's level (the fragment after `#level=`). */
export const MAX_LINK_CHARS = 8000;
/** The most bytes a link's level may inflate to. */
export const MAX_LEVEL_BYTES = 256 * 1024;

/** A link that cannot be made or read: why, in words. */
export class LinkError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'LinkError';
  }
}

/**
 * Return the bytes of a stream, refusing more than `cap`.
 * @param {ReadableStream<Uint8Array>} stream
 * @param {number} cap
 * @param {string} tooMany what to say past the cap
 * @returns {Promise<Uint8Array>}
 */
async function collect(stream, cap, tooMany) {
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    total += value.length;
    if (total > cap) {
      await reader.cancel();
      throw new LinkError(tooMany);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Return the fragment that shares `text` (`level=...`).
 * @param {string} text the level's text
 * @returns {Promise<string>}
 */
export async function encode(text) {
  const bytes = new TextEncoder().encode(text);
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const packed = await collect(stream, Number.MAX_SAFE_INTEGER, '');
  let binary = '';
  for (const b of packed) {
    binary += String.fromCharCode(b);
  }
  const code = btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  if (code.length > MAX_LINK_CHARS) {
    throw new LinkError(
      `the level is too large to share as a link: ${code.length} characters compressed, ` +
        `and a link holds at most ${MAX_LINK_CHARS}; share its file instead`,
    );
  }
  return KEY + code;
}

/**
 * Return the level text a fragment (`level=...`, without `#`) carries, or
 * null when it carries none.
 * @param {string} fragment
 * @returns {Promise<string | null>}
 */
export async function decode(fragment) {
  if (!fragment.startsWith(KEY)) {
    return null;
  }
  const code = fragment.slice(KEY.length);
  if (code.length > MAX_LINK_CHARS) {
    throw new LinkError(
      `the link is too long: its level is ${code.length} characters, and a link holds at most ${MAX_LINK_CHARS}`,
    );
  }
  if (!/^[A-Za-z0-9_-]*$/.test(code) || code.length % 4 === 1) {
    throw new LinkError('the link is broken: its level is not base64url text (A-Z a-z 0-9 - _)');
  }
  if (code.length === 0) {
    throw new LinkError('the link is broken: it carries no level');
  }
  const binary = atob(code.replaceAll('-', '+').replaceAll('_', '/'));
  const packed = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  let bytes;
  try {
    bytes = await collect(
      stream,
      MAX_LEVEL_BYTES,
      `the link's level is larger than ${MAX_LEVEL_BYTES} bytes once unpacked: not read`,
    );
  } catch (error) {
    if (error instanceof LinkError) {
      throw error;
    }
    throw new LinkError('the link is broken: its level does not unpack (not deflate data, or cut short)');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LinkError('the link is broken: its level is not UTF-8 text');
  }
}
