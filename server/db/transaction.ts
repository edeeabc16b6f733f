import type { Db } from "./client";

// Transactions that end with a typed answer: a refusal found halfway (out of stock, not found) must
// undo every write made before it, and the only way to make drizzle roll back is to throw. The
// answer is thrown inside an Error of its own and handed back by `answerOrCommit`, never past it.

export class RolledBack<A> extends Error {
  constructor(readonly answer: A) {
    super("transaction rolled back with an answer");
    this.name = "RolledBack";
  }
}

/** Runs `body` in one transaction; `rollback(answer)` undoes it and makes `answer` the result. */
export async function answerOrCommit<T, A>(db: Db, body: (tx: Db, rollback: (answer: A) => never) => Promise<T>): Promise<T | A> {
  const rollback = (answer: A): never => {
    throw new RolledBack(answer);
  };
  try {
    return await db.transaction((tx) => body(tx as unknown as Db, rollback));
  } catch (err) {
    if (err instanceof RolledBack) return err.answer as A;
    throw err;
  }
}

/** A unique index refused a row (SQLSTATE 23505), as the driver reports it or drizzle wraps it (in `cause`). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
};
