/**
 * The no-upload variant of the KYC chart (`ready.variant.otp`): the Aadhaar number verified by OTP.
 * Written apart so the chart reads in two parts; kyc.machine.ts composes it back with its own setup,
 * so the machine's id, states and implementations are those of one chart.
 */
import { assign } from 'xstate';
import { say, saidOf } from '../../i18n/core';
import type { KycKey } from '../../i18n/en/kyc';
import { digitsOnly } from '../shared/phone';
import type { KycContext, KycSetup } from './kyc.machine';
import { AADHAAR_OTP_DIGITS, draftOf, sendOtpRefusal, verifyProblem } from './kyc.rules';

/** Every edit is written to the draft, so a reload resumes it. */
export const persist = { type: 'persistDraft', params: ({ context }: { context: KycContext }) => draftOf(context) } as const;

/** The OTP variant's state config, built with the machine's own setup. */
export function otpVariant(kyc: KycSetup) {
  /**
   * Sending the Aadhaar OTP, for Verify and for Resend alike: the answer is read the same way; only
   * where each outcome leads and where a refusal is shown differ.
   */
  const sendingOtp = (
    description: string,
    tags: string[],
    to: { sent: string; refused: string; refusal: 'refuseAtField' | 'refuseInDialog' },
  ) =>
    kyc.createStateConfig({
      description,
      tags,
      invoke: {
        id: 'sendAadhaarOtp',
        src: 'sendAadhaarOtp',
        input: ({ context }) => ({ aadhaar: context.idNo }),
        onDone: [
          { guard: 'otpSent', target: to.sent, description: 'state 0: sent; the 60 s resend countdown starts.', actions: ['noteOtpSent', persist] },
          { guard: 'alreadyVerified', target: '#kyc.ready.variant.otp.verified', description: 'state 1: already verified.' },
          {
            target: to.refused,
            description: "Refused: the verifier's message.",
            actions: { type: to.refusal, params: ({ event }) => ({ message: sendOtpRefusal(event.output) }) },
          },
        ],
        onError: {
          target: to.refused,
          description: "Not sent: the server's msg.",
          actions: { type: to.refusal, params: ({ event }) => ({ message: saidOf<KycKey>(event.error, 'sendFailed') }) },
        },
      },
    });

  return kyc.createStateConfig({
      description: 'No-upload variant: the Aadhaar number verified by OTP.',
      tags: ['otp'],
      initial: 'unverified',
      states: {
        unverified: {
          description: 'The Aadhaar number (at most 12 digits) can be edited; Verify sends an OTP.',
          always: {
            guard: 'numberVerified',
            target: 'verified',
            description: 'The number is the one verified before (a reload, or typed again): verified, no OTP needed.',
          },
          on: {
            'otp.requested': [
              {
                guard: 'hasVerifyProblem',
                description: "Empty: 'Please Input IDcard No.'; else the Aadhaar check (length, first digit, Verhoeff).",
                actions: assign({ fieldError: ({ context }) => ({ field: 'idNo' as const, message: verifyProblem(context.idNo)! }) }),
              },
              {
                guard: 'otpStillPending',
                target: 'dialog',
                description: 'An OTP for this number was sent less than 60 s ago: reopen the dialog without sending another.',
                actions: assign({ fieldError: null }),
              },
              { target: 'sending', actions: assign({ fieldError: null }) },
            ],
          },
        },
        sending: sendingOtp('POST /auth/v2/aadhaar/send-otp. Verify is busy; a second tap is ignored.', ['sending', 'aadhaarReadOnly'], {
          sent: 'dialog',
          refused: 'unverified',
          refusal: 'refuseAtField',
        }),
        dialog: {
          description: 'The OTP dialog: 6 digits, Verify, and Resend after the countdown. It opens empty.',
          type: 'parallel',
          tags: ['dialog', 'aadhaarReadOnly'],
          entry: assign({ otp: '', otpError: null }),
          on: {
            'otp.dismissed': {
              guard: 'otpNotVerifying',
              target: 'unverified',
              description: 'Closed: back to the field (the OTP already sent stays valid for a reopen). Not while Verify is running: its answer is awaited.',
            },
          },
          states: {
            code: {
              description: 'The OTP typed in the dialog and its verification.',
              initial: 'editing',
              states: {
                editing: {
                  description: 'The borrower types the 6-digit OTP; Verify OTP checks it is complete.',
                  tags: ['otpEditing'],
                  on: {
                    'otp.changed': {
                      description: 'Digits only, at most 6.',
                      actions: assign({ otp: ({ event }) => digitsOnly(event.value, AADHAAR_OTP_DIGITS), otpError: null }),
                    },
                    'otp.submitted': [
                      { guard: 'otpIncomplete', description: 'Fewer than 6 digits: say so.', actions: assign({ otpError: say<KycKey>('otpIncomplete', { digits: AADHAAR_OTP_DIGITS }) }) },
                      { target: 'verifying', actions: assign({ otpError: null }) },
                    ],
                  },
                },
                verifying: {
                  description: 'POST /auth/aadhaar/verify {aadhaar, otp}. Verify is busy.',
                  tags: ['verifying'],
                  invoke: {
                    id: 'verifyAadhaarOtp',
                    src: 'verifyAadhaarOtp',
                    input: ({ context }) => ({ aadhaar: context.idNo, otp: context.otp }),
                    onDone: { target: '#kyc.ready.variant.otp.verified' },
                    onError: {
                      target: 'editing',
                      description: "Wrong or expired: the server's msg in the dialog; the OTP is cleared.",
                      actions: assign({ otp: '', otpError: ({ event }) => saidOf<KycKey>(event.error, 'verifyFailed') }),
                    },
                  },
                },
              },
            },
            resend: {
              description: 'Sending another OTP: a 60 s countdown, then Resend OTP.',
              // The dialog opens only right after a send or while an earlier one is under 60 s old.
              initial: 'cooldown',
              states: {
                cooldown: {
                  description: "'Resend in Ns' until the deadline.",
                  tags: ['cooldown'],
                  after: { resendCooldown: { target: 'ready', description: 'The 60 s have passed: Resend is available.' } },
                },
                ready: {
                  description: 'Resend is available.',
                  tags: ['canResend'],
                  on: { 'otp.resent': 'resending' },
                },
                resending: sendingOtp('POST /auth/v2/aadhaar/send-otp again.', ['resending'], {
                  sent: 'cooldown',
                  refused: 'ready',
                  refusal: 'refuseInDialog',
                }),
              },
            },
          },
        },
        verified: {
          description: "Verified: the number is read-only, shown as 'XXXX XXXX 1234', and the link reads Verified.",
          tags: ['verified', 'aadhaarReadOnly'],
          entry: [assign(({ context }) => ({ verifiedAadhaar: context.idNo, otp: '', otpError: null, fieldError: null })), persist],
        },
      },
  });
}
