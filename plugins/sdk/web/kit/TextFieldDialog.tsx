import Button from '@mui/material/Button';
import { WriteButton } from './WriteButton.tsx';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SubmissionErrors } from 'final-form';
import { useId } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './FormFields.tsx';

export interface TextFieldDialogProps {
  open: boolean;
  title: string;
  /** The field's label; the field is called `name` (server errors on that field land under it). */
  label: string;
  name?: string;
  value: string;
  /** Label of the submitting button ("Save and apply"). */
  submit: string;
  maxLength?: number;
  /** A client-side check: the translated problem, or nothing. */
  check?: (value: string) => string | undefined;
  /** Gets the trimmed value; resolves with field errors (`host.submitErrors(e)`) or nothing when done. */
  onSubmit: (value: string) => Promise<SubmissionErrors | undefined>;
  onClose: () => void;
}

/** A dialog that changes one text (a label, a name): focus in the field, client and server errors under it, Cancel and submit. */
export function TextFieldDialog({
  open,
  title,
  label,
  name = 'value',
  value,
  submit,
  maxLength,
  check,
  onSubmit,
  onClose,
}: TextFieldDialogProps) {
  const { t } = useTranslation('sdk');
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <Form<Record<string, string>>
        initialValues={{ [name]: value }}
        validate={(v) => {
          const problem = check?.(v[name] ?? '');
          return problem ? { [name]: problem } : {};
        }}
        onSubmit={(v) => onSubmit((v[name] ?? '').trim())}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
            <DialogContent>
              <FormTextField name={name} label={label} required autoFocus sx={{ mt: 1 }} slotProps={{ htmlInput: { maxLength } }} />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('confirm.cancel')}
              </Button>
              <WriteButton type="submit" variant="contained" disabled={submitting}>
                {submit}
              </WriteButton>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
