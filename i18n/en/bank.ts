/** The bank screens (spec §2 'Bank screens', §5 'Bank add'): the list, "Add bank account" and the IFSC finder. */
import { catalogue } from '../core';

export const bankText = catalogue('bank', {
  // The list (/bank).
  listTitle: 'Bank accounts',
  listLoading: 'Loading your bank accounts…',
  listEmpty: 'No bank account yet. Add the account the loan should be paid into.',
  listChoose: 'Choose the account the loan should be paid into.',
  listYours: 'Your bank accounts.',
  accountEnding: 'Account ending {digits}',
  cardIfsc: 'IFSC {code}',
  add: 'Add bank account',
  // "Add bank account" (/bank/add); the first four are spec §5, verbatim.
  ifscMissing: 'Please input Ifsc Code',
  accountMissing: 'Please input Bank Account',
  confirmMissing: 'Please input Confirm Account',
  confirmDiffers: 'Please Confirm Account',
  ifscMalformed: 'An IFSC code has 11 characters: 4 letters, then 0, then 6 letters or digits (e.g. SBIN0001234).',
  submitFailed: 'Could not add the bank account. Please try again.',
  addIntro: 'The loan is paid into this account. It must be in your name.',
  ifscLabel: 'IFSC code',
  ifscHint: '11 characters, e.g. SBIN0001234',
  findIfsc: 'Find IFSC',
  accountLabel: 'Bank account number',
  accountHint: 'Digits only',
  confirmLabel: 'Confirm account number',
  save: 'Save',
  // The IFSC finder (/bank/ifsc).
  ifscTitle: 'Find your IFSC',
  trailBank: 'Bank',
  trailState: 'State',
  trailCity: 'City',
  bankHeading: 'Choose your bank',
  bankSearch: 'Search banks',
  bankEmpty: 'No banks are listed.',
  stateHeading: 'Choose the state of your branch',
  stateSearch: 'Search states',
  stateEmpty: 'No states are listed for this bank.',
  stateBack: 'Change bank',
  cityHeading: 'Choose the city of your branch',
  citySearch: 'Search cities',
  cityEmpty: 'No cities are listed for this state.',
  cityBack: 'Change state',
  branchHeading: 'Choose your branch',
  branchSearch: 'Search branches or IFSC',
  branchEmpty: 'No branches are listed for this city.',
  branchBack: 'Change city',
  shown: '{shown} of {total} shown',
  noMatch: 'Nothing matches “{query}”.',
  listFailed: 'Could not load the list. Please try again.',
});

export type BankKey = keyof typeof bankText.en;
