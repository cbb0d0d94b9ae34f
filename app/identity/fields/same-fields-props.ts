/**
 * Whether two sets of props show the same thing: equal by reference, except plain objects (a form's typed `values`,
 * rebuilt on every render of the form) which are equal when their own values are (one level deep).
 */
export function sameFieldsProps<P extends object>(before: P, after: P): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const a = (before as Record<string, unknown>)[key];
    const b = (after as Record<string, unknown>)[key];
    if (Object.is(a, b)) continue;
    if (!isPlainObject(a) || !isPlainObject(b)) return false;
    const inner = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const name of inner) if (!Object.is(a[name], b[name])) return false;
  }
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
