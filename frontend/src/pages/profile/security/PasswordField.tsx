import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../forms/FormTextField';

/** A password input bound to react-final-form, with a show/hide toggle. */
export function PasswordField({ name, autoComplete = 'current-password', ...rest }: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'type'> & { name: string }) {
  const { t } = useTranslation('security');
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...rest}
      name={name}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={() => setVisible((v) => !v)} edge="end" aria-label={visible ? t('password.hide') : t('password.show')}>
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
