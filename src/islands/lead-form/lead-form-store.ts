import { map, type MapStore } from 'nanostores';
import { ApiError, messageOf } from '#src/api/client.ts';
import { createLead } from '#src/api/lead-states.ts';
import { forgetSubmission, submissionKey } from '#src/api/send-form.ts';
import type { Answers, AnswerValue, LeadFormDef } from '#src/schemas/leads/form-definition.ts';
import { checkAnswers } from '#src/schemas/leads/form-definition.ts';

/** A quote or renewal form in progress: the answers, where the visitor is, what they have touched. */
export type LeadFormState = {
  answers: Answers;
  /** 0 … steps.length: the last index is the review step. */
  step: number;
  /** Dot paths ("claims.0.date") of the fields whose errors may show. */
  touched: string[];
  sending: boolean;
  /** Set while a lost answer is being resent: the visitor sees the form is still at it. */
  resending: boolean;
  serverErrors: Record<string, string>;
};

/** Why a send did not go through: the message to show, and whether the human check was refused (and must be solved again). */
export type SendFailure = { message: string; checkRefused: boolean };

export type LeadFormStore = MapStore<LeadFormState> & {
  setAnswer(name: string, value: AnswerValue): void;
  touch(path: string): void;
  /** Goes forward when the current step is valid; otherwise shows all its errors. Returns whether it moved. */
  next(): boolean;
  back(): void;
  goTo(step: number): void;
  /** Errors of the current step by dot path, whether shown yet or not. */
  stepErrors(): Record<string, string>;
  clear(): void;
  /** Carries on where the visitor left off (called after hydration, so the server's HTML matches the first render). */
  restore(): void;
  /**
   * Sends the request with the solved human check through its kind's create action (which
   * makes it the current quote or renewal), then leaves for the thank-you page. On failure the
   * server's field errors are shown on their fields and the form goes back to the first step
   * with one; resolves with what to tell the visitor (null when sent, or already sending).
   */
  send(humanCheck: string, navigate?: (url: string) => void): Promise<SendFailure | null>;
};

const storageKey = (def: LeadFormDef) => `lead-form:${def.kind}`;

function restore(def: LeadFormDef): Pick<LeadFormState, 'answers' | 'step'> | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(def)) ?? 'null') as { answers?: Answers; step?: number } | null;
    if (!saved || typeof saved.answers !== 'object' || saved.answers === null) return null;
    return { answers: saved.answers, step: Math.min(Math.max(0, Number(saved.step) || 0), def.steps.length) };
  } catch {
    return null;
  }
}

/**
 * One store per form. Answers and step are kept in session storage on every change, so a
 * reload (or a look at another page in the same tab) loses nothing; they go when the
 * request is sent or the tab is closed.
 */
export function createLeadFormStore(def: LeadFormDef, preset: Answers = {}): LeadFormStore {
  const store = map<LeadFormState>({ answers: { ...preset }, step: 0, touched: [], sending: false, resending: false, serverErrors: {} }) as LeadFormStore;
  const save = () => {
    const { answers, step } = store.get();
    try {
      sessionStorage.setItem(storageKey(def), JSON.stringify({ answers, step }));
    } catch {
      // Private browsing or a full quota: the form still works, it just will not survive a reload.
    }
  };
  const errorsOf = (step: number) => {
    const current = def.steps[step];
    if (!current) return {};
    const { issues } = checkAnswers(def, store.get().answers, [current.id]);
    return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  store.setAnswer = (name, value) => {
    const { answers, serverErrors } = store.get();
    const { [name]: _cleared, ...otherErrors } = serverErrors;
    store.set({ ...store.get(), answers: { ...answers, [name]: value }, serverErrors: otherErrors });
    save();
  };
  store.touch = (path) => {
    const { touched } = store.get();
    if (!touched.includes(path)) store.setKey('touched', [...touched, path]);
  };
  store.stepErrors = () => ({ ...errorsOf(store.get().step), ...store.get().serverErrors });
  store.next = () => {
    const { step } = store.get();
    const errors = errorsOf(step);
    if (Object.keys(errors).length > 0) {
      store.setKey('touched', [...new Set([...store.get().touched, ...Object.keys(errors)])]);
      return false;
    }
    store.setKey('step', Math.min(step + 1, def.steps.length));
    save();
    return true;
  };
  store.back = () => {
    store.setKey('step', Math.max(0, store.get().step - 1));
    save();
  };
  store.goTo = (step) => {
    store.setKey('step', Math.min(Math.max(0, step), def.steps.length));
    save();
  };
  store.clear = () => {
    try {
      sessionStorage.removeItem(storageKey(def));
    } catch {
      // nothing stored
    }
  };
  store.send = async (humanCheck, navigate = (url) => window.location.assign(url)) => {
    const { sending, answers } = store.get();
    if (sending) return null;
    store.setKey('sending', true);
    const submission = `lead:${def.kind}`;
    try {
      const redirect = await createLead(
        def.kind,
        { ...answers, humanCheck, website: '' },
        { key: submissionKey(submission, answers), onResend: () => store.setKey('resending', true) },
      );
      forgetSubmission(submission);
      store.clear();
      navigate(redirect);
      return null;
    } catch (error) {
      store.set({ ...store.get(), sending: false, resending: false });
      const errors = error instanceof ApiError ? error.errors : [];
      if (errors.length) {
        const serverErrors = Object.fromEntries(errors.map((e) => [e.field, e.message]));
        store.set({ ...store.get(), serverErrors, touched: [...new Set([...store.get().touched, ...Object.keys(serverErrors)])] });
        // Back to the first step with a problem.
        const first = def.steps.findIndex((s) =>
          s.fields.some((f) => Object.keys(serverErrors).some((path) => path === f.name || path.startsWith(`${f.name}.`))),
        );
        if (first >= 0) store.goTo(first);
      }
      // A check is spent only with a stored request: an unsent one keeps its check for the next try.
      return { message: messageOf(error), checkRefused: errors.some((e) => e.field === 'humanCheck') };
    }
  };
  store.restore = () => {
    const saved = restore(def);
    if (saved) store.set({ ...store.get(), answers: { ...preset, ...saved.answers }, step: saved.step });
  };
  return store;
}
