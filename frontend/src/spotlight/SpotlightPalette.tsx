import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import type { PopperProps } from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOffersRoute } from '../demo/api';
import { webPlugins } from '../generated/plugins';
import { useBillingFormat } from '../pages/contracts/format';
import { useSearchSpotlightQuery } from './api';
import { hitSubtitle } from './hitText';
import { matches, portalPages } from './portalPages';
import { readRecent, rememberRecent, type RecentItem } from './recent';

/** The order of the groups in the list. */
const groupOrder = ['recent', 'clusters', 'servers', 'sections', 'contracts', 'invoices', 'customers', 'orders', 'pages', 'actions'];

interface Option extends RecentItem {
  /** The group shown (`recent` for recent items). */
  shownIn: string;
}

/** The list lives inside the dialog, under the field (not a floating popper). */
function InlineList({ children, open, className, style, role, id }: PopperProps) {
  if (!open) return null;
  return (
    <div className={className} style={{ ...style, position: 'static' }} role={role} id={id}>
      {typeof children === 'function' ? null : children}
    </div>
  );
}

/** The palette itself (its own chunk: loaded when the spotlight opens first). */
export default function SpotlightPalette({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('spotlight');
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'de';
  const navigate = useNavigate();
  const { day } = useBillingFormat();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const [recent] = useState(readRecent);
  // Demo mode: only what the demo shows (dashboard, Managed Center), no contracts, invoices, orders, customers or my data.
  const offers = useOffersRoute();
  // Searches as the user types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim()), 200);
    return () => clearTimeout(timer);
  }, [input]);
  const searching = term.length >= 2;
  const { data: hits = [], isFetching, isError } = useSearchSpotlightQuery(term, { skip: !searching });

  const options = useMemo<Option[]>(() => {
    if (!input.trim()) return recent.filter((r) => offers(r.path)).map((r) => ({ ...r, shownIn: 'recent' }));
    const fromServer: Option[] = searching
      ? hits.map((h) => {
          const plugin = h.section ? webPlugins.find((p) => p.id === h.section) : undefined;
          return { id: `${h.group}:${h.id}`, group: h.group, shownIn: h.group, title: plugin ? plugin.titles[lang] : h.title, subtitle: hitSubtitle(h, day), path: h.path };
        })
      : [];
    const pages: Option[] = portalPages
      .map((p) => ({ id: `page:${p.id}`, group: p.group, shownIn: p.group, title: t(`pages.${p.id}`), subtitle: t(`hints.${p.id}`), path: p.path }))
      .filter((p) => matches(`${p.title} ${p.subtitle} ${t(`keywords.${p.id.slice(5)}`, { defaultValue: '' })}`, input));
    return [...fromServer, ...pages].filter((o) => offers(o.path)).sort((a, b) => groupOrder.indexOf(a.shownIn) - groupOrder.indexOf(b.shownIn));
  }, [input, recent, searching, hits, lang, t, offers, day]);

  const choose = (o: Option) => {
    rememberRecent({ id: o.id, group: o.group, title: o.title, subtitle: o.subtitle, path: o.path });
    onClose();
    void navigate(o.path);
  };

  const noOptions = !input.trim() ? t('noRecent') : isError ? t('failed') : searching && isFetching ? t('searching') : input.trim().length < 2 ? t('typeMore') : t('nothingFound');
  return (
    <Autocomplete<Option, false, false, false>
      open
      openOnFocus
      autoHighlight
      disablePortal
      options={options}
      filterOptions={(x) => x}
      groupBy={(o) => t(`groups.${o.shownIn}`, { defaultValue: o.shownIn })}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={input}
      onInputChange={(_, v, reason) => reason !== 'reset' && setInput(v)}
      onChange={(_, o) => o && choose(o)}
      onClose={(_, reason) => reason === 'escape' && onClose()}
      loading={searching && isFetching}
      loadingText={t('searching')}
      noOptionsText={noOptions}
      slots={{ popper: InlineList }}
      slotProps={{ paper: { elevation: 0, square: true }, listbox: { sx: { maxHeight: 'min(60vh, 480px)' } } }}
      renderInput={(params) => <TextField {...params} autoFocus label={t('label')} placeholder={t('placeholder')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'spotlight-input' } }} />}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props} data-spotlight-group={o.shownIn}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {o.title}
            </Typography>
            {o.subtitle && (
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {o.subtitle}
              </Typography>
            )}
          </Box>
        </li>
      )}
    />
  );
}
