import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { support } from '../ui/notify';

const external = {
  knowledgeBase: 'https://www.example.com/knowledge-base',
  imprint: 'https://www.example.com/imprint',
  terms: 'https://www.example.com/terms',
  sla: 'https://www.example.com/sla',
  guidelines: 'https://www.example.com/guidelines',
} as const;

/** Footer on every page (§1): support contact with advice hours, and the legal and help links. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3, mt: 6 }}>
      <Container maxWidth={false} sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, justifyContent: 'space-between' }}>
        <Box>
          {/* A second-level heading: after the page's h1 (and its sections) no level is skipped (issue 15). */}
          <Typography variant="subtitle2" component="h2">
            {t('footer.support')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('footer.adviceHours')}
          </Typography>
          <Typography variant="body2">
            {t('footer.phone')}: <Link href={`tel:${support.phone.replace(/[^+\d]/g, '')}`}>{support.phone}</Link> · {t('footer.email')}:{' '}
            <Link href={`mailto:${support.email}`}>{support.email}</Link>
          </Typography>
        </Box>
        <Stack
          component="nav"
          aria-label={t('footer.links')}
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Link href={external.knowledgeBase} target="_blank" rel="noopener noreferrer">
            {t('footer.knowledgeBase')}
          </Link>
          <Link href={external.imprint} target="_blank" rel="noopener noreferrer">
            {t('footer.imprint')}
          </Link>
          <Link component={RouterLink} to="/data-protection">
            {t('footer.dataProtection')}
          </Link>
          <Link href={external.terms} target="_blank" rel="noopener noreferrer">
            {t('footer.terms')}
          </Link>
          <Link href={external.sla} target="_blank" rel="noopener noreferrer">
            {t('footer.sla')}
          </Link>
          <Link href={external.guidelines} target="_blank" rel="noopener noreferrer">
            {t('footer.guidelines')}
          </Link>
        </Stack>
      </Container>
    </Box>
  );
}
