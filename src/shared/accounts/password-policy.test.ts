import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './messages';
import { emailNameOf, judgePassword } from './password-policy';

const owner = { email: 'juanperez@example.com', name: 'Juan Pérez' };

describe('the password policy', () => {
  it('accepts a long password of unrelated words', async () => {
    const verdict = await judgePassword('Mate-Cocido-Tarde-47', owner);
    expect(verdict).toEqual({ score: expect.any(Number), problem: null, message: null });
    expect(verdict.score).toBeGreaterThanOrEqual(3);
  });

  it('refuses passwords of the common-password lists, whatever their case', async () => {
    for (const password of ['12345678', 'password', 'PassWord', 'qwertyuiop', 'contraseña']) {
      expect(await judgePassword(password, owner), password).toEqual({
        score: 0,
        problem: 'common',
        message: ACCOUNT_MESSAGES.passwordCommon,
      });
    }
  });

  it("refuses a password that contains the e-mail's name, however it is written", async () => {
    for (const password of ['juanperez2026!', 'Mi-JuanPerez-Secreto', 'JUAN.PEREZ.mate.47']) {
      const verdict = await judgePassword(password, owner);
      expect(verdict.problem, password).toBe('email_name');
      expect(verdict.message).toBe(ACCOUNT_MESSAGES.passwordContainsEmailName('juanperez'));
      expect(verdict.score).toBeLessThan(3);
    }
    // The same password is fine for someone else (it is strong on its own).
    expect(
      (await judgePassword('Mi-JuanPerez-Secreto', { email: 'ana@example.com' })).problem,
    ).toBe(null);
  });

  it('ignores e-mail names shorter than three characters, and the +tag of an address', () => {
    expect(emailNameOf('jp@example.com')).toBeNull();
    expect(emailNameOf('ana@example.com')).toBe('ana');
    expect(emailNameOf('Juan.Pérez+ventas@example.com')).toBe('juanperez');
    expect(emailNameOf(undefined)).toBeNull();
  });

  it("refuses a password zxcvbn scores below 3, with zxcvbn's advice in Spanish", async () => {
    const verdict = await judgePassword('futbol2026', owner);
    expect(verdict.problem).toBe('too_weak');
    expect(verdict.score).toBeLessThan(3);
    expect(verdict.message).toMatch(/^La contraseña es demasiado fácil de adivinar\. .+/);
    // zxcvbn's es-es advice, not its English one.
    expect(verdict.message).toMatch(/contraseña usada habitualmente|palabras/);
    expect(verdict.message).not.toMatch(/Add|word/);
  });

  it("counts the owner's name as something anyone can guess", async () => {
    const owner = { email: 'xz@example.com', name: 'Ximena Zubizarreta' };
    expect((await judgePassword('ximenazubizarreta', { name: 'Ana Ruiz' })).problem).toBeNull();
    const verdict = await judgePassword('ximenazubizarreta', owner);
    expect(verdict.problem).toBe('too_weak');
    expect(verdict.message).toMatch(/datos personales/);
  });

  it('says when a password is too short or too long before looking any further', async () => {
    expect((await judgePassword('corta12')).problem).toBe('too_short');
    expect((await judgePassword('x'.repeat(129))).problem).toBe('too_long');
  });

  it('judges long hostile passwords quickly (zxcvbn alone takes seconds for each)', async () => {
    await judgePassword('warm-up-password-1');
    const started = performance.now();
    await judgePassword('aB3$'.repeat(32));
    await judgePassword('p@ssw0rd'.repeat(16));
    // About 0.3 s for both on an idle machine; the margin is for a busy one.
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
