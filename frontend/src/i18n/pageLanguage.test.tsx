import i18next from '.';

describe("the page's language", () => {
  it('R7.014 the html lang attribute follows the language of the interface (screen readers, hyphenation)', async () => {
    await i18next.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    await i18next.changeLanguage('de');
    expect(document.documentElement.lang).toBe('de');
  });
});
