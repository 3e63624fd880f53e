import { DomainError } from '../../platform/index.ts';
import { assertPasswordPolicy, checkPassword } from './passwordPolicy.ts';

const owner = { email: 'erika.mustermann@beispiel.de', firstname: 'Erika', surname: 'Mustermann', company: 'Beispiel GmbH' };

describe('password policy', () => {
  it('R5.013 R9.008 needs 12 to 255 characters', () => {
    expect(checkPassword('Kx9#vR2!mQ')).toEqual(['errors.password_length']); // 10
    expect(checkPassword('Kx9#vR2!mQ7')).toEqual(['errors.password_length']); // 11
    expect(checkPassword('Kx9#vR2!mQ7z')).toEqual([]); // 12
    const long = 'Kx9#vR2!mQ7z'.repeat(22); // 264
    expect(checkPassword(long.slice(0, 255))).toEqual([]);
    expect(checkPassword(long.slice(0, 256))).toEqual(['errors.password_length']);
  });

  it('R5.013 R5.021 refuses passwords that are easy to guess (German and English words, sequences, repeats)', () => {
    for (const weak of ['passwort1234', 'password1234', 'aaaaaaaaaaaa', '123456789012', 'qwertzuiopü1', 'Passwort2026', 'Hallo1234567']) {
      expect([weak, checkPassword(weak)]).toEqual([weak, ['errors.password_rule']]);
    }
    for (const strong of ['Demo-Portal-2026', 'correct horse battery staple', 'Tr0ub4dour&3xyz', 'Lampe Regen Fahrrad 7']) {
      expect([strong, checkPassword(strong)]).toEqual([strong, []]);
    }
  });

  it('R5.013 refuses the own e-mail address and name', () => {
    expect(checkPassword('erika.mustermann@beispiel.de', owner)).toEqual(['errors.password_personal']);
    expect(checkPassword('Mustermann#2026!xy', owner)).toEqual(['errors.password_personal']);
    expect(checkPassword('xyErika!#Q9wz', owner)).toEqual(['errors.password_personal']);
    expect(checkPassword('Lampe Regen Fahrrad 7', owner)).toEqual([]);
  });

  it('assertPasswordPolicy throws a 422 on the named field', () => {
    expect.assertions(3);
    try {
      assertPasswordPolicy('short', owner, 'password');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).status).toBe(422);
      expect((e as DomainError).fields).toEqual({ password: ['errors.password_length'] });
    }
  });
});
