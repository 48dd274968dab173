import { useState } from 'react';
import type { FormEvent } from 'react';
import { readApiError } from '@platform/store';
import { specificErrorMessage } from './errorMessage';

/** A message per field that is wrong. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormSubmitOptions<F extends string, T> {
  /** The checks the server makes too, made before anything is sent: a message per field found wrong. */
  validate: () => FieldErrors<F>;
  /** Sends the form: resolves with the answer, rejects with the failed call. */
  send: () => Promise<T>;
  /** What follows an accepted form (a toast, closing the dialog). */
  onSent: (answer: T) => void;
  /** The field a refusal's code is about, said beside it; any other refusal is the form's `problem`. */
  fieldOf?: (code: string) => NoInfer<F> | undefined;
  /** The form's own sentence for a failure that tells nothing more than that it failed. */
  fallback: string;
  /** A submit while the last one is being sent does nothing. */
  busy: boolean;
}

/**
 * A form's submit: the checks first (their messages beside their fields, nothing sent), then the call; a
 * refusal is said beside the field its code is about, or else as the form's `problem`, in the chosen
 * language. `errors` is a new object after every refused submit (DialogForm focuses the first).
 */
export function useFormSubmit<F extends string, T>({
  validate,
  send,
  onSent,
  fieldOf,
  fallback,
  busy,
}: FormSubmitOptions<F, T>) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const found = validate();
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    let answer: T;
    try {
      answer = await send();
    } catch (error) {
      const failure = readApiError(error);
      const message = specificErrorMessage(failure) ?? fallback;
      const field = fieldOf?.(failure.code);
      if (field) setErrors({ [field]: message } as FieldErrors<F>);
      else setProblem(message);
      return;
    }
    onSent(answer);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void submit();
  };

  return { errors, problem, onSubmit };
}
