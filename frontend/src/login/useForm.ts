import { useState, type FormEvent } from 'react';
import type { SubmitErrors } from './client';

/**
 * The little of react-final-form the sign-in forms use (issue 14: 10 KB less): client errors show once a
 * field was left or a submit was tried, server field errors until the field is edited, the form error until
 * the next submit. A submit with client errors moves the focus to the first field in error.
 */
export function useForm<K extends string>(initial: Record<K, string>, validate: (values: Record<K, string>) => Partial<Record<K, string>>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [server, setServer] = useState<SubmitErrors>({ fields: {} });
  const [submitting, setSubmitting] = useState(false);
  const errors = validate(values);

  const field = (name: K) => {
    const serverError = server.fields[name];
    const error = (touched[name] ? errors[name] : undefined) || serverError;
    return {
      name,
      value: values[name],
      error,
      serverError: !!serverError && error === serverError,
      onChange: (value: string) => {
        setValues((v) => ({ ...v, [name]: value }));
        if (serverError) setServer((s) => ({ ...s, fields: { ...s.fields, [name]: undefined } as Record<string, string> }));
      },
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    };
  };

  const handleSubmit = (submit: (values: Record<K, string>) => Promise<SubmitErrors | undefined>) => async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const names = Object.keys(values) as K[];
    setTouched(Object.fromEntries(names.map((n) => [n, true])) as Record<K, boolean>);
    const invalid = names.find((n) => errors[n]);
    if (invalid) {
      document.getElementById(`field-${invalid}`)?.focus();
      return;
    }
    setSubmitting(true);
    setServer({ fields: {} });
    try {
      setServer((await submit(values)) ?? { fields: {} });
    } finally {
      setSubmitting(false);
    }
  };

  return { values, field, handleSubmit, submitting, formError: server.form };
}
