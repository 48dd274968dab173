import { useCallback, useMemo, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { Errors } from './validation';

type Control = HTMLInputElement | HTMLSelectElement;

/**
 * The one form approach of this remote: controlled values, a pure validation function, and errors shown
 * for a field once it was left (blur) or the form was submitted, the way the SPEC's messages appear.
 */
export function useForm<F extends string>(options: {
  fields: readonly F[];
  initial: Record<F, string>;
  validate: (values: Record<F, string>) => Errors<F>;
  /** Shows a rule's message in the chosen language (the rules answer in the SPEC's English). */
  describe?: (message: string) => string;
}) {
  const { fields, initial, validate, describe = (message: string) => message } = options;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const refs = useRef(new Map<F, Control>());

  const errors = useMemo(() => validate(values), [validate, values]);
  // A rule's message waits until the field was left or the form submitted.
  const visibleError = (field: F): string | undefined => {
    const error = submitted || touched[field] ? errors[field] : undefined;
    return error === undefined ? undefined : describe(error);
  };

  const bind = (field: F) => ({
    name: field,
    value: values[field],
    error: visibleError(field),
    ref: (element: Control | null) => {
      if (element) refs.current.set(field, element);
      else refs.current.delete(field);
    },
    onChange: (event: ChangeEvent<Control>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
    },
    onBlur: () => setTouched((current) => (current[field] ? current : { ...current, [field]: true })),
  });

  /**
   * `moreErrors` are what the rules cannot know alone (the live email availability check).
   * Marks the form submitted (every error shows) and answers whether it may be sent; when it may not,
   * focus goes to the first invalid field in the form's order, whose message is then read out.
   */
  const checkBeforeSubmit = useCallback(
    (moreErrors: Errors<F> = {}): boolean => {
      setSubmitted(true);
      const all = { ...errors, ...stripEmpty(moreErrors) };
      const first = fields.find((field) => all[field]);
      if (first === undefined) return true;
      refs.current.get(first)?.focus();
      return false;
    },
    [errors, fields],
  );

  const focusField = useCallback((field: F) => refs.current.get(field)?.focus(), []);

  return { values, errors, bind, checkBeforeSubmit, focusField, visibleError };
}

function stripEmpty<F extends string>(errors: Errors<F> | undefined): Errors<F> {
  const out: Errors<F> = {};
  for (const [key, value] of Object.entries(errors ?? {}) as [F, string | undefined][]) {
    if (value) out[key] = value;
  }
  return out;
}
