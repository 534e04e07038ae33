// State hashes: a fast 53-bit hash (cyrb53) of the state's JSON, run twice with different seeds for 106 bits.

/** cyrb53 of `str` with seeds 0 and 0x9e3779b9 in one pass (the two runs are independent). */
export function hashString(str: string): string {
  let a1 = 0xdeadbeef, a2 = 0x41c6ce57;
  let b1 = 0xdeadbeef ^ 0x9e3779b9, b2 = 0x41c6ce57 ^ 0x9e3779b9;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    a1 = Math.imul(a1 ^ ch, 2654435761);
    a2 = Math.imul(a2 ^ ch, 1597334677);
    b1 = Math.imul(b1 ^ ch, 2654435761);
    b2 = Math.imul(b2 ^ ch, 1597334677);
  }
  return hex53(a1, a2) + hex53(b1, b2);
}

function hex53(h1: number, h2: number): string {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** Hash of a JSON value. Key order is insertion order, which deterministic rules code reproduces exactly. */
export function stateHash(state: unknown): string {
  return hashString(JSON.stringify(state));
}
