/** The part of `punycode.js` (the userland punycode library, without own types) the certificate rules use. */
declare module 'punycode.js' {
  const punycode: { toASCII(domain: string): string; toUnicode(domain: string): string };
  export default punycode;
}
