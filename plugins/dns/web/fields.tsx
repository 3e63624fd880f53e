import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
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
            id={rest.id ?? `dns-${name}`}
            error={!!message}
            helperText={message || helperText}
            fullWidth={rest.fullWidth ?? true}
          />
        );
      }}
    </Field>
  );
}

/** A select bound to react-final-form. */
export function FormSelect({ name, options, ...rest }: Props & { options: { value: string; label: string }[] }) {
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

/** An integer in a range, or a message key. */
export function intError(value: string | undefined, min: number, max: number, required: boolean): string | undefined {
  const v = (value ?? '').trim();
  if (!v) return required ? 'form.required' : undefined;
  if (!/^\d+$/.test(v)) return 'form.integer';
  const n = Number(v);
  return n < min || n > max ? 'form.range' : undefined;
}
