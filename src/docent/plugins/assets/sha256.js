/*
 * SHA-256 in plain JavaScript, for the proof of work (Docent).
 *
 * Web Crypto costs a promise and a thread hop per digest, which dominates for the short
 * inputs of a proof of work (salt + a number); this one hashes in place on 32-bit ints.
 * An ES module; the worker (worker.js) imports it, and the build links the two into docent/worker.js.
 *
 *   hex(string)                      -> lowercase hex digest of the UTF-8 bytes
 *   search(salt, challengeHex, from, to) -> the n in [from, to] whose
 *                                       sha256(salt + n) is challengeHex, else -1
 */
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
]);
const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const W = new Int32Array(64);

/* One 64-byte block: W[0..15] hold it as big-endian words; H (8 ints) is updated in place. */
function compress(H) {
  for (let i = 16; i < 64; i++) {
    const x = W[i - 15];
    const y = W[i - 2];
    W[i] = (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) +
           (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10)) +
           W[i - 7] + W[i - 16] | 0;
  }
  let a = H[0], b = H[1], c = H[2], d = H[3], e = H[4], f = H[5], g = H[6], h = H[7];
  for (let i = 0; i < 64; i++) {
    const t1 = h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
         ((e & f) ^ (~e & g)) + K[i] + W[i] | 0;
    const t2 = (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
         ((a & b) ^ (a & c) ^ (b & c)) | 0;
    h = g; g = f; f = e; e = d + t1 | 0;
    d = c; c = b; b = a; a = t1 + t2 | 0;
  }
  H[0] = H[0] + a | 0; H[1] = H[1] + b | 0; H[2] = H[2] + c | 0; H[3] = H[3] + d | 0;
  H[4] = H[4] + e | 0; H[5] = H[5] + f | 0; H[6] = H[6] + g | 0; H[7] = H[7] + h | 0;
}

function utf8(text) {
  if (typeof TextEncoder !== "undefined") return new TextEncoder().encode(text);
  const s = unescape(encodeURIComponent(text)), out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function loadBlock(bytes, offset) {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = (bytes[j] << 24) | (bytes[j + 1] << 16) | (bytes[j + 2] << 8) | bytes[j + 3];
  }
}

/* Hashes all whole blocks of bytes into H; returns where the unhashed tail starts. */
function absorb(H, bytes) {
  const whole = bytes.length - (bytes.length % 64);
  for (let off = 0; off < whole; off += 64) {
    loadBlock(bytes, off);
    compress(H);
  }
  return whole;
}

/* Pads tail (bytes after the whole blocks, length < 64 + digits) for a message of total bytes. */
function finish(H, buffer, used, total) {
  buffer[used] = 0x80;
  const blocks = used + 9 <= 64 ? 1 : 2;
  const end = blocks * 64;
  for (let i = used + 1; i < end - 8; i++) buffer[i] = 0;
  const bits = total * 8;
  const high = Math.floor(bits / 0x100000000);
  buffer[end - 8] = high >>> 24; buffer[end - 7] = (high >>> 16) & 255;
  buffer[end - 6] = (high >>> 8) & 255; buffer[end - 5] = high & 255;
  buffer[end - 4] = (bits >>> 24) & 255; buffer[end - 3] = (bits >>> 16) & 255;
  buffer[end - 2] = (bits >>> 8) & 255; buffer[end - 1] = bits & 255;
  loadBlock(buffer, 0);
  compress(H);
  if (blocks === 2) {
    loadBlock(buffer, 64);
    compress(H);
  }
}

function toHex(H) {
  let out = "";
  for (let i = 0; i < 8; i++) out += ("00000000" + (H[i] >>> 0).toString(16)).slice(-8);
  return out;
}

export function hex(text) {
  const bytes = typeof text === "string" ? utf8(text) : text;
  const H = new Int32Array(INITIAL);
  const start = absorb(H, bytes);
  const buffer = new Uint8Array(128);
  buffer.set(bytes.subarray(start));
  finish(H, buffer, bytes.length - start, bytes.length);
  return toHex(H);
}

/* Brute-forces the proof of work: the salt's whole blocks are hashed once (the midstate). */
export function search(salt, challengeHex, from, to) {
  const target = new Int32Array(8);
  for (let t = 0; t < 8; t++) target[t] = parseInt(challengeHex.substr(t * 8, 8), 16) | 0;
  const saltBytes = utf8(salt);
  const mid = new Int32Array(INITIAL);
  const start = absorb(mid, saltBytes);
  const tail = saltBytes.subarray(start);
  const buffer = new Uint8Array(128);
  const H = new Int32Array(8);
  const digits = new Uint8Array(20);
  for (let n = from; n <= to; n++) {
    buffer.set(tail);
    let used = tail.length, count = 0, v = n;
    do { digits[count++] = 48 + (v % 10); v = Math.floor(v / 10); } while (v > 0);
    while (count > 0) buffer[used++] = digits[--count];
    H.set(mid);
    finish(H, buffer, used, start + used);
    if (H[0] === target[0] && H[1] === target[1] && H[2] === target[2] && H[3] === target[3] &&
        H[4] === target[4] && H[5] === target[5] && H[6] === target[6] && H[7] === target[7]) {
      return n;
    }
  }
  return -1;
}
