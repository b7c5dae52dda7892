import { useCallback, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';

type FieldValue = string | boolean;
type Values = Record<string, FieldValue>;

/**
 * Small form state over a zod schema. Schema messages are translation keys; the caller
 * translates them. Errors show after the first submit and then follow every change.
 */
export function useZodForm<V extends Values, Out>(schema: z.ZodType<Out, V>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const errorsOf = useCallback(
    (next: V) => {
      const result = schema.safeParse(next);
      const found: Partial<Record<keyof V, string>> = {};
      if (!result.success) {
        for (const issue of result.error.issues) {
          const key = issue.path[0] as keyof V | undefined;
          if (key !== undefined && found[key] === undefined) found[key] = issue.message;
        }
      }
      return { result, found };
    },
    [schema],
  );

  const setValue = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      setValues((previous) => {
        const next = { ...previous, [name]: value };
        if (submitted) setErrors(errorsOf(next).found);
        return next;
      });
    },
    [errorsOf, submitted],
  );

  /** Parsed values, or null after showing the errors and focusing the first invalid field. */
  const validate = useCallback((): Out | null => {
    setSubmitted(true);
    const { result, found } = errorsOf(values);
    setErrors(found);
    if (result.success) return result.data;
    const first = Object.keys(found)[0];
    if (first) document.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
    return null;
  }, [errorsOf, values]);

  /** Props for a text field bound to `name`. */
  const text = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.target.value as V[K]),
    error: Boolean(errors[name]),
  });

  return { values, errors, setValue, validate, text };
}
