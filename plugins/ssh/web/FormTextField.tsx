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
            id={rest.id ?? `ssh-${name}`}
            error={!!message}
            helperText={message || helperText}
            fullWidth={rest.fullWidth ?? true}
          />
        );
      }}
    </Field>
  );
}
