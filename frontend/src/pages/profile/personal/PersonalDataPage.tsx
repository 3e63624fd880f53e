import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetProfileQuery } from '../../../api/profile';
import { CallErrorAlert } from '../../../forms/CallErrorAlert';
import { useDocumentTitle } from '../../../shell/useDocumentTitle';
import { ChangeEmailBlock } from './ChangeEmailBlock';
import { ContactDataForm } from './ContactDataForm';
import { VerifyEmailBlock } from './VerifyEmailBlock';

/** My data → personal data (§2): verify e-mail (only when needed), change e-mail, contact data. */
export default function PersonalDataPage() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('personal.title'));
  const { data: profile, error, isLoading } = useGetProfileQuery();
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h1">
        {t('personal.title')}
      </Typography>
      {isLoading && <Skeleton variant="rounded" height={240} />}
      {error && <CallErrorAlert error={error} message={t('personal.loadFailed')} />}
      {profile && (
        <>
          {(!profile.emailVerified || profile.emailUpdateRequest) && <VerifyEmailBlock profile={profile} />}
          <ChangeEmailBlock profile={profile} />
          <ContactDataForm profile={profile} />
        </>
      )}
    </Stack>
  );
}
