/**
 * Estimates how hard a password is to guess with zxcvbn (German and English dictionaries), the same
 * estimator the server's password policy uses. Loaded on demand: the dictionaries are large, so they
 * are their own chunk and only forms that set a password load them.
 */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

let estimator: Promise<(password: string, userInputs: string[]) => PasswordScore> | undefined;

function load() {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-de'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, de, en]) => {
    const factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...de.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
    return (password: string, userInputs: string[]) => factory.check(password.slice(0, 100), userInputs).score as PasswordScore;
  });
  return estimator;
}

/** The zxcvbn score (0–4); the server asks for at least 3. */
export async function passwordScore(password: string, userInputs: string[] = []): Promise<PasswordScore> {
  return (await load())(password, userInputs);
}
