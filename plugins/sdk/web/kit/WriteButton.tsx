import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useReadOnly } from '../runtime.tsx';

/**
 * A button that changes something (save, delete, apply). In a read-only host (the public demo, issue 13)
 * it is disabled and explains why in a tooltip; the wrapper keeps the hint reachable by keyboard.
 * Everywhere else it is a plain MUI `Button`.
 */
export function WriteButton(props: ButtonProps) {
  const readOnly = useReadOnly();
  const { t } = useTranslation('sdk');
  if (!readOnly) return <Button {...props} />;
  return (
    <Tooltip title={t('readOnly.hint')} describeChild>
      <Box component="span" tabIndex={0} data-testid="read-only-action" sx={{ display: 'inline-flex', borderRadius: 1, '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}>
        <Button {...props} disabled />
      </Box>
    </Tooltip>
  );
}
