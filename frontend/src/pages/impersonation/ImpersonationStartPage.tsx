import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ResponseOf } from '@portal/openapi';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../forms/FormTextField';
import { submitErrors } from '../../forms/submitErrors';
import { PageLoading } from '../../shell/PageLoading';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { useAppDispatch } from '../../store';
import { notifySuccess } from '../../ui/notify';
import NotFoundPage from '../NotFoundPage';
import { useCreateImpersonationLinkMutation, useGetImpersonationQuery } from './impersonationApi';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

type Link = ResponseOf<'createImpersonationLink'>;

/** `/impersonation` (staff only, else "page not found"): a staff member asks for the challenge link to act as a user. */
export default function ImpersonationStartPage() {
  const { t } = useTranslation(['impersonation', 'errors']);
  useDocumentTitle(t('start.title'));
  const { data: state, isLoading } = useGetImpersonationQuery();
  const [create] = useCreateImpersonationLinkMutation();
  const [link, setLink] = useState<Link | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  if (isLoading) return <PageLoading />;
  if (!state?.canImpersonate) return <NotFoundPage />;
  const url = link ? `${window.location.origin}${link.path}` : '';
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h1" gutterBottom>
        {t('start.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('start.text')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Form<{ email: string }>
          initialValues={{ email: '' }}
          validate={(v) => {
            if (!v.email?.trim()) return { email: t('errors:validationField.required') };
            if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) return { email: t('errors:validationField.format.email') };
            return {};
          }}
          onSubmit={async ({ email }) => {
            setLink(null);
            const result = await create({ email: email.trim() });
            if ('error' in result) return submitErrors(result.error);
            setLink(result.data);
            return undefined;
          }}
        >
          {({ handleSubmit, submitting, submitError }) => (
            <Stack component="form" onSubmit={handleSubmit} noValidate spacing={2} aria-label={t('start.title')}>
              {submitError && (
                <Alert severity="error" role="alert">
                  {submitError}
                </Alert>
              )}
              <FormTextField name="email" type="email" label={t('start.email')} required autoFocus />
              <Box>
                <Button type="submit" variant="contained" disabled={submitting}>
                  {t('start.submit')}
                </Button>
              </Box>
            </Stack>
          )}
        </Form>
        {link && (
          <Stack spacing={2} sx={{ mt: 3 }} data-testid="impersonation-link">
            <Alert severity="info">
              {t('start.linkReady', {
                name: `${link.user.firstname} ${link.user.surname}`,
                email: link.user.email,
                time: new Date(link.expiresAt).toLocaleTimeString(undefined, { timeZone: userTimeZone(), hour: '2-digit', minute: '2-digit' }),
              })}
            </Alert>
            <TextField
              label={t('start.link')}
              value={url}
              fullWidth
              slotProps={{
                htmlInput: { readOnly: true },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={t('start.copy')}
                        onClick={() =>
                          void navigator.clipboard
                            ?.writeText(url)
                            .then(() => dispatch(notifySuccess('impersonation:start.copied')))
                            .catch(() => undefined)
                        }
                      >
                        <ContentCopyIcon />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Box>
              <Button variant="contained" color="warning" onClick={() => navigate(link.path.replace(/^\/a/, ''))}>
                {t('start.open')}
              </Button>
            </Box>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
