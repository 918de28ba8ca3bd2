import { hash, verify } from "@node-rs/argon2";

// OWASP ASVS 5.0 / Password Storage Cheat Sheet: argon2id, m=47104 KiB (46 MiB), t=1, p=1.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 47104, timeCost: 1, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
