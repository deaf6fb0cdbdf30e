import type * as v from 'valibot';
import { kindMessages, limitMessages, messages } from './messages.ts';

/**
 * A broken rule's message for people. A schema's own message is kept; where a schema names
 * none, valibot writes its own ('Invalid type: Expected Object but received "not a url"'),
 * which is replaced by what the value should be, in words.
 */
export function issueMessage(issue: v.BaseIssue<unknown>): string {
  const absent = issue.received === 'undefined' || issue.received === 'null';
  // Many texts say 'Required' when they are not a text: true of a field left out, not of a number sent for it.
  if (issue.kind === 'schema' && issue.message === messages.required && !absent) return wrongKind(issue.expected);
  if (!isLibraryWording(issue)) return issue.message;
  // A field left out is reported as a key the object expected, received as undefined.
  if (absent) return messages.required;
  return issue.kind === 'schema' ? wrongKind(issue.expected) : brokenRule(issue);
}

/** valibot's own wording, rebuilt from the issue as valibot builds it ('Invalid <what>: Expected … but received …'). */
function isLibraryWording(issue: v.BaseIssue<unknown>): boolean {
  const tail = `${issue.expected ? `Expected ${issue.expected} but r` : 'R'}eceived ${issue.received}`;
  return /^Invalid [^:]+: ([\s\S]*)$/.exec(issue.message)?.[1] === tail;
}

/** valibot's names for the kinds it expected ('string', 'Object', '("" | string)'), in words. */
const KIND_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'yes or no',
  Array: 'a list',
  Object: 'a group of named values',
  null: 'empty',
};

/** What a value of the wrong kind should have been, from valibot's `expected` ('("a" | "b")', 'Array'). */
function wrongKind(expected: string | null): string {
  const names = (expected ?? '').replace(/^\((.*)\)$/, '$1').split(' | ');
  const choices = names.filter((name) => /^".*"$/.test(name)).map((name) => (name === '""' ? 'nothing' : name.slice(1, -1)));
  const kinds = names.filter((name) => !/^".*"$/.test(name));
  if (kinds.some((name) => !(name in KIND_WORDS))) return kindMessages.wrongKind;
  if (kinds.length === 0) return kindMessages.choose(choices);
  // A text that may also be one of some texts ('' or a name) is a text.
  if (choices.length > 0 && !kinds.includes('string')) return kindMessages.wrongKind;
  return kindMessages.mustBe(kinds.map((name) => KIND_WORDS[name]!));
}

/** A rule of a pipe with no message of its own (a length, a range), in words. */
function brokenRule(issue: v.BaseIssue<unknown>): string {
  const bound = String(issue.requirement);
  const isList = Array.isArray(issue.input);
  switch (issue.type) {
    case 'min_length':
      return isList ? kindMessages.tooFewEntries(bound) : kindMessages.tooShort(bound);
    case 'non_empty':
      return messages.required;
    case 'max_length':
      return isList ? kindMessages.tooManyEntries(bound) : limitMessages.tooLong(Number(bound));
    case 'min_value':
      return kindMessages.atLeast(bound);
    case 'max_value':
      return kindMessages.atMost(bound);
    case 'integer':
      return kindMessages.wholeNumber;
    case 'uuid':
      return kindMessages.unknownId;
    case 'email':
      return messages.invalidEmail;
    case 'url':
      return messages.invalidUrl;
    default:
      return kindMessages.notAllowed;
  }
}
