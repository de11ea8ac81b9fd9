/**
 * What the machines cannot say about themselves: the journey each belongs to, for the atlas's index,
 * and the screens that render a machine from outside the route table. Everything else in the atlas
 * comes from the machines, their cases and the sources (atlas/build). tests/tools/atlas.test.ts
 * fails when a machine is missing here or a name here is no machine.
 */
import type { Journey, JourneyId, Screen } from './model';

export const JOURNEYS: readonly Journey[] = [
  { id: 'sign-in', title: 'Sign-in', blurb: 'A +91 mobile number and a one-time code; the signed-in devices, each with Sign out.' },
  { id: 'verification', title: 'Verification', blurb: 'Aadhaar, PAN, face, basic and work info, three emergency contacts.' },
  { id: 'application', title: 'Application', blurb: 'Home, the bank account, and a loan from precheck to apply.' },
  { id: 'orders', title: 'Orders', blurb: 'Following, confirming and repaying a loan.' },
  { id: 'extension', title: 'Extension', blurb: 'Paying a fee for seven more days.' },
  { id: 'scheduling', title: 'Scheduling', blurb: 'Applications that go out when the borrower may apply again.' },
  { id: 'shell', title: 'Native shell and open pages', blurb: 'What the app does inside the native shell, its token links, feedback and complaints.' },
  { id: 'shared', title: 'Building blocks', blurb: 'Machines several screens use.' },
];

/** Every machine of machines/**, by its report name (scripts/flows.ts reportNames). */
export const MACHINE_JOURNEY: Readonly<Record<string, JourneyId>> = {
  login: 'sign-in',
  sessions: 'sign-in',
  privacy: 'sign-in',
  verification: 'verification',
  kyc: 'verification',
  face: 'verification',
  upload: 'verification',
  'auth-form': 'verification',
  contacts: 'verification',
  home: 'application',
  application: 'application',
  'bank-add': 'application',
  ifsc: 'application',
  orders: 'orders',
  order: 'orders',
  receipt: 'orders',
  documents: 'orders',
  closure: 'orders',
  extension: 'extension',
  'schedule-list': 'scheduling',
  'schedule-apply': 'scheduling',
  'scheduled-order': 'scheduling',
  joint: 'shell',
  rate: 'shell',
  'rating-audit': 'shell',
  feedback: 'shell',
  complaints: 'shell',
  resource: 'shared',
};

/**
 * Screens found outside the route table's module graphs: the app shell (src/app/Shell.tsx) renders
 * the feedback button, and so the feedback machine, on home and account only.
 */
export const SHELL_SCREENS: Readonly<Record<string, readonly Screen[]>> = {
  feedback: [
    { path: '/', title: 'Home' },
    { path: '/personal', title: 'Account' },
  ],
};
