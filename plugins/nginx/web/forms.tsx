import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { setIn, type SubmissionErrors } from 'final-form';
import type { ReactNode } from 'react';
import { Field } from 'react-final-form';

type Props = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & { name: string };

/** A MUI text field bound to react-final-form; client and server (submit) errors show under the field. */
export function FormTextField({ name, helperText, ...rest }: Props) {
  return (
    <Field name={name}>
      {({ input, meta }) => {
        const message = (meta.touched && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
        return (
          <TextField
            {...rest}
            {...input}
            id={rest.id ?? `nginx-${name.replace(/[^A-Za-z0-9]+/g, '-')}`}
            error={!!message}
            helperText={message || helperText}
            fullWidth={rest.fullWidth ?? true}
          />
        );
      }}
    </Field>
  );
}

/** A select bound to react-final-form (a MUI text field with `select`). */
export function FormSelect({ name, options, ...rest }: Props & { options: { value: string | number; label: ReactNode }[] }) {
  return (
    <FormTextField name={name} select {...rest}>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/**
 * The host's submission errors have the server's flat field paths (`serverNames.1`,
 * `directives.0.value`); react-final-form reads errors of array fields from a nested object.
 */
export function nestErrors(errors: SubmissionErrors | undefined): SubmissionErrors | undefined {
  if (!errors) return errors;
  return Object.entries(errors).reduce<object>((acc, [path, message]) => setIn(acc, path, message), {});
}
