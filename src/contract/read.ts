/**
 * How the parsers of the wire read data from the other side: own properties only, so a
 * `__proto__` key is data, never a prototype, and nothing comes from `Object.prototype`.
 */

/** True for a plain object: not null, not an array. */
export function isRecord(data: unknown): data is object {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

/** The value of `data`'s own property `key`; undefined when it has none. */
export function field(data: object, key: string): unknown {
  return Object.hasOwn(data, key) ? (data as Record<string, unknown>)[key] : undefined;
}

/**
 * Why a call was refused: the `details.reason` of the error the SDK threw, when it is one of
 * `reasons`; null for any other error.
 */
export function refusalOf<R extends string>(error: unknown, reasons: readonly R[]): R | null {
  const details = isRecord(error) ? field(error, 'details') : undefined;
  const reason = isRecord(details) ? field(details, 'reason') : undefined;
  return (reasons as readonly unknown[]).includes(reason) ? (reason as R) : null;
}
