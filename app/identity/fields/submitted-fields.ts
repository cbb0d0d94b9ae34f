import type { FormEvent } from "react";

/** What a submit sends: the form's fields and the button that sent it (its intent), as a plain post would. */
export function submittedFields(event: FormEvent<HTMLFormElement>): FormData {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  return new FormData(event.currentTarget, submitter);
}
