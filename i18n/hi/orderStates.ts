import type { Translation } from '../core';
import type { orderStatesText } from '../en/orderStates';

export const orderStates: Translation<typeof orderStatesText> = {
  auditing: 'जाँच में',
  pass: 'मंज़ूर',
  denied: 'अस्वीकृत',
  lending: 'ट्रांसफ़र जारी',
  failed: 'विफल',
  loaned: 'लोन चालू',
  settled: 'चुकाया गया',
  overdued: 'ओवरड्यू',
  extension: 'एक्सटेंशन',
  other: 'स्थिति {state}',
};
