/**
 * Sign-in with a phone number and a one-time code sent by SMS (spec §5 Login).
 * It asks for the code, keeps the resend cooldown and logs in; once signed in it starts the session
 * and goes to the checked redirect target. It makes no call and stores nothing itself: the calls,
 * the draft and the session are provided at the edge. The agreement's dialog is view state, not
 * modelled: opening it changes nothing the flow depends on, and a region for it would double every
 * generated path. Constants, messages and rules are in login.rules.ts.
 */
import { assign, fromPromise, not, setup } from 'xstate';
import type { LoginResponse } from '../../contract/auth';
import { notProvided } from '../shared/actors';
import { say, saidOf, type Said } from '../../i18n/core';
import type { LoginKey } from '../../i18n/en/login';
import { navigate } from '../shared/navigation';
import { safeRedirect } from '../shared/paths';
import { digitsOnly, mobileOf, phoneText } from '../shared/phone';
import { cooldownRunning, draftOf, LOGIN_CODE_DIGITS, loginAllowed, loginPhone, RESEND_COOLDOWN_MS, type LoginDraft } from './login.rules';
import { machineSentences } from '../shared/sentences';

export interface LoginInput {
  /** What was typed before a reload (the edge reads it from 'bw.draft.login'), or null. */
  draft?: LoginDraft | null;
  /** `?redirect=` as given: where to go after sign-in when it is a page of this app, else '/'. */
  redirect?: string | null;
  /** The clock (epoch ms). Defaults to Date.now; tests pass a simulated one. */
  now?: () => number;
}

export interface LoginContext extends LoginDraft {
  /** The 4-digit code as typed (digits only). */
  code: string;
  /** The login error area: a validation message (by key) or the server's msg for a failed send. */
  error: Said<LoginKey> | null;
  /** Where the borrower goes after sign-in: the checked `?redirect=` (safeRedirect). */
  redirectTo: string;
  now: () => number;
}

export type LoginEvent =
  | { type: 'phone.changed'; value: string }
  | { type: 'code.changed'; value: string }
  | { type: 'agreement.toggled' }
  | { type: 'code.requested' }
  | { type: 'login.submitted' };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    /** GET /sms/v1/sendCode?phone=91{phone10}. */
    sendCode: fromPromise<void, { phone10: string }>(notProvided('sendCode')),
    /** POST /user/v1/login {phone: 91{phone}, code}. */
    login: fromPromise<Pick<LoginResponse, 'token'>, { phone10: string; code: string }>(notProvided('login')),
  },
  actions: {
    navigate,
    /** Login failures are shown in a toast (spec §8). */
    showToast: (_, _params: { message: Said<LoginKey> }) => {},
    /** Keep phone, tick and resend deadline so a reload restores them. */
    persistDraft: (_, _params: LoginDraft) => {},
    /** Store token and phone: the borrower is signed in (session.signIn). */
    startSession: (_, _params: { token: string; phone: string }) => {},
  },
  guards: {
    /** The context keeps a draft's deadline only while it is ahead (see `context`). */
    cooldownPending: ({ context }) => context.resendDeadline !== null,
    agreementMissing: ({ context }) => !context.agreed,
    phoneInvalid: ({ context }) => mobileOf(context.phone) === null,
    loginAllowed: ({ context }) => loginAllowed(context),
  },
  delays: {
    /**
     * What is left of the 60 s after the code was sent: computed from the deadline, so it survives a reload.
     * @duration what is left of 60 s
     */
    resendCooldown: ({ context }) => Math.max(0, (context.resendDeadline ?? 0) - context.now()),
  },
}).createMachine({
  id: 'login',
  description: 'Sign in with a +91 mobile number and a 4-digit code sent by SMS.',
  context: ({ input }) => {
    const now = input.now ?? Date.now;
    const deadline = input.draft?.resendDeadline ?? null;
    return {
      phone: phoneText(input.draft?.phone ?? ''),
      agreed: input.draft?.agreed ?? false,
      // An old draft's deadline that has passed is forgotten: a deadline is set only while the cooldown runs.
      resendDeadline: cooldownRunning(deadline, now()) ? deadline : null,
      code: '',
      error: null,
      redirectTo: safeRedirect(input.redirect),
      now,
    };
  },
  initial: 'form',
  states: {
    form: {
      description: 'The borrower fills in the phone, asks for a code, types it and ticks the agreement.',
      type: 'parallel',
      states: {
        codeRequest: {
          description: 'Asking the server to send a code by SMS, and the resend cooldown.',
          initial: 'resuming',
          states: {
            resuming: {
              description: 'On arrival (or a reload): is a resend cooldown from before still running?',
              always: [
                { guard: 'cooldownPending', target: 'cooldown', description: 'The stored deadline is still ahead: resume the countdown.' },
                { target: 'idle' },
              ],
            },
            idle: {
              description: 'Send code is available. It needs the agreement ticked and a valid 10-digit mobile number.',
              on: {
                'code.requested': [
                  {
                    guard: 'agreementMissing',
                    description: "Not ticked: 'Please agree with Loan Guarantee Argreement.'",
                    actions: assign({ error: say<LoginKey>('agreementRequired') }),
                  },
                  {
                    guard: 'phoneInvalid',
                    description: 'Not (yet) one 10-digit number starting 6–9: say so in the login error area.',
                    actions: assign({ error: say<LoginKey>('invalidPhone') }),
                  },
                  { target: 'sending', actions: assign({ error: null }) },
                ],
              },
            },
            sending: {
              description: 'GET /sms/v1/sendCode?phone=91{phone}. Send code is busy; a second tap is ignored.',
              tags: ['sending'],
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => ({ phone10: loginPhone(context) }),
                onDone: {
                  target: 'cooldown',
                  description: 'Sent: the 60 s resend countdown starts (kept as a deadline).',
                  actions: [
                    assign({ resendDeadline: ({ context }) => context.now() + RESEND_COOLDOWN_MS }),
                    { type: 'persistDraft', params: ({ context }) => draftOf(context) },
                  ],
                },
                onError: {
                  target: 'idle',
                  description: "Not sent: the server's msg in the login error area.",
                  actions: assign({ error: ({ event }) => saidOf<LoginKey>(event.error, 'sendFailed') }),
                },
              },
            },
            cooldown: {
              description: "The code was sent: 'Resend in Ns' until the deadline; Send code is disabled.",
              tags: ['cooldown'],
              after: {
                resendCooldown: {
                  target: 'idle',
                  description: 'The deadline has passed: Send code is available again.',
                  actions: [assign({ resendDeadline: null }), { type: 'persistDraft', params: ({ context }) => draftOf(context) }],
                },
              },
            },
          },
        },
        submission: {
          description: 'Logging in with the phone and the code.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The borrower edits the phone, the code and the tick.',
              initial: 'incomplete',
              on: {
                'phone.changed': {
                  description: 'Kept as typed (phoneText): digits and the + of +91; 10 digits at most after a +91, 91 or 0; a whole prefixed mobile becomes its 10 digits.',
                  actions: [
                    assign({ phone: ({ event }) => phoneText(event.value), error: null }),
                    { type: 'persistDraft', params: ({ context }) => draftOf(context) },
                  ],
                },
                'code.changed': {
                  description: 'Digits only, at most 4. The code is never stored.',
                  actions: assign({ code: ({ event }) => digitsOnly(event.value, LOGIN_CODE_DIGITS) }),
                },
                'agreement.toggled': {
                  actions: [
                    assign({ agreed: ({ context }) => !context.agreed, error: null }),
                    { type: 'persistDraft', params: ({ context }) => draftOf(context) },
                  ],
                },
              },
              states: {
                incomplete: {
                  description: 'Log in is disabled: it needs a whole 10-digit mobile number, 4 code digits and the tick.',
                  always: { guard: 'loginAllowed', target: 'ready' },
                },
                ready: {
                  description: 'Log in is active.',
                  tags: ['canLogin'],
                  always: { guard: not('loginAllowed'), target: 'incomplete' },
                  on: { 'login.submitted': '#login.form.submission.loggingIn' },
                },
              },
            },
            loggingIn: {
              description: 'POST /user/v1/login. The form is read-only and Log in is busy; a second tap is ignored.',
              tags: ['loggingIn'],
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ context }) => ({ phone10: loginPhone(context), code: context.code }),
                onDone: {
                  target: '#login.signedIn',
                  description: 'Signed in: store the session, then replace /login with the redirect target.',
                  actions: [
                    { type: 'startSession', params: ({ context, event }) => ({ token: event.output.token, phone: loginPhone(context) }) },
                    { type: 'navigate', params: ({ context }) => ({ to: context.redirectTo, replace: true }) },
                  ],
                },
                onError: {
                  target: 'editing',
                  description: "Not signed in: the server's msg in a toast; the borrower can correct the code.",
                  actions: { type: 'showToast', params: ({ event }) => ({ message: saidOf<LoginKey>(event.error, 'loginFailed') }) },
                },
              },
            },
          },
        },
      },
    },
    signedIn: {
      description: 'Signed in: the session is stored and /login was replaced by the redirect target (or /).',
      type: 'final',
    },
  },
});

export const loginSentences = machineSentences<LoginEvent>({
  events: {
    'phone.changed': 'The borrower types the phone',
    'code.changed': 'The borrower types the code',
    'agreement.toggled': 'The borrower ticks or unticks the Loan Guarantee Agreement',
    'code.requested': 'The borrower taps Send code',
    'login.submitted': 'The borrower taps Log in',
  },
  guards: {
    cooldownPending: 'A resend countdown from before is still running',
    agreementMissing: 'The agreement is not ticked',
    phoneInvalid: 'The phone is not one whole 10-digit mobile number',
    loginAllowed: 'The phone and code are complete and the agreement is ticked',
  },
});
