/**
 * Sign-in with a phone number and a one-time code (spec §5 Login, §4 'Verification and sign-in',
 * §8, §9).
 *
 * Two things happen side by side while the borrower fills the form (a parallel state):
 * - `codeRequest`: asking the server to send a code, then a 60 s resend cooldown. The cooldown is
 *   a deadline (epoch ms), not a counter, so a reloaded page resumes it with the right remaining
 *   time: the edge stores the deadline with the draft and passes it back as input.
 * - `submission`: the form is incomplete or ready; logging in; back to editing on a failure.
 *
 * Pure: effects are placeholders provided at the edge (src/flows/login/LoginRoute.tsx) with
 * `loginMachine.provide({ actors, actions })`; tests provide fakes the same way.
 *
 * The agreement dialog (the text of the Loan Guarantee Agreement) is view state, not modelled here:
 * opening it changes nothing the flow depends on (no request, no rule, nothing to remember across a
 * reload), and a parallel `dialog` region would double every state of the generated test paths.
 */
import { assign, fromPromise, not, setup } from 'xstate';
import { notProvided } from '../shared/actors';
import { messageOf } from '../shared/errors';
import { digitsOnly, isValidMobile, LOGIN_CODE_DIGITS, normalizePhone, PHONE_DIGITS } from '../shared/phone';

/** Spec §4, §9: "a 60 s resend countdown runs after the code is sent". */
export const RESEND_COOLDOWN_MS = 60_000;

/** Texts shown in the login error area (spec §5; the first is verbatim, typo included). */
export const LOGIN_MESSAGES = {
  agreementRequired: 'Please agree with Loan Guarantee Argreement.',
  invalidPhone: 'Please enter a valid 10-digit mobile number.',
  sendFailed: 'Could not send the code. Please try again.',
  loginFailed: 'Could not log you in. Please try again.',
} as const;

/** What survives a reload (the edge keeps it under 'bw.draft.login'); the code never does. */
export interface LoginDraft {
  phone: string;
  agreed: boolean;
  /** When Send code becomes available again (epoch ms), or null when there is no cooldown. */
  resendDeadline: number | null;
}

export interface LoginInput extends Partial<LoginDraft> {
  /** The clock (epoch ms). Defaults to Date.now; tests pass a simulated one. */
  now?: () => number;
}

export interface LoginContext extends LoginDraft {
  /** The 4-digit code as typed (digits only). */
  code: string;
  /** The login error area: a validation message or the server's msg for a failed send. */
  error: string | null;
  now: () => number;
}

export type LoginEvent =
  | { type: 'phone.changed'; value: string }
  | { type: 'code.changed'; value: string }
  | { type: 'agreement.toggled' }
  | { type: 'code.requested' }
  | { type: 'login.submitted' };

export interface SendCodeInput {
  phone10: string;
}
export interface LoginRequest {
  phone10: string;
  code: string;
}
export interface LoginResult {
  token: string;
}

const draftOf = (context: LoginDraft): LoginDraft => ({
  phone: context.phone,
  agreed: context.agreed,
  resendDeadline: context.resendDeadline,
});

/** Spec §5: the login button is active only with 10 phone digits, 4 code digits and the tick. */
export function loginAllowed(context: Pick<LoginContext, 'phone' | 'code' | 'agreed'>): boolean {
  return context.phone.length === PHONE_DIGITS && context.code.length === LOGIN_CODE_DIGITS && context.agreed;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    /** GET /sms/v1/sendCode?phone=91{phone}. */
    sendCode: fromPromise<void, SendCodeInput>(notProvided('sendCode')),
    /** POST /user/v1/login {phone, code}. */
    login: fromPromise<LoginResult, LoginRequest>(notProvided('login')),
  },
  actions: {
    /** Login failures are shown in a toast (spec §8). */
    showToast: (_, _params: { message: string }) => {},
    /** Keep phone, tick and resend deadline so a reload restores them. */
    persistDraft: (_, _params: LoginDraft) => {},
    /** Store token and phone (session.signIn) and leave for the redirect target. */
    signedIn: (_, _params: { token: string; phone: string }) => {},
  },
  guards: {
    cooldownPending: ({ context }) => context.resendDeadline !== null && context.resendDeadline > context.now(),
    agreementMissing: ({ context }) => !context.agreed,
    phoneInvalid: ({ context }) => !isValidMobile(context.phone),
    loginAllowed: ({ context }) => loginAllowed(context),
  },
  delays: {
    /** What is left of the 60 s after the code was sent: computed from the deadline, so it survives a reload. */
    resendCooldown: ({ context }) => Math.max(0, (context.resendDeadline ?? 0) - context.now()),
  },
}).createMachine({
  id: 'login',
  description: 'Sign in with a +91 mobile number and a 4-digit code sent by SMS.',
  context: ({ input }) => ({
    phone: normalizePhone(input.phone ?? ''),
    agreed: input.agreed ?? false,
    resendDeadline: input.resendDeadline ?? null,
    code: '',
    error: null,
    now: input.now ?? Date.now,
  }),
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
                    actions: assign({ error: LOGIN_MESSAGES.agreementRequired }),
                  },
                  {
                    guard: 'phoneInvalid',
                    description: 'Not 10 digits starting 6–9: say so in the login error area.',
                    actions: assign({ error: LOGIN_MESSAGES.invalidPhone }),
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
                input: ({ context }) => ({ phone10: context.phone }),
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
                  actions: assign({ error: ({ event }) => messageOf(event.error, LOGIN_MESSAGES.sendFailed) }),
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
                  description: 'Digits only, at most 10 (a pasted +91 number keeps its last 10).',
                  actions: [
                    assign({ phone: ({ event }) => normalizePhone(event.value), error: null }),
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
                  description: 'Log in is disabled: it needs 10 phone digits, 4 code digits and the tick.',
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
                input: ({ context }) => ({ phone10: context.phone, code: context.code }),
                onDone: {
                  target: '#login.signedIn',
                  actions: { type: 'signedIn', params: ({ context, event }) => ({ token: event.output.token, phone: context.phone }) },
                },
                onError: {
                  target: 'editing',
                  description: "Not signed in: the server's msg in a toast; the borrower can correct the code.",
                  actions: { type: 'showToast', params: ({ event }) => ({ message: messageOf(event.error, LOGIN_MESSAGES.loginFailed) }) },
                },
              },
            },
          },
        },
      },
    },
    signedIn: {
      description: 'Signed in: token and phone are stored and the app goes to the redirect target (or /).',
      type: 'final',
    },
  },
});

export { remainingSeconds } from '../shared/countdown';
