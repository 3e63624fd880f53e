import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../forms/FormTextField';

/** A new password with a show/hide switch. */
export function PasswordField({ name, label, helperText, autoFocus }: { name: string; label: string; helperText?: string; autoFocus?: boolean }) {
  const { t } = useTranslation('invitations');
  const [show, setShow] = useState(false);
  return (
    <FormTextField
      name={name}
      type={show ? 'text' : 'password'}
      label={label}
      autoComplete="new-password"
      required
      autoFocus={autoFocus}
      helperText={helperText}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={() => setShow((s) => !s)} edge="end" aria-label={show ? t('form.hidePassword') : t('form.showPassword')}>
                {show ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
