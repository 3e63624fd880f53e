import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Field } from 'react-final-form';

type Props = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & { name: string };

/** A MUI text field bound to react-final-form; shows client and server (submit) errors under the field. */
export function FormTextField({ name, helperText, ...rest }: Props) {
  return (
    <Field name={name}>
      {({ input, meta }) => {
        const serverError = !meta.dirtySinceLastSubmit && meta.submitError;
        const message = (meta.touched && meta.error) || serverError;
        return (
          <TextField
            {...rest}
            {...input}
            // An error the server answered after a submit is announced to screen readers at once (issue 15);
            // client errors show on leaving a field and are read with it (aria-describedby).
            slotProps={{
              ...rest.slotProps,
              formHelperText: { ...rest.slotProps?.formHelperText, ...(serverError && message === serverError ? { role: 'alert' } : {}) },
            }}
            id={rest.id ?? `field-${name}`}
            error={!!message}
            helperText={message || helperText}
            fullWidth={rest.fullWidth ?? true}
          />
        );
      }}
    </Field>
  );
}
