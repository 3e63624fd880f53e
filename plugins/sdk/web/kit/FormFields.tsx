import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { setIn, type SubmissionErrors } from 'final-form';
import type { ReactNode } from 'react';
import { Field } from 'react-final-form';
import { usePluginId } from '../runtime.tsx';

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & { name: string };

/** The element id of a field: `<pluginId>-<name>` (`cronjobs-schedule`, `nginx-serverNames-1`), so labels, helper texts and tests find it. */
export const fieldId = (prefix: string | undefined, name: string) => `${prefix ?? 'field'}-${name.replace(/[^A-Za-z0-9]+/g, '-')}`;

/**
 * A MUI text field bound to react-final-form. The client's error shows once the field was touched,
 * the server's (422 field errors through `useManagedHost().submitErrors`) until the field is changed.
 */
export function FormTextField({ name, helperText, ...rest }: FormTextFieldProps) {
  const pluginId = usePluginId();
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
            id={rest.id ?? fieldId(pluginId, name)}
            error={!!message}
            helperText={message || helperText}
            fullWidth={rest.fullWidth ?? true}
          />
        );
      }}
    </Field>
  );
}

/** An on/off switch bound to react-final-form (a boolean field), with its help text read out with it. */
export function FormSwitch({ name, label, helperText }: { name: string; label: ReactNode; helperText?: ReactNode }) {
  const id = fieldId(usePluginId(), name);
  return (
    <Field name={name} type="checkbox">
      {({ input }) => (
        <Box>
          <FormControlLabel control={<Switch {...input} id={id} aria-describedby={helperText ? `${id}-help` : undefined} />} label={label} />
          {helperText && (
            <FormHelperText id={`${id}-help`} sx={{ mt: 0 }}>
              {helperText}
            </FormHelperText>
          )}
        </Box>
      )}
    </Field>
  );
}

/** A select bound to react-final-form (a MUI text field with `select`). */
export function FormSelect({
  name,
  options,
  ...rest
}: FormTextFieldProps & { options: readonly { value: string | number; label: ReactNode }[] }) {
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
 * The server's field errors have flat paths (`serverNames.1`, `directives.0.value`); react-final-form
 * reads errors of array and nested fields from a nested object. Use on `submitErrors(...)`'s result.
 */
export function nestErrors(errors: SubmissionErrors | undefined): SubmissionErrors | undefined {
  if (!errors) return errors;
  return Object.entries(errors).reduce<object>((acc, [path, message]) => setIn(acc, path, message), {});
}
