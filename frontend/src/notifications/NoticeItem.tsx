import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notice } from './api';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

type Lang = 'de' | 'en';

/** Read by screen readers, not shown. */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: 1, margin: -1, overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: 1 } as const;

export interface NoticeItemProps {
  notice: Notice;
  /** The panel's scrolling list, the viewport for "scrolled into view". */
  scrollRoot: HTMLElement | null;
  onRead: (id: string) => void;
  /** A link was followed (the panel closes for a portal link). */
  onFollow: (notice: Notice) => void;
}

/**
 * One notice: title, message, date, image in the user's language and its link (external ones marked and
 * opened in a new tab). §4: it becomes read when clicked, when its link is followed, or — only without a
 * link — once it was fully visible in the panel.
 */
export function NoticeItem({ notice, scrollRoot, onRead, onFollow }: NoticeItemProps) {
  const { t, i18n } = useTranslation('notifications');
  const lang: Lang = i18n.resolvedLanguage === 'en' ? 'en' : 'de';
  const ref = useRef<HTMLLIElement>(null);
  const link = lang === 'en' ? (notice.linkEn ?? notice.link) : notice.link;
  const watch = !notice.isRead && !link;

  useEffect(() => {
    const el = ref.current;
    if (!watch || !el || !scrollRoot || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          onRead(notice.id);
        }
      },
      { root: scrollRoot, threshold: 0.9 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [watch, scrollRoot, notice.id, onRead]);

  const withTime = notice.kind !== 'built_in';
  const date = new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { ...(withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }), timeZone: userTimeZone() }).format(new Date(notice.date));
  const image = notice.image?.[lang];

  const body = (
    <Box sx={{ display: 'flex', gap: 1.5, width: '100%', alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{ mt: 0.9, width: 8, height: 8, flex: '0 0 8px', borderRadius: '50%', bgcolor: notice.isRead ? 'transparent' : 'primary.main' }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: notice.isRead ? 500 : 700, overflowWrap: 'anywhere' }}>
          {notice.title[lang]}
          {!notice.isRead && <span style={visuallyHidden}> ({t('unread')})</span>}
          {link && notice.external && (
            <>
              <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
              <span style={visuallyHidden}> ({t('external')})</span>
            </>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {notice.message[lang]}
        </Typography>
        {image && <Box component="img" src={image} alt="" sx={{ mt: 1, maxWidth: '100%', borderRadius: 1, display: 'block' }} />}
        <Typography variant="caption" color="text.secondary" component="time" dateTime={notice.date}>
          {date}
        </Typography>
      </Box>
    </Box>
  );

  const follow = () => {
    onRead(notice.id);
    onFollow(notice);
  };
  const readState = notice.isRead ? 'read' : 'unread';
  return (
    <ListItem ref={ref} disablePadding divider data-notice-id={notice.id} data-read={readState}>
      {link && notice.external ? (
        <ListItemButton component="a" href={link} target="_blank" rel="noopener noreferrer" onClick={follow}>
          {body}
        </ListItemButton>
      ) : link ? (
        <ListItemButton component={Link} to={link} onClick={follow}>
          {body}
        </ListItemButton>
      ) : (
        <ListItemButton onClick={() => onRead(notice.id)}>
          {body}
        </ListItemButton>
      )}
    </ListItem>
  );
}
