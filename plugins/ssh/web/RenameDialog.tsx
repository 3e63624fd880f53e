import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SubmissionErrors } from 'final-form';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { checkLabel } from '../shared/users.ts';
import { FormTextField, WriteButton } from '@portal/plugin-sdk/web';

interface Props {
  open: boolean;
  label: string;
  onSubmit: (label: string) => Promise<SubmissionErrors | undefined>;
  onClose: () => void;
}

/** Changes a key's label (its comment in authorized_keys). */
export function RenameDialog({ open, label, onSubmit, onClose }: Props) {
  const { t } = useTranslation('ssh');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="ssh-rename-title" fullWidth maxWidth="sm">
      <Form<{ label: string }>
        initialValues={{ label }}
        validate={(v) => {
          const p = checkLabel(v.label ?? '');
          return p ? { label: t(`errors.label_${p}`) } : {};
        }}
        onSubmit={(v) => onSubmit(v.label.trim())}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id="ssh-rename-title">{t('rename.title')}</DialogTitle>
            <DialogContent>
              <FormTextField
                name="label"
                label={t('rename.label')}
                required
                autoFocus
                sx={{ mt: 1 }}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('rename.cancel')}
              </Button>
              <WriteButton type="submit" variant="contained" disabled={submitting}>
                {t('rename.submit')}
              </WriteButton>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
