/**
 * A unique index refused the write: `index` (its name) when given, any otherwise. Both drivers'
 * errors carry PostgreSQL's code and constraint; drizzle wraps them as the cause of its own.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  return code === "23505" && (index === undefined || constraint === index);
}
