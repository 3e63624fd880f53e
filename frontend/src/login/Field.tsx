import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { HTMLAttributes, ReactNode } from 'react';

/**
 * An outlined text field that looks like MUI's `TextField` (same classes and theme) without it: TextField
 * always brings Select, Menu, Popover and Modal along (~13 KB gzipped), which a sign-in form never shows.
 * `serverError`: the message came from the server after a submit and is announced at once (role="alert").
 */
export function Field({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  serverError,
  type = 'text',
  autoComplete,
  autoFocus,
  placeholder,
  inputMode,
  maxLength,
  endAdornment,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  serverError?: boolean;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  endAdornment?: ReactNode;
}) {
  const id = `field-${name}`;
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth required error={!!error} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        endAdornment={endAdornment}
        inputProps={{ inputMode, maxLength, 'aria-describedby': error ? helperId : undefined }}
      />
      {error && (
        <FormHelperText id={helperId} role={serverError ? 'alert' : undefined}>
          {error}
        </FormHelperText>
      )}
    </FormControl>
  );
}
