/**
 * The code of a database error: PostgreSQL's SQLSTATE, or the driver's own (ECONNREFUSED).
 * drizzle wraps the driver's error as the cause of its own.
 */
export function errorCodeOf(error: unknown): string | undefined {
  return (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
}

/**
 * A unique index refused the write: `index` (its name) when given, any otherwise. Both drivers'
 * errors carry PostgreSQL's code and constraint.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (
    errorCodeOf(error) === "23505" &&
    (index === undefined || (cause as { constraint?: string }).constraint === index)
  );
}
