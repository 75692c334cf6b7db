import { BRAND } from '../brand';
import { PASSWORD_MAX, PASSWORD_MIN } from './accounts.schema';
import { ACCOUNT_MESSAGES } from './messages';

/**
 * The password rule of sign-up, reset and change (API.md, Account security:
 * Passwords), the same in the server and in the forms' strength meter. A new
 * password is refused when it is in a common-password list, when it contains
 * the name of the owner's e-mail, or when zxcvbn scores it below 3.
 *
 * zxcvbn and its dictionaries (about 1 MB) are imported on first use: the
 * browser fetches them only when someone types a new password, and the
 * server once, at start.
 */

/** zxcvbn's score (0–4) a new password needs. */
export const PASSWORD_MIN_SCORE = 3;

/** E-mail names shorter than this hide inside too many words to refuse them ('ana' in 'mañana'…). */
export const EMAIL_NAME_MIN_LENGTH = 3;

/**
 * zxcvbn reads the first 64 characters only: past that a password is long
 * enough, and zxcvbn's time grows fast with length (seconds for 128 characters
 * of symbols), which would let anyone keep the server busy.
 */
const ANALYZED_LENGTH = 64;

/** Favourites of Argentine accounts that zxcvbn's (mostly English) list lacks. */
const LOCAL_COMMON_PASSWORDS = [
  'contraseña',
  'contraseña1',
  'contraseña123',
  'bocajuniors',
  'sanlorenzo',
  'independiente',
  'racingclub',
  'teamo123',
  'teamomucho',
  'argentina1',
  'argentina123',
  'clave1234',
  'clave12345',
  'vendemas',
  'vendemas1',
  'vendemas123',
  '00000000',
];

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | 'email_name' | 'too_weak';

export interface PasswordVerdict {
  /** zxcvbn's 0–4; at most 2 for a refused password, so a meter never shows it as good. */
  score: 0 | 1 | 2 | 3 | 4;
  /** Why the password is refused, or null when it is accepted. */
  problem: PasswordProblem | null;
  /** The reason in Spanish, for the form and the API's `fields.password`. */
  message: string | null;
}

/** Who the password is for: their e-mail and name count against it. */
export interface PasswordOwner {
  email?: string | undefined;
  name?: string | undefined;
}

interface Estimator {
  check(
    password: string,
    userInputs: string[],
  ): { score: number; feedback: { warning: string | null; suggestions: string[] } };
  common: Set<string>;
}

let loading: Promise<Estimator> | undefined;

/** Starts loading zxcvbn and its dictionaries (the page calls this when the field gets focus). */
export function preloadPasswordEstimator(): Promise<void> {
  return estimator().then(() => undefined);
}

function estimator(): Promise<Estimator> {
  loading ??= loadEstimator().catch((error: unknown) => {
    // A failed download (the browser offline) is tried again next time.
    loading = undefined;
    throw error;
  });
  return loading;
}

async function loadEstimator(): Promise<Estimator> {
  const [{ ZxcvbnFactory }, common, spanish] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-es-es'),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...spanish.dictionary },
    graphs: common.adjacencyGraphs,
    translations: spanish.translations,
    maxLength: ANALYZED_LENGTH,
    // The default (100) makes l33t-heavy passwords take seconds; 10 finds the same words.
    l33tMaxSubstitutions: 10,
  });
  const listed = [...common.dictionary['passwords-common'], ...LOCAL_COMMON_PASSWORDS];
  return {
    check: (password, userInputs) => zxcvbn.check(password, userInputs),
    common: new Set(listed.filter((item) => item.length >= PASSWORD_MIN).map(lowerCase)),
  };
}

function lowerCase(text: string): string {
  return text.toLocaleLowerCase('es');
}

/** Lower case, accents dropped, letters and digits only: 'Juan.Pérez' → 'juanperez'. */
export function simplify(text: string): string {
  return lowerCase(text.normalize('NFD').replace(/\p{M}/gu, '')).replace(/[^a-z0-9]/g, '');
}

/**
 * The name of an e-mail as a password could hide it (`juan.perez+ventas@…` →
 * `juanperez`), or null when it is too short to count.
 */
export function emailNameOf(email: string | undefined): string | null {
  const local = email?.split('@')[0]?.split('+')[0] ?? '';
  const name = simplify(local);
  return name.length >= EMAIL_NAME_MIN_LENGTH ? name : null;
}

/** What zxcvbn is told about the owner: a password made of these is weak. */
function userInputsOf(owner: PasswordOwner): string[] {
  const inputs = new Set<string>([BRAND.name, simplify(BRAND.name)]);
  const local = owner.email?.split('@')[0];
  for (const value of [owner.email, local, owner.name]) {
    if (!value) continue;
    inputs.add(lowerCase(value));
    for (const part of value.split(/[\s._+@-]+/)) {
      // Both 'pérez' and 'perez': people drop the accents in passwords.
      if (part.length >= 3) inputs.add(lowerCase(part)).add(simplify(part));
    }
  }
  return [...inputs];
}

const refused = (
  problem: PasswordProblem,
  message: string,
  score: PasswordVerdict['score'] = 0,
): PasswordVerdict => ({
  problem,
  message,
  score: Math.min(score, PASSWORD_MIN_SCORE - 1) as PasswordVerdict['score'],
});

/**
 * Judges a new password for its owner: the one rule of sign-up, reset and
 * change, and of the strength meter.
 */
export async function judgePassword(
  password: string,
  owner: PasswordOwner = {},
): Promise<PasswordVerdict> {
  if (password.length < PASSWORD_MIN)
    return refused('too_short', ACCOUNT_MESSAGES.passwordTooShort);
  if (password.length > PASSWORD_MAX) return refused('too_long', ACCOUNT_MESSAGES.passwordTooLong);
  const { check, common } = await estimator();

  const lower = lowerCase(password);
  if (common.has(lower) || common.has(lower.normalize('NFD').replace(/\p{M}/gu, ''))) {
    return refused('common', ACCOUNT_MESSAGES.passwordCommon);
  }

  const result = check(password, userInputsOf(owner));
  const score = Math.max(0, Math.min(4, result.score)) as PasswordVerdict['score'];

  const emailName = emailNameOf(owner.email);
  if (emailName && simplify(password).includes(emailName)) {
    const local = owner.email?.split('@')[0]?.split('+')[0] ?? emailName;
    return refused('email_name', ACCOUNT_MESSAGES.passwordContainsEmailName(local), score);
  }

  if (score < PASSWORD_MIN_SCORE) {
    const { warning, suggestions } = result.feedback;
    const hint = [warning, suggestions[0]].filter(Boolean).join(' ') || undefined;
    return refused('too_weak', ACCOUNT_MESSAGES.passwordTooWeak(hint), score);
  }
  return { score, problem: null, message: null };
}
