import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** `WriteButton` in a read-only host: disabled, with the reason in a tooltip reachable by keyboard (own chunk: only the demo loads it). */
export default function ReadOnlyButton(props: ButtonProps) {
  const { t } = useTranslation('sdk');
  return (
    <Tooltip title={t('readOnly.hint')} describeChild>
      <Box component="span" tabIndex={0} data-testid="read-only-action" sx={{ display: 'inline-flex', borderRadius: 1, '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}>
        <Button {...props} disabled />
      </Box>
    </Tooltip>
  );
}
