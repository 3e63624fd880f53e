import type { ReactNode } from 'react';
import { Alert, Box, Link, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../shell/useDocumentTitle';

/** One section of the privacy policy as stored in the `privacy` namespace. */
export interface PrivacySection {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
}

const TITLE_ID = 'privacy-title';
const TOC_HEADING_ID = 'privacy-toc-heading';

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');

// The namespace is data, not code: a missing or half-translated language must not crash the page.
const isPrivacySection = (value: unknown): value is PrivacySection => {
  if (typeof value !== 'object' || value === null) return false;
  const section = value as Record<string, unknown>;
  return (
    typeof section.id === 'string' &&
    typeof section.heading === 'string' &&
    isStringArray(section.paragraphs) &&
    (section.items === undefined || isStringArray(section.items))
  );
};

const headingId = (sectionId: string): string => `${sectionId}-heading`;

/** §1: the policy exists in the version of June 2025 and the current one of August 2025 (`?version=2025-06`). */
export const PRIVACY_VERSIONS = ['2025-08', '2025-06'] as const;
type PrivacyVersion = (typeof PRIVACY_VERSIONS)[number];

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

// Renders e-mail addresses in the translated text as mailto links, without injecting HTML.
const withMailtoLinks = (text: string): ReactNode[] =>
  text.split(EMAIL).map((part, index) =>
    index % 2 === 1 ? (
      <Link key={index} href={`mailto:${part}`}>
        {part}
      </Link>
    ) : (
      part
    ),
  );

/** The privacy policy page (/data-protection, /datenschutz), rendered from the `privacy` namespace. */
export default function PrivacyPolicyPage() {
  const { t } = useTranslation('privacy');
  useDocumentTitle(t('title'));
  const raw: unknown = t('sections', { returnObjects: true });
  const current: PrivacySection[] = Array.isArray(raw) ? raw.filter(isPrivacySection) : [];
  const [params] = useSearchParams();
  const version: PrivacyVersion = params.get('version') === '2025-06' ? '2025-06' : '2025-08';
  // The June 2025 version differs from the current one in its date and its closing section.
  const sections =
    version === '2025-06' ? current.map((section) => (section.id === 'changes' ? { ...section, paragraphs: [t('versions.juneChanges')] } : section)) : current;

  return (
    <Box component="article" aria-labelledby={TITLE_ID} sx={{ pb: 4, maxWidth: '80ch' }}>
      <Typography id={TITLE_ID} variant="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom data-testid="privacy-updated">
        {version === '2025-06' ? t('versions.juneUpdated') : t('updated')}
      </Typography>
      <Box component="nav" aria-label={t('versions.heading')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        {PRIVACY_VERSIONS.map((v) => (
          <Link key={v} component={RouterLink} to={v === '2025-08' ? '?' : `?version=${v}`} aria-current={v === version ? 'page' : undefined} variant="body2">
            {v === '2025-08' ? t('versions.current') : t('versions.june')}
          </Link>
        ))}
      </Box>
      {version === '2025-06' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('versions.juneNotice')}
        </Alert>
      )}
      <Typography component="p" variant="body1" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>

      <Box component="nav" aria-labelledby={TOC_HEADING_ID} sx={{ mb: 4 }}>
        <Typography id={TOC_HEADING_ID} component="h2" variant="h3">
          {t('tocHeading')}
        </Typography>
        <List component="ol" dense sx={{ listStyleType: 'decimal', pl: 4 }}>
          {sections.map((section) => (
            <ListItem key={section.id} disableGutters sx={{ display: 'list-item', py: 0 }}>
              <Link href={`#${section.id}`}>{section.heading}</Link>
            </ListItem>
          ))}
        </List>
      </Box>

      {sections.map((section, index) => (
        <Box
          key={section.id}
          component="section"
          id={section.id}
          aria-labelledby={headingId(section.id)}
          // Keeps the heading visible below the sticky top bar when jumping from the table of contents.
          sx={{ mb: 4, scrollMarginTop: (theme) => theme.spacing(10) }}
        >
          <Typography id={headingId(section.id)} variant="h2" gutterBottom>
            {`${index + 1}. ${section.heading}`}
          </Typography>
          {section.paragraphs.map((paragraph, paragraphIndex) => (
            <Typography key={paragraphIndex} component="p" variant="body1" sx={{ mb: 1.5 }}>
              {withMailtoLinks(paragraph)}
            </Typography>
          ))}
          {section.items && section.items.length > 0 && (
            <List sx={{ listStyleType: 'disc', pl: 4, pt: 0 }}>
              {section.items.map((item, itemIndex) => (
                <ListItem key={itemIndex} disableGutters sx={{ display: 'list-item', py: 0.25 }}>
                  {withMailtoLinks(item)}
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      ))}
    </Box>
  );
}
