import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { support, supportLinks } from '../ui/support';
import { client, isMaintenance, isTwoFactorChallenge, submitErrors, translateFieldMessage, type Me } from './client';
import { Field } from './Field';
import { languages, type Language, type Translator } from './i18n';
import { useForm } from './useForm';

const external = {
  knowledgeBase: 'https://www.example.com/knowledge-base',
  imprint: 'https://www.example.com/imprint',
  terms: 'https://www.example.com/terms',
  sla: 'https://www.example.com/sla',
  guidelines: 'https://www.example.com/guidelines',
} as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Notice {
  severity: 'success' | 'info' | 'warning';
  /** A translation key (shown in the current language) or a text. */
  key?: string;
  text?: string;
}

/**
 * The sign-in screen of the lean entry: the SPA's frame (skip link, top bar with the language switch,
 * footer) around the login card — e-mail and password, then the two-factor step — or the maintenance
 * notice. Looks like the SPA's `/a/login` (same theme, same MUI classes); see docs/decisions.md.
 */
export function LoginScreen({
  tr,
  onLanguage,
  maintenance,
  onRetryMaintenance,
  notice,
  onSignedIn,
  onMaintenance,
  loadTwoFactorTexts,
}: {
  tr: Translator;
  onLanguage: (language: Language) => void;
  maintenance: boolean;
  onRetryMaintenance: () => Promise<void>;
  notice?: Notice;
  onSignedIn: (me: Me) => void;
  onMaintenance: () => void;
  loadTwoFactorTexts: () => Promise<void>;
}) {
  const { t } = tr;
  const [challenge, setChallenge] = useState<{ id: string; email: string } | null>(null);
  const [restartNotice, setRestartNotice] = useState<Notice | undefined>(notice);
  const [email, setEmail] = useState('');
  const title = maintenance ? t('maintenance.title') : t('auth:login.title');
  useEffect(() => {
    document.title = `${title} – ${t('appName')}`;
  }, [title, t]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }} data-container="fluid">
      <Link href="#main" sx={{ position: 'absolute', left: -9999, '&:focus': { left: 16, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}>
        {t('skipToContent')}
      </Link>
      <AppBar position="sticky" color="primary" enableColorOnDark>
        <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          <Typography
            variant="h6"
            component="a"
            href="/a/"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, fontSize: { xs: '1.05rem', sm: '1.25rem' }, mr: { xs: 0.5, sm: 2 }, whiteSpace: 'nowrap' }}
          >
            {t('appName')}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={tr.language}
            aria-label={t('language.label')}
            onChange={(_, language: Language | null) => {
              if (language && language !== tr.language) onLanguage(language);
            }}
            sx={{
              '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.6)', px: { xs: 0.75, sm: 1.2 }, py: 0.3 },
              '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': { bgcolor: '#ffffff', color: '#0b3a6e', fontWeight: 700 },
            }}
          >
            {languages.map((l) => (
              <ToggleButton key={l} value={l} lang={l} aria-label={t('language.switchTo', { language: t(`language.${l}`) })}>
                {l.toUpperCase()}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" tabIndex={-1} maxWidth={false} sx={{ flexGrow: 1, py: 3, outline: 'none' }}>
        {maintenance ? (
          <Maintenance tr={tr} onRetry={onRetryMaintenance} />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, md: 8 } }}>
            <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}>
              <Typography variant="h1" gutterBottom>
                {t('auth:login.title')}
              </Typography>
              {challenge ? (
                <TwoFactorForm
                  tr={tr}
                  challenge={challenge.id}
                  onSignedIn={onSignedIn}
                  onMaintenance={onMaintenance}
                  onRestart={(message) => {
                    setRestartNotice(message ? { severity: 'warning', text: message } : undefined);
                    setChallenge(null);
                  }}
                />
              ) : (
                <>
                  <Typography color="text.secondary" sx={{ mb: 3 }}>
                    {t('auth:login.subtitle')}
                  </Typography>
                  <PasswordForm
                    tr={tr}
                    notice={restartNotice}
                    onSignedIn={onSignedIn}
                    onMaintenance={onMaintenance}
                    onChallenge={async (id, email) => {
                      await loadTwoFactorTexts();
                      setRestartNotice(undefined);
                      setEmail(email);
                      setChallenge({ id, email });
                    }}
                    initialEmail={email}
                  />
                </>
              )}
            </Paper>
          </Box>
        )}
      </Container>
      <Footer tr={tr} />
    </Box>
  );
}

function PasswordForm({
  tr,
  notice,
  initialEmail,
  onSignedIn,
  onChallenge,
  onMaintenance,
}: {
  tr: Translator;
  notice?: Notice;
  initialEmail: string;
  onSignedIn: (me: Me) => void;
  onChallenge: (challenge: string, email: string) => Promise<void>;
  onMaintenance: () => void;
}) {
  const { t } = tr;
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm({ email: initialEmail, password: '' }, (v) => ({
    email: !v.email.trim() ? t('errors:validationField.required') : !emailPattern.test(v.email.trim()) ? t('errors:validationField.format.email') : undefined,
    password: v.password ? undefined : t('errors:validationField.required'),
  }));
  return (
    <Stack
      component="form"
      // Sent before the script has started (or without one): never with the password in the address.
      method="post"
      noValidate
      spacing={2}
      aria-label={t('auth:login.title')}
      onSubmit={form.handleSubmit(async (values) => {
        const email = values.email.trim();
        const result = await client.login({ email, password: values.password });
        if (!result.ok) {
          if (isMaintenance(result)) return void onMaintenance();
          return submitErrors(tr, result);
        }
        if (isTwoFactorChallenge(result.data)) {
          await onChallenge(result.data.challenge, email);
          return undefined;
        }
        onSignedIn(result.data.user);
        return undefined;
      })}
    >
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === 'warning' ? 'alert' : 'status'}>
          {notice.key ? t(notice.key) : notice.text}
        </Alert>
      )}
      {form.formError && (
        <Alert severity="error" role="alert">
          {form.formError}
        </Alert>
      )}
      <Field {...form.field('email')} type="email" label={t('auth:login.email')} autoComplete="username" autoFocus={!initialEmail} />
      <Field
        {...form.field('password')}
        type={showPassword ? 'text' : 'password'}
        label={t('auth:login.password')}
        autoComplete="current-password"
        autoFocus={!!initialEmail}
        endAdornment={
          <InputAdornment position="end">
            <IconButton onClick={() => setShowPassword((s) => !s)} edge="end" aria-label={showPassword ? t('auth:login.hidePassword') : t('auth:login.showPassword')}>
              {showPassword ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      <Button type="submit" variant="contained" size="large" disabled={form.submitting}>
        {form.submitting ? t('auth:login.submitting') : t('auth:login.submit')}
      </Button>
      <Link
        href="/a/password/forgot"
        variant="body2"
        sx={{ alignSelf: 'center' }}
        // Keeps the focus where it is: a blur would show field errors above and move the link away mid-click.
        onMouseDown={(e) => e.preventDefault()}
      >
        {t('password:forgotLink')}
      </Link>
    </Stack>
  );
}

function TwoFactorForm({
  tr,
  challenge,
  onSignedIn,
  onRestart,
  onMaintenance,
}: {
  tr: Translator;
  challenge: string;
  onSignedIn: (me: Me) => void;
  onRestart: (message?: string) => void;
  onMaintenance: () => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  // A new form for each kind of code, as the SPA's `key={field}`.
  return <TwoFactorCodeForm key={String(useRecovery)} {...{ tr, challenge, onSignedIn, onRestart, onMaintenance, useRecovery, setUseRecovery }} />;
}

function TwoFactorCodeForm({
  tr,
  challenge,
  onSignedIn,
  onRestart,
  onMaintenance,
  useRecovery,
  setUseRecovery,
}: {
  tr: Translator;
  challenge: string;
  onSignedIn: (me: Me) => void;
  onRestart: (message?: string) => void;
  onMaintenance: () => void;
  useRecovery: boolean;
  setUseRecovery: (f: (r: boolean) => boolean) => void;
}) {
  const { t } = tr;
  const name = useRecovery ? 'recoveryCode' : 'code';
  const form = useForm({ [name]: '' } as Record<string, string>, (v) => {
    const value = v[name]?.trim() ?? '';
    if (!value) return { [name]: t('errors:validationField.required') };
    if (!useRecovery && !/^\d{6}$/.test(value.replace(/\s/g, ''))) return { code: t('security:login.codeFormat') };
    return {};
  });
  return (
    <Stack
      component="form"
      // Sent before the script has started (or without one): never with the password in the address.
      method="post"
      noValidate
      spacing={2}
      aria-label={t('security:login.title')}
      onSubmit={form.handleSubmit(async (values) => {
        const value = values[name].trim();
        const result = await client.completeTwoFactorLogin(useRecovery ? { challenge, recoveryCode: value } : { challenge, code: value.replace(/\s/g, '') });
        if (!result.ok) {
          if (isMaintenance(result)) return void onMaintenance();
          const expired = result.status === 422 ? result.error?.fields?.challenge?.[0] : undefined;
          if (expired) {
            onRestart(translateFieldMessage(tr, expired));
            return undefined;
          }
          return submitErrors(tr, result);
        }
        onSignedIn(result.data.user);
        return undefined;
      })}
    >
      <Typography variant="h2" component="h2">
        {t('security:login.title')}
      </Typography>
      <Typography color="text.secondary">{useRecovery ? t('security:login.recoveryText') : t('security:login.codeText')}</Typography>
      {form.formError && (
        <Alert severity="error" role="alert">
          {form.formError}
        </Alert>
      )}
      {useRecovery ? (
        <Field {...form.field(name)} label={t('security:login.recoveryCode')} autoComplete="off" autoFocus placeholder="xxxx-xxxx-xxxx-xxxx" />
      ) : (
        <Field {...form.field(name)} label={t('security:login.code')} autoComplete="one-time-code" autoFocus inputMode="numeric" maxLength={7} />
      )}
      <Button type="submit" variant="contained" size="large" disabled={form.submitting}>
        {form.submitting ? t('security:login.submitting') : t('security:login.submit')}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        {/* No focus change on press: the code field's blur must not shift the layout under the pointer. */}
        <Link component="button" type="button" variant="body2" onMouseDown={(e) => e.preventDefault()} onClick={() => setUseRecovery((r) => !r)}>
          {useRecovery ? t('security:login.useCode') : t('security:login.useRecoveryCode')}
        </Link>
        <Link component="button" type="button" variant="body2" onMouseDown={(e) => e.preventDefault()} onClick={() => onRestart()}>
          {t('security:login.back')}
        </Link>
      </Stack>
    </Stack>
  );
}

function Maintenance({ tr: { t }, onRetry }: { tr: Translator; onRetry: () => Promise<void> }) {
  const [checking, setChecking] = useState(false);
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" sx={{ my: 2 }}>
        {t('maintenance.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('maintenance.text')}
      </Typography>
      <Button
        variant="contained"
        disabled={checking}
        onClick={async () => {
          setChecking(true);
          await onRetry();
          setChecking(false);
        }}
      >
        {t('maintenance.retry')}
      </Button>
    </Box>
  );
}

function Footer({ tr: { t } }: { tr: Translator }) {
  const out = { target: '_blank', rel: 'noopener noreferrer' };
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3, mt: 6 }}>
      <Container maxWidth={false} sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="subtitle2" component="h2">
            {t('footer.support')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('footer.adviceHours')}
          </Typography>
          <Typography variant="body2">
            {t('footer.phone')}: <Link href={supportLinks.tel}>{support.phone}</Link> · {t('footer.email')}: <Link href={supportLinks.mailto}>{support.email}</Link>
          </Typography>
        </Box>
        <Stack component="nav" aria-label={t('footer.links')} direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Link href={external.knowledgeBase} {...out}>
            {t('footer.knowledgeBase')}
          </Link>
          <Link href={external.imprint} {...out}>
            {t('footer.imprint')}
          </Link>
          <Link href="/a/data-protection">{t('footer.dataProtection')}</Link>
          <Link href={external.terms} {...out}>
            {t('footer.terms')}
          </Link>
          <Link href={external.sla} {...out}>
            {t('footer.sla')}
          </Link>
          <Link href={external.guidelines} {...out}>
            {t('footer.guidelines')}
          </Link>
        </Stack>
      </Container>
    </Box>
  );
}
