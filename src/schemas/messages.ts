/** The shared validation messages, word for word as the product has always shown them. */
export const messages = {
  required: 'Required',
  invalidPhone: 'Invalid phone number',
  invalidEmail: 'Invalid email address',
  invalidUrl: 'Invalid URL',
  invalidDate: 'Please enter a valid date',
  pickAddress: 'Please select an address from the list. If no options are available, please modify your search.',
} as const;

/** The login check's words: a 401 is 'Unauthorized', 'User is not logged in.'. */
export const authMessages = {
  unauthorized: 'Unauthorized',
  notLoggedIn: 'User is not logged in.',
  checkFailed: 'Login check failed',
  /** A Broker or an Editor asking for what only an Administrator may do (the server's 403 and the back-office's refusal). */
  adminsOnly: 'Only an administrator can do that.',
  /** An Editor asking for customers' personal data (contacts, quotes, renewals, their mail, privacy requests). */
  personalDataOnly: "Your role does not include customers' personal data. Ask an administrator if you need it.",
  /** The right password for an account an administrator has suspended. */
  suspended: 'This account is suspended. Ask an administrator to reactivate it.',
} as const;

/** Messages the specification leaves to us, kept here so forms and API say the same thing. */
export const limitMessages = {
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  controlCharacter: 'Remove the invisible control character (such as a NUL) from this text',
} as const;

/**
 * Our words where a schema names none of its own and the validation library would answer in
 * its own ('Invalid type: Expected Object but received "x"'): see issue-message.ts.
 */
export const kindMessages = {
  /** `kinds` as words: 'text', 'a number', 'a list'… */
  mustBe: (kinds: readonly string[]) => `Must be ${orList(kinds)}`,
  /** The allowed values of a choice, as they are written. */
  choose: (choices: readonly string[]) => `Choose ${orList(choices)}`,
  wrongKind: 'This value is not of the right kind',
  notAllowed: 'This value is not allowed',
  atLeast: (min: string) => `Must be at least ${min}`,
  atMost: (max: string) => `Must be at most ${max}`,
  tooShort: (min: string) => `Must be at least ${min} characters long`,
  tooFewEntries: (min: string) => `Must have at least ${min} ${min === '1' ? 'entry' : 'entries'}`,
  tooManyEntries: (max: string) => `Must have at most ${max} ${max === '1' ? 'entry' : 'entries'}`,
  wholeNumber: 'Must be a whole number',
  unknownId: 'This is not a valid id',
} as const;

/** 'a', 'a or b', 'a, b or c'. */
function orList(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
