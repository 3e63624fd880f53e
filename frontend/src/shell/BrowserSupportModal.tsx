import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import BrowserSupportDialog from './BrowserSupportDialog';
import { dismissBrowserWarning, shouldWarnAboutBrowser } from './browserSupport';

/** The outdated-browser modal (§2, §9) in the SPA's shell; shown once per browser session (the sign-in page shows it too). */
export function BrowserSupportModal({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => shouldWarnAboutBrowser(userAgent));
  const close = () => {
    dismissBrowserWarning();
    setOpen(false);
  };
  return <BrowserSupportDialog t={t} open={open} onClose={close} />;
}
