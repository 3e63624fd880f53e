import { detectBrowser, isOutdated } from './browserSupport';

const ua = {
  chrome119: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36',
  chrome120: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  edge120: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  edge121: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36 Edg/121.0.0.0',
  firefox120: 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
  firefox121: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  opera99: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 OPR/99.0.0.0',
  opera100: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 OPR/100.0.0.0',
  safari16: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 13_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15',
  safari17: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  // The three browsers of the walk in issue 31 (finding 2), as they really send it, and a current Chrome.
  chrome110: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.0.0 Safari/537.36',
  firefox115: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0',
  safari16_6: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15',
  chrome142: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
};

describe('browser support', () => {
  it.each([
    ['chrome119', true],
    ['chrome120', false],
    ['edge120', true],
    ['edge121', false],
    ['firefox120', true],
    ['firefox121', false],
    ['opera99', true],
    ['opera100', false],
    ['safari16', true],
    ['safari17', false],
    ['ie11', true],
  ] as const)('R9.001 %s outdated: %s (Chrome 120, Firefox 121, Edge 121, Opera 100, Safari 17; IE never)', (name, outdated) => {
    expect(isOutdated(detectBrowser(ua[name]))).toBe(outdated);
  });

  it('R9.001 tells Edge and Opera apart from Chrome', () => {
    expect(detectBrowser(ua.edge121).name).toBe('Edge');
    expect(detectBrowser(ua.opera100).name).toBe('Opera');
    expect(detectBrowser(ua.ie11).name).toBe('Internet Explorer');
  });

  it.each([
    ['chrome110', true],
    ['firefox115', true],
    ['safari16_6', true],
    ['chrome142', false],
  ] as const)('R9.001 %s (issue 31 walk) outdated: %s', (name, outdated) => {
    expect(isOutdated(detectBrowser(ua[name]))).toBe(outdated);
  });
});
