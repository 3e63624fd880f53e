import Stack from '@mui/material/Stack';
import { FormActions, FormError, FormTextField } from '@portal/plugin-sdk/web';
import type { SubmissionErrors } from 'final-form';
import { Form } from 'react-final-form';
import { useT } from '../generated/i18n.ts';

export interface ItemValues {
  name: string;
  value: string;
}

interface Props {
  onSubmit: (values: ItemValues) => Promise<SubmissionErrors | undefined>;
  onCancel: () => void;
}

// The same rules as the server's (server/rules.ts); the server checks again and answers 422 with the fields.
const namePattern = /^[a-z][a-z0-9_]{0,63}$/;
const valuePattern = /^[A-Za-z0-9 ._/:@+-]{1,255}$/;

/** Create an entry: name and value, client checks once touched, the server's field errors until changed. */
export function ItemForm({ onSubmit, onCancel }: Props) {
  const { t } = useT();
  const validate = (v: Partial<ItemValues>) => ({
    name: namePattern.test(v.name ?? '') ? undefined : t('errors.name_format'),
    value: valuePattern.test(v.value ?? '') && (v.value ?? '').trim() === v.value ? undefined : t('errors.value_format'),
  });
  return (
    <Form<ItemValues> initialValues={{ name: '', value: '' }} validate={validate} onSubmit={onSubmit}>
      {({ handleSubmit, submitting, submitError }) => (
        <Stack component="form" onSubmit={handleSubmit} noValidate spacing={3} aria-label={t('form.title')} sx={{ maxWidth: 640 }}>
          <FormError error={submitError} />
          <FormTextField name="name" label={t('form.name')} helperText={t('form.nameHelp')} required slotProps={{ htmlInput: { maxLength: 64 } }} />
          <FormTextField name="value" label={t('form.value')} helperText={t('form.valueHelp')} required slotProps={{ htmlInput: { maxLength: 255 } }} />
          <FormActions submitting={submitting} submit={t('form.submit')} onCancel={onCancel} />
        </Stack>
      )}
    </Form>
  );
}
