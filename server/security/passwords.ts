import { hash, verify, type Options } from "@node-rs/argon2";
import { env } from "../config";

/**
 * Passwords (staff and customers) are argon2id hashes in the PHC string format ("$argon2id$v=19$m=19456,t=2,p=1$salt$hash"),
 * with the OWASP-recommended minimum cost by default (19 MiB of memory, 2 passes, 1 lane) and a random 16-byte
 * salt. The cost is a setting (ARGON2_MEMORY_KIB, ARGON2_TIME_COST: the tests set them low, a bigger server may
 * set them higher). The parameters travel inside each hash, so changing them keeps old hashes verifiable.
 * @node-rs/argon2 ships prebuilt binaries per platform (no install script, no compiler).
 */
const ARGON2ID = 2; // Algorithm.Argon2id: a const enum, which isolated modules cannot import
const options = (): Options => {
  const { ARGON2_MEMORY_KIB, ARGON2_TIME_COST } = env();
  return { algorithm: ARGON2ID as Options["algorithm"], memoryCost: ARGON2_MEMORY_KIB, timeCost: ARGON2_TIME_COST, parallelism: 1 };
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options());
}

/** False for a wrong password and for anything that is not a hash (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * A hash to verify against when the email is unknown, so that an unknown email costs the same time as a wrong
 * password (no telling which emails have an account by how long the answer takes).
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword("decoy password that matches nothing");
  return decoy;
}
