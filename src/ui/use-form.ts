import { useCallback, useMemo, useState, type ChangeEvent, type FocusEvent, type SubmitEvent } from 'react';
import * as v from 'valibot';

type Values = Record<string, string>;

/** First message per field from a schema, keyed by field name. */
export function errorsFrom(schema: v.GenericSchema, values: unknown): Record<string, string> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? '';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A form driven by the same valibot schema the server uses. Errors show once a field is
 * touched (or after a submit attempt); `serverErrors` from a 400 are shown as they came.
 */
export function useForm<S extends v.GenericSchema>(schema: S, initial: Values, options: { transform?: (values: Values) => unknown } = {}) {
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const transform = options.transform;
  const clientErrors = useMemo(() => errorsFrom(schema, transform ? transform(values) : values), [schema, values, transform]);
  const errors = { ...clientErrors, ...serverErrors };
  const pristine = Object.keys(touched).length === 0;

  const onChange = useCallback((event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => ({ ...current, [name]: true }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  const onBlur = useCallback((event: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const { name } = event.target;
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
  }, []);

  /**
   * Wraps a submit handler: touches every field, stops when invalid, tracks `submitting`. `patch`
   * sends other values for some fields without keeping them (a Publish button's status), so a
   * refused submit leaves the form as it was.
   */
  const handleSubmit = (send: (input: v.InferOutput<S>) => Promise<void>, patch?: Values) => async (event?: SubmitEvent) => {
    event?.preventDefault();
    setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])));
    const sent = patch ? { ...values, ...patch } : values;
    const result = v.safeParse(schema, transform ? transform(sent) : sent);
    if (!result.success || submitting) return;
    setSubmitting(true);
    try {
      await send(result.output);
    } finally {
      setSubmitting(false);
    }
  };

  /** Props for one field; FormField shows `error` only once `touched`. */
  const field = (name: string) => ({
    id: name,
    name,
    value: values[name] ?? '',
    onChange,
    onBlur,
    error: errors[name],
    touched: Boolean(touched[name]),
  });

  return {
    values,
    setValues,
    errors,
    touched,
    pristine,
    valid: Object.keys(clientErrors).length === 0,
    submitting,
    field,
    handleSubmit,
    /** Marks a field touched that is not a native control (a rich-text editor): its error may show now. */
    touch: (name: string) => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    setServerErrors: (list: { field: string; message: string }[]) => setServerErrors(Object.fromEntries(list.map((e) => [e.field, e.message]))),
    reset: () => {
      setValues(initial);
      setTouched({});
      setServerErrors({});
    },
  };
}
