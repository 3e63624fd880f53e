/** A date in the user's language and time zone: "22. Nov. 2026". */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}

/** `ssh-ed25519` → `Ed25519`, `ecdsa-sha2-nistp384` → `ECDSA P-384`, `ssh-rsa` → `RSA`. */
export function typeName(type: string): string {
  if (type === 'ssh-ed25519') return 'Ed25519';
  if (type === 'ssh-rsa') return 'RSA';
  const curve = /^ecdsa-sha2-nistp(\d+)$/.exec(type)?.[1];
  return curve ? `ECDSA P-${curve}` : type;
}
