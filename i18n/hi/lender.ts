import type { Translation } from '../core';
import type { lenderText } from '../en/lender';

export const lender: Translation<typeof lenderText> = {
  who: 'लोन कौन देता है',
  loansBy: 'लोन देने वाले: {name}',
  rbiNo: 'RBI रजिस्ट्रेशन नंबर {no}',
  officer: 'शिकायत अधिकारी',
  bank: 'बैंक अकाउंट',
  bankPick: 'बैंक अकाउंट चुनें',
  bankNone: 'अभी कोई बैंक अकाउंट नहीं है: वह अकाउंट जोड़ें जिसमें पैसा आना है।',
  bankAdd: 'बैंक अकाउंट जोड़ें',
};
