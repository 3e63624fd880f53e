import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SubmissionErrors } from 'final-form';
import { useId } from 'react';
import { Form } from 'react-final-form';
import { useWebServer, useFamilyT, type FamilyT } from './context.tsx';
import { locationPathValid, passwordLength, realmPattern, userNamePattern } from '../shared/index.ts';
import type { Authentication, AuthenticationInput, Vhost } from './model.ts';
import { FormSelect, FormTextField, WriteButton } from '../../web/index.tsx';

interface Values {
  vhostId: number | '';
  path: string;
  realm: string;
  users: { name: string; password: string; stored: boolean }[];
}

export function validateAuthentication(v: Values, t: FamilyT) {
  const errors: Record<string, unknown> = {};
  if (!v.vhostId) errors.vhostId = t('validation.required');
  if (!v.path.trim()) errors.path = t('validation.required');
  else if (!locationPathValid(v.path.trim())) errors.path = t('errors.path_invalid');
  if (!v.realm.trim()) errors.realm = t('validation.required');
  else if (!realmPattern.test(v.realm.trim())) errors.realm = t('errors.realm_invalid');
  const names = v.users.map((u) => u.name.trim());
  const userErrors = v.users.map((u, i) => {
    const e: Record<string, string> = {};
    if (!names[i]) e.name = t('validation.required');
    else if (!userNamePattern.test(names[i])) e.name = t('errors.user_name_invalid');
    else if (names.indexOf(names[i]) !== i) e.name = t('errors.user_name_duplicate');
    if (!u.password && !u.stored) e.password = t('errors.password_required');
    else if (u.password && (u.password.length < passwordLength.min || u.password.length > passwordLength.max))
      e.password = t('errors.password_length');
    return Object.keys(e).length ? e : undefined;
  });
  if (userErrors.some(Boolean)) errors.users = userErrors;
  return errors;
}

interface Props {
  open: boolean;
  vhosts: Pick<Vhost, 'id' | 'serverNames'>[];
  authentication?: Authentication;
  vhostId?: number;
  onSubmit: (body: AuthenticationInput) => Promise<SubmissionErrors | undefined>;
  onClose: () => void;
}

/** Adds or changes basic authentication for a path: the realm browsers show and the users with their passwords. */
export function AuthenticationDialog({ open, vhosts, authentication, vhostId, onSubmit, onClose }: Props) {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  const id = useId();
  const initialValues: Values = authentication
    ? {
        vhostId: authentication.vhostId,
        path: authentication.path,
        realm: authentication.realm,
        users: authentication.users.map((u) => ({ name: u.name, password: '', stored: true })),
      }
    : {
        vhostId: vhostId ?? (vhosts.length === 1 ? vhosts[0].id : ''),
        path: '/',
        realm: '',
        users: [{ name: '', password: '', stored: false }],
      };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <Form<Values>
        initialValues={initialValues}
        validate={(v) => validateAuthentication(v, t)}
        onSubmit={(v) =>
          onSubmit({
            vhostId: Number(v.vhostId),
            path: v.path.trim(),
            realm: v.realm.trim(),
            users: v.users.map((u) => ({ name: u.name.trim(), ...(u.password ? { password: u.password } : {}) })),
          })
        }
      >
        {({ handleSubmit, submitting, submitError, values, form }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id={`${id}-title`}>
              {authentication ? t('authentications.editTitle') : t('authentications.createTitle')}
            </DialogTitle>
            <DialogContent>
              <Stack spacing={2.5} sx={{ pt: 1 }}>
                {submitError && (
                  <Alert severity="error" role="alert">
                    {submitError}
                  </Alert>
                )}
                <FormSelect
                  name="vhostId"
                  label={t('authentications.fields.vhost')}
                  required
                  options={vhosts.map((v) => ({ value: v.id, label: v.serverNames[0] }))}
                />
                <FormTextField
                  name="path"
                  label={t('authentications.fields.path')}
                  required
                  helperText={t('authentications.fields.pathHint')}
                  slotProps={{ htmlInput: { spellCheck: false } }}
                />
                <FormTextField
                  name="realm"
                  label={t('authentications.fields.realm')}
                  required
                  placeholder={t('authentications.fields.realmPlaceholder')}
                  helperText={t('authentications.fields.realmHint')}
                  autoFocus
                />
                <Typography variant="subtitle2" component="h3">
                  {t('authentications.fields.users')}
                </Typography>
                {values.users.map((u, i) => (
                  <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                    <FormTextField
                      name={`users[${i}].name`}
                      label={t('authentications.fields.userName')}
                      required
                      autoComplete="off"
                      slotProps={{ htmlInput: { spellCheck: false } }}
                    />
                    <FormTextField
                      name={`users[${i}].password`}
                      type="password"
                      autoComplete="new-password"
                      label={t('authentications.fields.password')}
                      required={!u.stored}
                      helperText={
                        u.stored
                          ? t('authentications.fields.passwordKeep')
                          : t('authentications.fields.passwordHint', { min: passwordLength.min })
                      }
                    />
                    <Tooltip title={t('authentications.removeUser')}>
                      <span>
                        <IconButton
                          aria-label={t('authentications.removeUserOf', { number: i + 1 })}
                          disabled={values.users.length === 1}
                          onClick={() =>
                            form.change(
                              'users',
                              values.users.filter((_, j) => j !== i),
                            )
                          }
                          sx={{ mt: { sm: 1 } }}
                        >
                          <RemoveIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Stack>
                ))}
                <Button
                  startIcon={<AddIcon />}
                  sx={{ alignSelf: 'flex-start' }}
                  disabled={values.users.length >= 50}
                  onClick={() => form.change('users', [...values.users, { name: '', password: '', stored: false }])}
                >
                  {t('authentications.addUser')}
                </Button>
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('actions.cancel')}
              </Button>
              <WriteButton type="submit" variant="contained" disabled={submitting}>
                {submitting ? t('actions.saving') : t('actions.save')}
              </WriteButton>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
