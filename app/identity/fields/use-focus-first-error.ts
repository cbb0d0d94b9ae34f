import { useCallback, useEffect } from "react";

/** Each field's input id, in the order the fields are shown: the first invalid one in this order gets focus. */
export type FieldIds<F extends string> = Readonly<Record<F, string>>;

type Errors<F extends string> = Partial<Record<F, unknown>> | null | undefined;

/** The first field (in display order) that has an error, or null. */
export function firstInvalidField<F extends string>(ids: FieldIds<F>, errors: Errors<F>): F | null {
  if (!errors) return null;
  return (Object.keys(ids) as F[]).find((field) => errors[field]) ?? null;
}

function focusInput(id: string | undefined): void {
  if (id) document.getElementById(id)?.focus();
}

/**
 * Focus on the first error, the same way on all the identity forms: each time a new `errors` object arrives (an
 * action's answer), focus moves to its first invalid field, or to `fallback` when it names none. Screen reader users
 * land on the field whose error they must fix, and hear the error through the input's aria-describedby.
 *
 * Pass the answer's own errors object, not one rebuilt on every render: its identity is what says "new answer".
 * Returns the same focusing for errors found in the browser before a post (the form's own rule check).
 */
export function useFocusFirstError<F extends string>(ids: FieldIds<F>, errors: Errors<F>, fallback?: F | null) {
  useEffect(() => {
    if (!errors) return;
    const field = firstInvalidField(ids, errors) ?? fallback;
    if (field) focusInput(ids[field]);
  }, [ids, errors, fallback]);

  return useCallback(
    (found: Errors<F>) => {
      const field = firstInvalidField(ids, found);
      if (field) focusInput(ids[field]);
    },
    [ids],
  );
}
