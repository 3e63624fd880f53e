/** Demo accounts of a web server (nobody knows their generated passwords; renew one to log in). */
export const demoUsers = [
  { login: 'shop-upload', documentRoot: 'shop/public', quotaMb: 4096, expiresOn: '' },
  { login: 'agency', documentRoot: 'shop/public/media', quotaMb: 1024, expiresOn: '2030-12-31' },
] as const;
