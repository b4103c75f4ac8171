import { randomFillSync } from "node:crypto";

const NONCE_BYTES = 16;
const POOL_NONCES = 256;

/**
 * A source of CSP nonces: 16 random bytes each, base64, as many as asked. The bytes are drawn from the system's
 * secure generator 4 KiB at a time (as Node's own randomUUID buffers its bytes), not 16 at a time: one draw per
 * document cost a menu page 2 % of its server time on this machine, where each draw is a system call. Each nonce
 * is used once; a pool is refilled before it can repeat a byte.
 */
export function nonceSource(fill: (buffer: Buffer) => void = randomFillSync): () => string {
  const pool = Buffer.alloc(NONCE_BYTES * POOL_NONCES);
  let next = POOL_NONCES;
  return () => {
    if (next === POOL_NONCES) {
      fill(pool);
      next = 0;
    }
    const start = next++ * NONCE_BYTES;
    return pool.toString("base64", start, start + NONCE_BYTES);
  };
}

/** This process's nonces (entry.server.tsx: one per document). */
export const newNonce = nonceSource();
